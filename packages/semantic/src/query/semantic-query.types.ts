import type { FilterOperator } from '../model/access-policy.types.js';

/** A value in a filter: the JSON query format sends strings, but numbers and booleans are accepted too. */
export type FilterValue = string | number | boolean;

export interface MemberFilter {
  /** `cube.member` or `view.member`. */
  readonly member: string;
  readonly operator: FilterOperator;
  /** Absent or empty for `set` and `notSet`. */
  readonly values?: readonly FilterValue[];
}

export interface AndFilter {
  readonly and: readonly QueryFilter[];
}

export interface OrFilter {
  readonly or: readonly QueryFilter[];
}

export type QueryFilter = MemberFilter | AndFilter | OrFilter;

/** `"last 7 days"`, `"this month"`, `"from 2024-01-01 to 2024-03-31"`, or `[from, to]` absolute dates. */
export type DateRange = string | readonly [string, string];

export interface TimeDimensionQuery {
  readonly dimension: string;
  /** `second` … `year`, or a custom granularity of the dimension. Absent: filter only, no grouping. */
  readonly granularity?: string;
  readonly dateRange?: DateRange;
}

export type OrderDirection = 'asc' | 'desc';

/** The semantic query of the data API's `load`, `sql` and of the SQL interface, before normalisation. */
export interface SemanticQuery {
  readonly measures?: readonly string[];
  readonly dimensions?: readonly string[];
  readonly timeDimensions?: readonly TimeDimensionQuery[];
  readonly filters?: readonly QueryFilter[];
  readonly segments?: readonly string[];
  /** An object keeps key order; the array form is for callers that build the order programmatically. */
  readonly order?: Readonly<Record<string, OrderDirection>> | readonly (readonly [string, OrderDirection])[];
  /** Default 10,000; at most 50,000. */
  readonly limit?: number;
  readonly offset?: number;
  /** An IANA time zone name; default `UTC`. */
  readonly timezone?: string;
}

export const defaultQueryLimit = 10_000;
export const maximumQueryLimit = 50_000;

/**
 * A row-level filter an access policy puts on one cube: applied in WHERE wherever that cube takes part in
 * a query, whether the query names the cube, a view over it, or only joins through it.
 */
export interface CubeRowFilter {
  readonly cubeName: string;
  /** Members are that cube's own, as `cube.member`. */
  readonly filter: QueryFilter;
}
