import { isMap, isNode, isScalar } from 'yaml';
import { suggestName } from './suggest-name.js';
import { YamlCursor } from './yaml-cursor.js';
import { mapEntries } from './yaml-map-entries.js';

export interface MapShape {
  /** Allowed keys; `undefined` allows any key. */
  readonly keys?: readonly string[];
  /** Keys the Cube format knows but this platform does not implement: a clearer error than "unknown". */
  readonly unsupportedKeys?: readonly string[];
  /** The key whose value names the node in error messages; `name` unless told. */
  readonly nameKey?: string;
  /** How errors name the node, given the value of its name key when it is text. */
  readonly describe: (name: string | undefined) => string;
}

/** The fields of one YAML map, each a cursor; absent keys answer a cursor that reads as missing. */
export class MapReader {
  constructor(
    readonly cursor: YamlCursor,
    /** How errors name this node: "measure `orders.count`". */
    readonly owner: string,
    private readonly fields: ReadonlyMap<string, YamlCursor>,
    /** The text under the name key as written, valid or not. */
    readonly writtenName: string | undefined,
  ) {}

  field(key: string): YamlCursor {
    return this.fields.get(key) ?? this.cursor.missingChild(key, this.owner);
  }

  has(key: string): boolean {
    const field = this.fields.get(key);
    return field !== undefined && !field.isMissing;
  }

  /** The field, or `undefined` after reporting that the node lacks it. */
  required(key: string, reason = ''): YamlCursor | undefined {
    if (this.has(key)) return this.field(key);
    this.field(key).report(`${this.owner} is missing required key \`${key}\`${reason}`);
    return undefined;
  }

  /** Every written field, in file order. */
  entries(): [string, YamlCursor][] {
    return [...this.fields.entries()];
  }

  get declaredKeys(): string[] {
    return [...this.fields.keys()];
  }

  /**
   * Records that this node is left out of the model for errors already reported, so checks of other
   * nodes do not call it unknown as well. Answers `undefined` for the parser to return.
   */
  reject(parentName?: string): undefined {
    if (this.writtenName === undefined) return undefined;
    const name = parentName === undefined ? this.writtenName : `${parentName}.${this.writtenName}`;
    this.cursor.context.rejectedNames.add(name);
    return undefined;
  }

  /** Reports a problem with the node as a whole, at its first line. */
  report(message: string): void {
    this.cursor.report(message);
  }
}

export function readMap(cursor: YamlCursor, shape: MapShape): MapReader | undefined {
  if (cursor.isMissing) return undefined;
  if (!isMap(cursor.node)) return cursor.expected('a map');
  const entries = mapEntries(cursor.context, cursor.node);
  const nameEntry = entries.find((entry) => entry.key === (shape.nameKey ?? 'name'));
  const nameNode = cursor.context.resolve(nameEntry?.value);
  const name = isScalar(nameNode) && typeof nameNode.value === 'string' ? nameNode.value : undefined;
  const owner = shape.describe(name);
  const fields = new Map<string, YamlCursor>();
  for (const entry of entries) {
    const keyStart = isNode(entry.keyNode) ? entry.keyNode.range?.[0] : undefined;
    const keyPosition = keyStart === undefined ? cursor.position : cursor.context.positionAt(keyStart);
    const key = entry.key;
    if (key === undefined) {
      cursor.context.report({ ...cursor.location, ...keyPosition }, `keys in ${owner} must be plain names`);
      continue;
    }
    const path = cursor.childPath(key);
    if (shape.keys !== undefined && !shape.keys.includes(key)) {
      cursor.context.report(
        { fileName: cursor.context.fileName, path, ...keyPosition },
        unknownKeyMessage(key, owner, shape),
      );
      continue;
    }
    if (fields.has(key)) continue;
    fields.set(key, YamlCursor.child(cursor, entry.value, path, key, owner, keyPosition));
  }
  return new MapReader(cursor, owner, fields, name);
}

function unknownKeyMessage(key: string, owner: string, shape: MapShape): string {
  if (shape.unsupportedKeys?.includes(key)) {
    return `key \`${key}\` in ${owner} is part of the Cube format but is not supported by this platform`;
  }
  const suggestion = suggestName(key, shape.keys ?? []);
  const hint = suggestion === undefined ? '' : `; did you mean \`${suggestion}\`?`;
  return `unknown key \`${key}\` in ${owner}${hint}`;
}
