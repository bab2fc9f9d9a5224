import type { QueryStage } from '../plan/fan-out-plan.js';
import type { AggregateLeaf, MeasureSql } from '../plan/member-sql.types.js';
import { cubeStageSql, keyColumnsOf, keysCte } from './cube-stages.js';
import {
  clauses,
  dimensionSelect,
  fromClause,
  groupBy,
  partsSql,
  type QueryRenderInput,
  whereClause,
} from './sql-clauses.js';

export type { QueryRenderInput } from './sql-clauses.js';

function orderAndLimit(input: QueryRenderInput): string[] {
  const quote = (name: string) => input.memberSql.dialect.quoteIdentifier(name);
  const ordered = new Set(input.order.map((entry) => entry.alias));
  // why: the remaining grouped columns break ties, so pages (limit/offset) are stable and dialects agree.
  const entries = [
    ...input.order.map((entry) => `${quote(entry.alias)} ${entry.direction.toUpperCase()} NULLS LAST`),
    ...input.dimensions
      .filter((column) => !ordered.has(column.alias))
      .map((column) => `${quote(column.alias)} ASC NULLS LAST`),
  ];
  return [...(entries.length > 0 ? [`ORDER BY ${entries.join(', ')}`] : []), input.limit()];
}

const inline = (measure: MeasureSql) => partsSql(measure.parts, (leaf) => leaf.sql);

/** One GROUP BY over the joined rows: exact when no aggregated cube's rows are repeated by the joins. */
function renderSimple(input: QueryRenderInput): string {
  const quote = (name: string) => input.memberSql.dialect.quoteIdentifier(name);
  const select = [
    ...dimensionSelect(input),
    ...input.measures.map((column) => `${inline(column.measure)} AS ${quote(column.alias)}`),
  ];
  const having = input.having(inline);
  return clauses([
    `SELECT ${select.join(', ')}`,
    fromClause(input),
    whereClause(input),
    groupBy(input.dimensions.length),
    having === undefined ? undefined : `HAVING ${having}`,
    ...orderAndLimit(input),
  ]);
}

/** The only stage is a multiplied cube's: its aggregates are the measures, filtered and ordered in place. */
function renderSingleCubeStage(input: QueryRenderInput): string {
  const quote = (name: string) => input.memberSql.dialect.quoteIdentifier(name);
  const keyColumns = keyColumnsOf(input);
  const stage = input.fanOut.stages[0] as QueryStage;
  const leaves = input.measures.map((column) => `${inline(column.measure)} AS ${quote(column.alias)}`);
  const keys = keysCte(input, keyColumns);
  const having = input.having(inline);
  return clauses([
    keys,
    ...cubeStageSql(input, stage, keyColumns, leaves),
    having === undefined ? undefined : `HAVING ${having}`,
    ...orderAndLimit(input),
  ]);
}

/**
 * Stages computed apart (one per multiplied cube, plus the main one) and joined on their dimension
 * values. Every stage groups the same joined, filtered rows, so each holds the same groups and an inner
 * join on NULL-safe equality matches them one to one (PostgreSQL allows no FULL JOIN on such conditions).
 */
function renderStages(input: QueryRenderInput): string {
  const quote = (name: string) => input.memberSql.dialect.quoteIdentifier(name);
  const keyColumns = keyColumnsOf(input);
  const keys = keysCte(input, keyColumns);
  const leafAliases = new Map<string, string>();
  for (const key of input.fanOut.stageOfLeaf.keys()) leafAliases.set(key, `m$${leafAliases.size}`);
  const stageAlias = (index: number) => quote(`q${index}`);
  const leafColumn = (leaf: AggregateLeaf) =>
    `${stageAlias(input.fanOut.stageOfLeaf.get(leaf.key) ?? 0)}.${quote(leafAliases.get(leaf.key) ?? '')}`;
  const stageSql = input.fanOut.stages.map((stage) => {
    const leaves = stage.leaves.map((leaf) => `${leaf.sql} AS ${quote(leafAliases.get(leaf.key) ?? '')}`);
    if (stage.cubeName !== undefined) return clauses(cubeStageSql(input, stage, keyColumns, leaves));
    return clauses([
      `SELECT ${[...dimensionSelect(input), ...leaves].join(', ')}`,
      fromClause(input),
      whereClause(input),
      groupBy(input.dimensions.length),
    ]);
  });
  const from = stageSql.map((sql, index) => {
    const subquery = `(\n${sql}\n) AS ${stageAlias(index)}`;
    if (index === 0) return `FROM ${subquery}`;
    if (input.dimensions.length === 0) return `CROSS JOIN ${subquery}`;
    const on = input.dimensions
      .map((column) => {
        const name = quote(column.alias);
        return `${stageAlias(0)}.${name} IS NOT DISTINCT FROM ${stageAlias(index)}.${name}`;
      })
      .join(' AND ');
    return `INNER JOIN ${subquery} ON ${on}`;
  });
  const outer = (measure: MeasureSql) => partsSql(measure.parts, leafColumn);
  const select = [
    ...input.dimensions.map((column) => `${stageAlias(0)}.${quote(column.alias)} AS ${quote(column.alias)}`),
    ...input.measures.map((column) => `${outer(column.measure)} AS ${quote(column.alias)}`),
  ];
  const having = input.having(outer);
  return clauses([
    keys,
    `SELECT ${select.join(', ')}`,
    ...from,
    having === undefined ? undefined : `WHERE ${having}`,
    ...orderAndLimit(input),
  ]);
}

/** The query's SQL in the simplest form that is exact for its joins. */
export function renderQuery(input: QueryRenderInput): string {
  if (!input.fanOut.isFannedOut) return renderSimple(input);
  if (input.fanOut.stages.length === 1) return renderSingleCubeStage(input);
  return renderStages(input);
}
