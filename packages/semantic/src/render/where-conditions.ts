import type { Measure, Segment } from '../model/member.types.js';
import type { MemberSql } from '../plan/member-sql.js';
import type { MeasureSql } from '../plan/member-sql.types.js';
import { dimensionValue } from '../plan/query-columns.js';
import type { AppliedRowFilter } from '../plan/query-join-tree.js';
import type { ResolvedFilter, ResolvedMemberFilter, ResolvedQuery } from '../plan/resolved-query.types.js';
import { grouped } from '../plan/sql-template.js';
import { resolveDateRange } from '../query/date-range.js';
import { SemanticQueryError } from '../query/semantic-query-error.js';
import { type FilterSqlContext, filterSql } from './filter-sql.js';
import type { SqlParameters } from './sql-parameters.js';
import type { TimeSql } from './time-sql.js';

export interface ConditionContext {
  readonly memberSql: MemberSql;
  readonly parameters: SqlParameters;
  readonly time: TimeSql;
}

function measureOf(filter: ResolvedMemberFilter): Measure {
  const definition = filter.member.definition;
  if (definition.kind !== 'measure') throw new SemanticQueryError(`\`${filter.path}\` is not a measure`);
  return definition;
}

/** A filter context where members read row values: dimensions, and measures only through measureFilter. */
function rowContext(context: ConditionContext): FilterSqlContext {
  const { memberSql } = context;
  return {
    dialect: memberSql.dialect,
    parameters: context.parameters,
    time: context.time,
    valueOf: (filter) => {
      if (filter.member.definition.kind !== 'dimension') {
        throw new SemanticQueryError(
          `\`${filter.path}\` is a ${filter.member.definition.kind}; row filters apply to dimensions (or measureFilter)`,
        );
      }
      return dimensionValue(memberSql, context.time, filter).sql;
    },
    measureConditions: (filter) =>
      memberSql.measureFilterConditions(filter.member.cubeName, measureOf(filter))?.sql,
  };
}

/** Every row condition of the query, each one SQL boolean, to be AND-ed in WHERE. */
export function whereConditions(
  context: ConditionContext,
  resolved: ResolvedQuery,
  filters: readonly ResolvedFilter[],
  rowFilters: readonly AppliedRowFilter[],
): string[] {
  const { memberSql, time } = context;
  const filterContext = rowContext(context);
  const conditions: string[] = [];
  const add = (condition: string | undefined) => {
    if (condition !== undefined) conditions.push(condition);
  };
  for (const rowFilter of rowFilters) add(filterSql(rowFilter.filter, filterContext));
  for (const filter of filters) add(filterSql(filter, filterContext));
  for (const entry of resolved.timeDimensions) {
    if (entry.dateRange === undefined) continue;
    const range = resolveDateRange(entry.dateRange, time.now, time.timezone);
    const value = dimensionValue(memberSql, time, entry).sql;
    add(`(${value} >= ${time.parameter(range.start)} AND ${value} < ${time.parameter(range.end)})`);
  }
  for (const entry of resolved.segments) {
    add(grouped(memberSql.segment(entry.member.cubeName, entry.member.definition as Segment).sql));
  }
  return conditions;
}

/** The aggregate conditions, reading each measure as `measureValue` says (inline, or a stage's column). */
export function havingCondition(
  context: ConditionContext,
  filters: readonly ResolvedFilter[],
  measureValue: (measure: MeasureSql) => string,
): string | undefined {
  const { memberSql } = context;
  const filterContext: FilterSqlContext = {
    dialect: memberSql.dialect,
    parameters: context.parameters,
    time: context.time,
    valueOf: (filter) => measureValue(memberSql.measure(filter.member.cubeName, measureOf(filter))),
    measureConditions: () => undefined,
  };
  const parts = filters
    .map((filter) => filterSql(filter, filterContext))
    .filter((part): part is string => part !== undefined);
  return parts.length === 0 ? undefined : parts.join(' AND ');
}
