import type { AccessPolicy } from './access-policy.types.js';
import type { JsonObject } from './json-value.types.js';
import type { Describable, Dimension, Measure, Segment } from './member.types.js';
import type { SourceLocation } from './source-location.types.js';

export const joinRelationships = ['many_to_one', 'one_to_many', 'one_to_one'] as const;
export type JoinRelationship = (typeof joinRelationships)[number];

export interface Join {
  /** The joined cube's name. */
  readonly name: string;
  readonly relationship: JoinRelationship;
  readonly sql: string;
  readonly location: SourceLocation;
}

export interface Hierarchy {
  readonly name: string;
  readonly title?: string;
  readonly isPublic: boolean;
  /** Dimension names from the coarsest level to the finest. */
  readonly levels: readonly string[];
  readonly location: SourceLocation;
}

/** A folder groups members for display; folders nest. */
export interface Folder {
  readonly name: string;
  readonly includes: '*' | readonly (string | Folder)[];
  readonly location: SourceLocation;
}

/** Accepted and kept as written; the engine does not build pre-aggregations. */
export interface PreAggregation {
  readonly name: string;
  readonly type?: string;
  readonly definition: JsonObject;
  readonly location: SourceLocation;
}

export interface RefreshKey {
  readonly every?: string;
  readonly sql?: string;
  readonly timezone?: string;
  readonly isImmutable?: boolean;
}

export interface Cube extends Describable {
  readonly kind: 'cube';
  readonly name: string;
  /** Exactly one of `sqlTable` and `sql` once `extends` is applied. */
  readonly sqlTable?: string;
  readonly sql?: string;
  readonly extends?: string;
  readonly dataSource?: string;
  readonly refreshKey?: RefreshKey;
  readonly sqlAlias?: string;
  readonly measures: readonly Measure[];
  readonly dimensions: readonly Dimension[];
  readonly segments: readonly Segment[];
  readonly joins: readonly Join[];
  readonly preAggregations: readonly PreAggregation[];
  readonly hierarchies: readonly Hierarchy[];
  readonly folders: readonly Folder[];
  readonly accessPolicies: readonly AccessPolicy[];
  /** YAML keys written in this cube's own definition: `extends` inherits only what the child left out. */
  readonly declaredKeys: readonly string[];
  readonly location: SourceLocation;
}
