import type { SqlDialect } from '../dialect/sql-dialect.types.js';
import { memberValueType } from '../plan/member-value-type.js';
import type { ResolvedFilter, ResolvedMemberFilter } from '../plan/resolved-query.types.js';
import { grouped } from '../plan/sql-template.js';
import { resolveDatePoint, resolveDateRange } from '../query/date-range.js';
import { SemanticQueryError } from '../query/semantic-query-error.js';
import { coerceFilterValue, likeEscapeClause, likePattern } from './filter-values.js';
import type { SqlParameters } from './sql-parameters.js';
import type { TimeSql } from './time-sql.js';

export interface FilterSqlContext {
  readonly dialect: SqlDialect;
  readonly parameters: SqlParameters;
  readonly time: TimeSql;
  /** The filtered member's value here: a dimension's row value (local time for time members), a measure's aggregate. */
  valueOf(filter: ResolvedMemberFilter): string;
  /** For `measureFilter`: the measure's own filters as row conditions, undefined when it has none. */
  measureConditions(filter: ResolvedMemberFilter): string | undefined;
}

const patterns: Readonly<Record<string, readonly [prefix: string, suffix: string, isNegated: boolean]>> = {
  contains: ['%', '%', false],
  notContains: ['%', '%', true],
  startsWith: ['', '%', false],
  notStartsWith: ['', '%', true],
  endsWith: ['%', '', false],
  notEndsWith: ['%', '', true],
};
const comparisons: Readonly<Record<string, string>> = { gt: '>', gte: '>=', lt: '<', lte: '<=' };
const dateOperators = new Set([
  'inDateRange',
  'notInDateRange',
  'onTheDate',
  'beforeDate',
  'beforeOrOnDate',
  'afterDate',
  'afterOrOnDate',
]);

/** A filter tree as one SQL condition; undefined when it constrains nothing (empty groups). */
export function filterSql(filter: ResolvedFilter, context: FilterSqlContext): string | undefined {
  if (filter.kind !== 'member') {
    const parts = filter.filters
      .map((child) => filterSql(child, context))
      .filter((part): part is string => part !== undefined);
    if (parts.length === 0) return undefined;
    return parts.length === 1 ? parts[0] : `(${parts.join(filter.kind === 'and' ? ' AND ' : ' OR ')})`;
  }
  return memberFilterSql(filter, context);
}

function memberFilterSql(filter: ResolvedMemberFilter, context: FilterSqlContext): string | undefined {
  const { operator, path } = filter;
  const definition = filter.member.definition;
  if (operator === 'measureFilter') {
    if (definition.kind !== 'measure') {
      throw new SemanticQueryError(`measureFilter applies to measures; \`${path}\` is a ${definition.kind}`);
    }
    const conditions = context.measureConditions(filter);
    return conditions === undefined ? undefined : `(${conditions})`;
  }
  const type = memberValueType(definition);
  const value = grouped(context.valueOf(filter));
  if (operator === 'set') return `${value} IS NOT NULL`;
  if (operator === 'notSet') return `${value} IS NULL`;
  if (dateOperators.has(operator)) return dateFilterSql(filter, value, type === 'time', context);
  const values = filter.values;
  if (values.length === 0) throw new SemanticQueryError(`the ${operator} filter on \`${path}\` needs values`);
  const timezone = context.time.timezone;
  const bind = (raw: (typeof values)[number]): string => {
    const coerced = coerceFilterValue(raw, type, path, timezone);
    const placeholder = context.parameters.add(coerced);
    if (type === 'time') return context.dialect.castTimestamp(placeholder);
    return typeof coerced === 'number' && !Number.isInteger(coerced)
      ? context.dialect.castFraction(placeholder)
      : placeholder;
  };
  const pattern = patterns[operator];
  if (pattern) {
    const [prefix, suffix, isNegated] = pattern;
    const text = type === 'string' ? value : context.dialect.castText(value);
    const tests = values.map(
      (raw) =>
        `${text} ${isNegated ? 'NOT ILIKE' : 'ILIKE'} ${context.parameters.add(likePattern(raw, prefix, suffix))} ${likeEscapeClause}`,
    );
    // why: like Cube, negated operators keep rows where the member is NULL.
    if (isNegated) return `(${tests.join(' AND ')} OR ${value} IS NULL)`;
    return tests.length === 1 ? (tests[0] as string) : `(${tests.join(' OR ')})`;
  }
  const comparison = comparisons[operator];
  if (comparison) {
    if (values.length !== 1)
      throw new SemanticQueryError(`the ${operator} filter on \`${path}\` takes one value`);
    return `${value} ${comparison} ${bind(values[0] as (typeof values)[number])}`;
  }
  const isNegated = operator === 'notEquals' || operator === 'notIn';
  const bound = values.map(bind);
  const test =
    bound.length === 1
      ? `${value} ${isNegated ? '<>' : '='} ${bound[0]}`
      : `${value} ${isNegated ? 'NOT IN' : 'IN'} (${bound.join(', ')})`;
  return isNegated ? `(${test} OR ${value} IS NULL)` : test;
}

function dateFilterSql(
  filter: ResolvedMemberFilter,
  value: string,
  isTime: boolean,
  context: FilterSqlContext,
): string {
  const { operator, path, values } = filter;
  if (!isTime) throw new SemanticQueryError(`${operator} applies to time members; \`${path}\` is not one`);
  const texts = values.map((raw) => {
    if (typeof raw !== 'string')
      throw new SemanticQueryError(`${operator} on \`${path}\` takes date strings`);
    return raw;
  });
  const { now, timezone } = context.time;
  if (operator === 'inDateRange' || operator === 'notInDateRange') {
    if (texts.length !== 1 && texts.length !== 2) {
      throw new SemanticQueryError(`${operator} on \`${path}\` takes [from, to] or one relative date range`);
    }
    const range = resolveDateRange(
      texts.length === 2 ? [texts[0] as string, texts[1] as string] : (texts[0] as string),
      now,
      timezone,
    );
    const start = context.time.parameter(range.start);
    const end = context.time.parameter(range.end);
    return operator === 'inDateRange'
      ? `(${value} >= ${start} AND ${value} < ${end})`
      : `(${value} < ${start} OR ${value} >= ${end})`;
  }
  if (texts.length !== 1) throw new SemanticQueryError(`${operator} on \`${path}\` takes one date`);
  const point = resolveDatePoint(texts[0] as string, now, timezone);
  switch (operator) {
    case 'onTheDate': {
      const day = resolveDateRange(point.start.slice(0, 10), now, timezone);
      return `(${value} >= ${context.time.parameter(day.start)} AND ${value} < ${context.time.parameter(day.end)})`;
    }
    case 'beforeDate':
      return `${value} < ${context.time.parameter(point.start)}`;
    case 'beforeOrOnDate':
      return `${value} < ${context.time.parameter(point.end)}`;
    case 'afterDate':
      return `${value} >= ${context.time.parameter(point.end)}`;
    default:
      return `${value} >= ${context.time.parameter(point.start)}`;
  }
}
