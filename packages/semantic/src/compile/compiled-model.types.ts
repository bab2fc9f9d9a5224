import type { AccessPolicy } from '../model/access-policy.types.js';
import type { Cube } from '../model/cube.types.js';
import type { DataModel } from '../model/data-model.types.js';
import type { JsonObject } from '../model/json-value.types.js';
import type { Member, MemberFormat } from '../model/member.types.js';
import type { View } from '../model/view.types.js';

/** A member as callers name it: `orders.total` on a cube, `sales.total` on a view that includes it. */
export interface ResolvedMember {
  /** `<source>.<name>`. */
  readonly path: string;
  /** The name inside its source (after a view's alias and prefix). */
  readonly name: string;
  readonly sourceName: string;
  readonly sourceKind: 'cube' | 'view';
  /** The cube's own definition; a view member points at the member of the cube it includes. */
  readonly definition: Member;
  /** The cube that defines the member. */
  readonly cubeName: string;
  /** Cube names from the source's root cube to `cubeName`; `[cubeName]` for a cube's own member. */
  readonly joinPath: readonly string[];
  /** `<source title> <member title>`, as semantic-layer clients show it. */
  readonly title: string;
  /** The member's own title. */
  readonly shortTitle: string;
  readonly description?: string;
  /** False when the member or its source is `public: false`. */
  readonly isPublic: boolean;
  readonly synonyms: readonly string[];
  readonly meta: JsonObject;
  readonly format?: MemberFormat;
}

/** A cube or a view: what a query's members are named after and what `meta` lists. */
export interface CompiledSource {
  readonly kind: 'cube' | 'view';
  readonly name: string;
  readonly title: string;
  readonly description?: string;
  readonly isPublic: boolean;
  readonly synonyms: readonly string[];
  readonly meta: JsonObject;
  readonly members: readonly ResolvedMember[];
  readonly accessPolicies: readonly AccessPolicy[];
  /** For a cube. */
  readonly cube?: Cube;
  /** For a view. */
  readonly view?: View;
}

/**
 * A validated model, indexed once per (deployment, branch, commit) and shared by every query on it.
 * Immutable: the planner, the SQL interface, access policies and metadata only read it.
 */
export interface CompiledModel {
  readonly model: DataModel;
  readonly cubes: ReadonlyMap<string, Cube>;
  readonly views: ReadonlyMap<string, View>;
  /** Cubes then views, in model order. */
  readonly sources: ReadonlyMap<string, CompiledSource>;
  /** `source.member`, or undefined. */
  findMember(path: string): ResolvedMember | undefined;
}
