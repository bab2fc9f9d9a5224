import type { SqlDialect } from '../dialect/sql-dialect.types.js';
import type {
  CubeRowFilter,
  OrderDirection,
  QueryFilter,
  SemanticQuery,
  TimeDimensionQuery,
} from './semantic-query.types.js';

export interface BuildQueryOptions {
  readonly dialect: SqlDialect;
  /** The instant relative date ranges are evaluated against; default: now. */
  readonly now?: Date;
  /** Row-level filters of access policies, applied in WHERE wherever their cube takes part. */
  readonly cubeRowFilters?: readonly CubeRowFilter[];
}

/** The query as run: every list present, order, limit, offset and time zone filled in. */
export interface NormalizedQuery extends SemanticQuery {
  readonly measures: readonly string[];
  readonly dimensions: readonly string[];
  readonly timeDimensions: readonly TimeDimensionQuery[];
  readonly filters: readonly QueryFilter[];
  readonly segments: readonly string[];
  readonly order: readonly (readonly [string, OrderDirection])[];
  readonly limit: number;
  readonly offset: number;
  readonly timezone: string;
}

export type QueryColumnKind = 'measure' | 'dimension' | 'timeDimension';
export type QueryColumnType = 'number' | 'string' | 'time' | 'boolean';

/** One column of the generated SQL's result and the data keys its values fill. */
export interface QueryColumn {
  /** The SQL column name in the result. */
  readonly alias: string;
  /** `["orders.created_at.month", "orders.created_at"]` for a time dimension, `["orders.count"]` else. */
  readonly keys: readonly string[];
  /** The member as the query named it. */
  readonly memberPath: string;
  readonly kind: QueryColumnKind;
  readonly type: QueryColumnType;
}

export interface MemberAnnotation {
  readonly title: string;
  readonly shortTitle: string;
  readonly type: string;
  readonly format?: unknown;
}

/** Titles and types of the query's members, keyed by member path as the data rows are. */
export interface QueryAnnotation {
  readonly measures: Record<string, MemberAnnotation>;
  readonly dimensions: Record<string, MemberAnnotation>;
  readonly segments: Record<string, MemberAnnotation>;
  readonly timeDimensions: Record<string, MemberAnnotation>;
}

export interface CompiledQuery {
  readonly sql: string;
  /** Bound as `$1..$n`, in order. */
  readonly params: unknown[];
  readonly query: NormalizedQuery;
  readonly columns: QueryColumn[];
  readonly annotation: QueryAnnotation;
}
