import type { Cube } from './cube.types.js';
import type { SourceMap } from './source-location.types.js';
import type { View } from './view.types.js';

/** The parsed data model: every cube and view of every file, in file order. */
export interface DataModel {
  readonly cubes: readonly Cube[];
  readonly views: readonly View[];
  readonly sourceMap: SourceMap;
  /**
   * Cubes and views (`orders`) and members (`orders.total`) written with a name but left out of the model
   * for errors already reported; checks of other nodes do not report references to them as unknown.
   */
  readonly rejectedNames: ReadonlySet<string>;
}
