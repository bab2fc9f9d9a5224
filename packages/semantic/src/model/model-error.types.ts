/** One problem in the data model, located as precisely as the stage that found it can. */
export interface ModelError {
  readonly message: string;
  readonly fileName: string;
  /** 1-based. */
  readonly line?: number;
  /** 1-based. */
  readonly column?: number;
  /** Path of the offending value inside its file, such as `cubes[0].measures[2].type`. */
  readonly path?: string;
}
