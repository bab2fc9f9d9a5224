import type { SourceLocation } from './source-location.types.js';

export const filterOperators = [
  'equals',
  'notEquals',
  'contains',
  'notContains',
  'startsWith',
  'notStartsWith',
  'endsWith',
  'notEndsWith',
  'in',
  'notIn',
  'gt',
  'gte',
  'lt',
  'lte',
  'set',
  'notSet',
  'inDateRange',
  'notInDateRange',
  'onTheDate',
  'beforeDate',
  'beforeOrOnDate',
  'afterDate',
  'afterOrOnDate',
  'measureFilter',
] as const;
export type FilterOperator = (typeof filterOperators)[number];

export interface MemberRowFilter {
  readonly kind: 'member';
  /** A member of the cube or view, short (`country`) or qualified (`orders.country`). */
  readonly member: string;
  readonly operator: FilterOperator;
  /** Values as written; they may reference the security context (`{ securityContext.country }`). */
  readonly values: readonly string[];
  readonly location: SourceLocation;
}

export interface LogicalRowFilter {
  readonly kind: 'and' | 'or';
  readonly filters: readonly RowFilter[];
  readonly location: SourceLocation;
}

export type RowFilter = MemberRowFilter | LogicalRowFilter;

export interface RowLevelPolicy {
  readonly filters: readonly RowFilter[];
  /** `allow_all: true`: the group sees every row. */
  readonly canSeeAllRows: boolean;
}

export interface MemberLevelPolicy {
  readonly includes: '*' | readonly string[];
  readonly excludes: '*' | readonly string[];
}

export interface AccessPolicy {
  /** Group names; `*` applies the policy to everyone. */
  readonly groups: readonly string[];
  /** SQL-like conditions over the security context, all of which must hold. */
  readonly conditions: readonly { readonly sql: string; readonly location: SourceLocation }[];
  readonly rowLevel?: RowLevelPolicy;
  readonly memberLevel?: MemberLevelPolicy;
  readonly location: SourceLocation;
}
