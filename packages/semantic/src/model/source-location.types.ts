/** A 1-based line and column inside a model file. */
export interface SourcePosition {
  readonly line: number;
  readonly column: number;
}

/** Where a model node was written: its file, position and path such as `cubes[0].measures[2]`. */
export interface SourceLocation extends SourcePosition {
  readonly fileName: string;
  readonly path: string;
}

/**
 * Positions of every key and list item read from the model files, by file name then path.
 * Later stages use it to point an error at a field (`sql`, `join_path`, `includes[3]`) of a node
 * without each node carrying the position of each of its fields.
 */
export type SourceMap = ReadonlyMap<string, ReadonlyMap<string, SourcePosition>>;
