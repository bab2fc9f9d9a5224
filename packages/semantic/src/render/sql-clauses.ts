import type { FanOutPlan } from '../plan/fan-out-plan.js';
import type { JoinTree } from '../plan/join-tree.js';
import type { MemberSql } from '../plan/member-sql.js';
import type { AggregateLeaf, MeasurePart, MeasureSql } from '../plan/member-sql.types.js';
import type { DimensionColumn, MeasureColumn } from '../plan/query-columns.js';
import type { OrderDirection } from '../query/semantic-query.types.js';

/** Everything the renderer needs about a planned query. */
export interface QueryRenderInput {
  readonly memberSql: MemberSql;
  readonly tree: JoinTree;
  readonly dimensions: readonly DimensionColumn[];
  readonly measures: readonly MeasureColumn[];
  /** Row conditions, AND-ed, wherever the joined rows are read. */
  readonly where: readonly string[];
  readonly fanOut: FanOutPlan;
  /** The aggregate conditions, given how a measure reads where they are applied. */
  having(measureValue: (measure: MeasureSql) => string): string | undefined;
  readonly order: readonly { readonly alias: string; readonly direction: OrderDirection }[];
  /** `LIMIT $n` and, when there is one, ` OFFSET $m`; called last so parameters number in reading order. */
  limit(): string;
}

export function partsSql(parts: readonly MeasurePart[], leafSql: (leaf: AggregateLeaf) => string): string {
  return parts.map((part) => (typeof part === 'string' ? part : leafSql(part))).join('');
}

/** `GROUP BY 1, 2, ...` over the first `count` columns; undefined for none. */
export function groupBy(count: number): string | undefined {
  if (count === 0) return undefined;
  return `GROUP BY ${Array.from({ length: count }, (_unused, index) => index + 1).join(', ')}`;
}

export function clauses(lines: readonly (string | undefined)[]): string {
  return lines.filter((line): line is string => line !== undefined && line !== '').join('\n');
}

/** The root cube and its LEFT JOINs, parents before children. */
export function fromClause(input: QueryRenderInput): string {
  const { memberSql, tree } = input;
  const lines = [`FROM ${memberSql.cubeSource(tree.root)}`];
  for (const cube of tree.cubes) {
    const edge = tree.edgeInto(cube);
    if (!edge) continue;
    lines.push(`LEFT JOIN ${memberSql.cubeSource(cube)} ON ${memberSql.joinCondition(edge).sql}`);
  }
  return lines.join('\n');
}

export function whereClause(input: QueryRenderInput): string | undefined {
  if (input.where.length === 0) return undefined;
  return `WHERE ${input.where.join(' AND ')}`;
}

/** The dimension columns as row-level SQL with their aliases. */
export function dimensionSelect(input: QueryRenderInput): string[] {
  const quote = (name: string) => input.memberSql.dialect.quoteIdentifier(name);
  return input.dimensions.map((column) => `${column.sql} AS ${quote(column.alias)}`);
}
