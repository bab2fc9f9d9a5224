import { isMap, isNode, isScalar, isSeq, type YAMLMap, type Node as YamlNode } from 'yaml';
import type { JsonObject, JsonValue } from '../model/json-value.types.js';
import type { SourceLocation, SourcePosition } from '../model/source-location.types.js';
import type { FileParseContext } from './file-parse-context.js';
import { suggestName, toCamelCase, toSnakeCase } from './suggest-name.js';
import { mapEntries } from './yaml-map-entries.js';

const identifierPattern = /^[A-Za-z_][A-Za-z0-9_]*$/;
const maximumDepth = 64;

export interface ChoiceOptions<Choice extends string> {
  readonly aliases?: Readonly<Record<string, Choice>>;
  /** Also accept the other spelling of a value (`countDistinct` for `count_distinct`), as Cube does. */
  readonly caseStyle?: 'snake' | 'camel';
}

/**
 * One value of a model file with its path and position. Every typed read reports a located error on a
 * mismatch and answers `undefined`, so parsers keep going and all errors of a file come out together.
 */
export class YamlCursor {
  private constructor(
    readonly context: FileParseContext,
    readonly node: YamlNode | null,
    readonly path: string,
    /** How errors name this value: `type`, `includes[2]`. */
    readonly label: string,
    /** How errors name the node holding this value: "measure `orders.count`". */
    readonly owner: string | undefined,
    readonly position: SourcePosition,
    /** Nesting level: bounds recursion when an alias refers to one of its own parents. */
    readonly depth = 0,
  ) {}

  static root(context: FileParseContext, node: unknown): YamlCursor {
    const resolved = context.resolve(node);
    const position = context.positionAt(resolved?.range?.[0] ?? 0);
    return new YamlCursor(context, resolved, '', 'the file', undefined, position);
  }

  /** A cursor on a value under a key or in a list; its position joins the source map. */
  static child(
    parent: YamlCursor,
    node: unknown,
    path: string,
    label: string,
    owner: string | undefined,
    fallback: SourcePosition,
  ): YamlCursor {
    const start = isNode(node) ? node.range?.[0] : undefined;
    const position = start === undefined ? fallback : parent.context.positionAt(start);
    parent.context.record(path, position);
    const depth = parent.depth + 1;
    if (depth > maximumDepth) {
      parent.report(`${parent.subject} is nested too deeply; an alias may refer to one of its own parents`);
      return new YamlCursor(parent.context, null, path, label, owner, position, depth);
    }
    return new YamlCursor(parent.context, parent.context.resolve(node), path, label, owner, position, depth);
  }

  /** Stands for a key that was not written, located at the map that lacks it. */
  missingChild(key: string, owner: string): YamlCursor {
    return new YamlCursor(this.context, null, this.childPath(key), key, owner, this.position, this.depth + 1);
  }

  childPath(key: string): string {
    return this.path === '' ? key : `${this.path}.${key}`;
  }

  get location(): SourceLocation {
    return { fileName: this.context.fileName, path: this.path, ...this.position };
  }

  get isMissing(): boolean {
    return this.node === null || (isScalar(this.node) && this.node.value === null);
  }

  get subject(): string {
    return this.owner === undefined ? this.label : `\`${this.label}\` in ${this.owner}`;
  }

  report(message: string): void {
    this.context.report(this.location, message);
  }

  /** Reports that the value is not of the expected kind; answers `undefined` for the caller to return. */
  expected(description: string): undefined {
    this.report(`${this.subject} must be ${description}, got ${this.describeValue()}`);
    return undefined;
  }

  describeValue(): string {
    const node = this.node;
    if (isMap(node)) return 'a map';
    if (isSeq(node)) return 'a list';
    if (!isScalar(node) || node.value === null) return 'nothing';
    if (typeof node.value === 'string') return `the text \`${abbreviate(node.value)}\``;
    if (typeof node.value === 'boolean') return `\`${String(node.value)}\``;
    return `the number ${String(node.value)}`;
  }

  string(): string | undefined {
    if (this.isMissing) return undefined;
    const value = isScalar(this.node) ? this.node.value : undefined;
    return typeof value === 'string' ? value : this.expected('a string');
  }

