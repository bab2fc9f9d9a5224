import type { Cube } from '../model/cube.types.js';
import { locateField, modelErrorAt } from '../model/locate-field.js';
import type { ModelError } from '../model/model-error.types.js';
import type { SourceLocation, SourceMap } from '../model/source-location.types.js';
import type { View } from '../model/view.types.js';

/** What the cross-file checks share: the source map for locating fields, and the error list. */
export class ValidationContext {
  readonly errors: ModelError[] = [];

  constructor(
    readonly sourceMap: SourceMap,
    private readonly rejectedNames: ReadonlySet<string>,
  ) {}

  /** Whether a name belongs to a node left out for errors already reported: not worth a second error. */
  isRejected(name: string): boolean {
    return this.rejectedNames.has(name);
  }

  /** Reports at a node, or at one of its fields when `relativePath` is given (`join_path`, `includes[2]`). */
  report(location: SourceLocation, message: string, relativePath = ''): void {
    this.errors.push(modelErrorAt(locateField(this.sourceMap, location, relativePath), message));
  }
}

/** Whether a node was written inside this cube or view, rather than inherited through `extends`. */
export function isDeclaredIn(node: { readonly location: SourceLocation }, owner: Cube | View): boolean {
  return (
    node.location.fileName === owner.location.fileName &&
    node.location.path.startsWith(`${owner.location.path}.`)
  );
}

export function describeNode(node: Cube | View): string {
  return `${node.kind} \`${node.name}\``;
}
