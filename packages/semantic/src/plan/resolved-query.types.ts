import type { ResolvedMember } from '../compile/compiled-model.types.js';
import type { FilterOperator } from '../model/access-policy.types.js';
import type { DateRange, FilterValue } from '../query/semantic-query.types.js';
import type { TimeGranularity } from '../render/time-sql.js';

/** A member named by the query, with the path it was named by (`sales.count` or `orders.count`). */
export interface QueryMember {
  readonly path: string;
  readonly member: ResolvedMember;
}

export interface ResolvedTimeDimension extends QueryMember {
  readonly granularity?: TimeGranularity;
  readonly dateRange?: DateRange;
}

export type ResolvedFilter =
  | {
      readonly kind: 'member';
      readonly path: string;
      readonly member: ResolvedMember;
      readonly operator: FilterOperator;
      readonly values: readonly FilterValue[];
    }
  | { readonly kind: 'and' | 'or'; readonly filters: readonly ResolvedFilter[] };

export type ResolvedMemberFilter = Extract<ResolvedFilter, { kind: 'member' }>;

/** The query's members looked up in the model, checked for kind and for mixing sources. */
export interface ResolvedQuery {
  readonly measures: readonly QueryMember[];
  readonly dimensions: readonly QueryMember[];
  readonly timeDimensions: readonly ResolvedTimeDimension[];
  readonly filters: readonly ResolvedFilter[];
  readonly segments: readonly QueryMember[];
  /** The cube joins start from: the first cube the query names, or the view's root cube. */
  readonly root: string;
  /** Set when the query is on a view: members then join along the view's join paths. */
  readonly viewName?: string;
}