  /** SQL expressions: text, or a bare number or boolean such as `sql: 1`. */
  sqlText(): string | undefined {
    if (this.isMissing) return undefined;
    const value = isScalar(this.node) ? this.node.value : undefined;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      return String(value);
    }
    return this.expected('an SQL expression (text)');
  }

  /** Text, a number or a boolean, as written. */
  scalar(): string | number | boolean | undefined {
    if (this.isMissing) return undefined;
    const value = isScalar(this.node) ? this.node.value : undefined;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
    return this.expected('text, a number or true/false');
  }

  boolean(): boolean | undefined {
    if (this.isMissing) return undefined;
    const value = isScalar(this.node) ? this.node.value : undefined;
    return typeof value === 'boolean' ? value : this.expected('true or false');
  }

  identifier(): string | undefined {
    const value = this.string();
    if (value === undefined || identifierPattern.test(value)) return value;
    this.report(
      `${this.subject} must be a name made of letters, digits and _ that does not start with a digit, got \`${value}\``,
    );
    return undefined;
  }

  choice<Choice extends string>(
    values: readonly Choice[],
    options: ChoiceOptions<Choice> = {},
  ): Choice | undefined {
    if (this.isMissing) return undefined;
    const value = isScalar(this.node) ? this.node.value : undefined;
    if (typeof value !== 'string') return this.expected(`one of ${values.join(', ')}`);
    const respelt =
      options.caseStyle === 'snake'
        ? toSnakeCase(value)
        : options.caseStyle === 'camel'
          ? toCamelCase(value)
          : value;
    const aliases = options.aliases ?? {};
    // hasOwn keeps values such as `constructor` from reading the prototype of the alias table.
    const found =
      values.find((candidate) => candidate === value || candidate === respelt) ??
      (Object.hasOwn(aliases, value) ? aliases[value] : undefined);
    if (found !== undefined) return found;
    const suggestion = suggestName(value, [...values, ...Object.keys(aliases)]);
    const hint = suggestion === undefined ? '' : `; did you mean \`${suggestion}\`?`;
    this.report(`${this.subject} must be one of ${values.join(', ')}; got \`${value}\`${hint}`);
    return undefined;
  }

  /** The items of a list, or `undefined` (reported) when the value is not a list. */
  items(): YamlCursor[] | undefined {
    if (this.isMissing) return undefined;
    if (!isSeq(this.node)) return this.expected('a list');
    return this.node.items.map((item, index) =>
      YamlCursor.child(
        this,
        item,
        `${this.path}[${index}]`,
        `${this.label}[${index}]`,
        this.owner,
        this.position,
      ),
    );
  }

  stringList(): string[] | undefined {
    return this.items()?.flatMap((item) => item.string() ?? []);
  }

  /** `"*"` (everything) or a list of names. */
  starOrStringList(): '*' | string[] | undefined {
    if (isScalar(this.node) && this.node.value === '*') return '*';
    if (isScalar(this.node) && !this.isMissing) return this.expected('"*" or a list of names');
    return this.stringList();
  }

  /** The value as plain data, for free-form fields such as `meta`. */
  json(): JsonValue | undefined {
    return this.node === null ? undefined : this.toJson(this.node, 0);
  }

  jsonObject(): JsonObject | undefined {
    if (this.isMissing) return undefined;
    return isMap(this.node) ? this.mapToJson(this.node, 0) : this.expected('a map');
  }

  private toJson(node: YamlNode | null, depth: number): JsonValue {
    if (depth > maximumDepth || node === null) return null;
    if (isScalar(node)) {
      const value = node.value;
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
      return value === null || value === undefined ? null : String(value);
    }
    if (isSeq(node)) return node.items.map((item) => this.toJson(this.context.resolve(item), depth + 1));
    return isMap(node) ? this.mapToJson(node, depth) : null;
  }

  private mapToJson(node: YAMLMap, depth: number): JsonObject {
    // fromEntries defines own properties, so a `__proto__` key in a file stays plain data.
    return Object.fromEntries(
      mapEntries(this.context, node).flatMap((entry) =>
        entry.key === undefined
          ? []
          : [[entry.key, this.toJson(this.context.resolve(entry.value), depth + 1)]],
      ),
    );
  }
}

/** Long values (SQL, descriptions) are cut so messages stay one readable line. */
function abbreviate(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 60 ? `${line.slice(0, 57)}...` : line;
}
