import { type Alias, type Document, isAlias, isNode, type LineCounter, type Node as YamlNode } from 'yaml';
import type { ModelError } from '../model/model-error.types.js';
import type { SourceLocation, SourcePosition } from '../model/source-location.types.js';

/** What the parsers of one file share: where errors go and where every read value was written. */
const maximumAliasExpansions = 10_000;

export class FileParseContext {
  readonly positions = new Map<string, SourcePosition>();
  /** Names of nodes left out of the model for errors already reported (see `DataModel.rejectedNames`). */
  readonly rejectedNames = new Set<string>();
  /** Set once aliases expanded past the limit; later aliases then read as missing. */
  hasTooManyAliases = false;
  private aliasExpansions = 0;
  // Alias.resolve searches the whole document, so each alias's target is looked up once.
  private readonly aliasTargets = new Map<Alias, unknown>();

  constructor(
    readonly fileName: string,
    readonly document: Document.Parsed,
    private readonly lineCounter: LineCounter,
    private readonly errors: ModelError[],
  ) {}

  positionAt(offset: number): SourcePosition {
    const { line, col } = this.lineCounter.linePos(offset);
    // linePos answers line 0 before the first line break is counted; a model file starts at line 1.
    return { line: Math.max(line, 1), column: Math.max(col, 1) };
  }

  record(path: string, position: SourcePosition): void {
    if (!this.positions.has(path)) this.positions.set(path, position);
  }

  report(location: SourceLocation, message: string): void {
    this.errors.push({
      message,
      fileName: location.fileName,
      line: location.line,
      column: location.column,
      ...(location.path === '' ? {} : { path: location.path }),
    });
  }

  /**
   * Follows `*alias` references, so anchors work anywhere a value is expected. Expansions are counted:
   * aliases that refer to each other can otherwise multiply a small file into billions of values.
   */
  resolve(node: unknown): YamlNode | null {
    let current: unknown = node;
    for (let depth = 0; depth < 32 && isAlias(current); depth += 1) {
      this.aliasExpansions += 1;
      if (this.aliasExpansions > maximumAliasExpansions) {
        this.hasTooManyAliases = true;
        return null;
      }
      current = this.aliasTarget(current);
    }
    return isNode(current) && !isAlias(current) ? current : null;
  }

  private aliasTarget(alias: Alias): unknown {
    if (!this.aliasTargets.has(alias)) this.aliasTargets.set(alias, alias.resolve(this.document) ?? null);
    return this.aliasTargets.get(alias);
  }
}
