import type { QueryStage } from '../plan/fan-out-plan.js';
import {
  clauses,
  dimensionSelect,
  fromClause,
  groupBy,
  type QueryRenderInput,
  whereClause,
} from './sql-clauses.js';

const keysName = 'keys$';
const stageKeysName = 'k$';

/** A primary-key column of a multiplied cube: its row-level SQL and its column in the keys CTE. */
export interface KeyColumn {
  readonly sql: string;
  readonly alias: string;
}

/** The primary-key columns of every cube stage, numbered `pk$0`, `pk$1`... across stages. */
export function keyColumnsOf(input: QueryRenderInput): Map<string, KeyColumn[]> {
  const { memberSql } = input;
  const columns = new Map<string, KeyColumn[]>();
  let index = 0;
  for (const stage of input.fanOut.stages) {
    const cubeName = stage.cubeName;
    if (cubeName === undefined) continue;
    const keys = memberSql.primaryKeys(cubeName).map((key) => {
      const column = { sql: memberSql.dimension(cubeName, key).sql, alias: `pk$${index}` };
      index += 1;
      return column;
    });
    columns.set(cubeName, keys);
  }
  return columns;
}

/**
 * `WITH "keys$"`: the distinct dimension values and primary keys of the multiplied cubes over the
 * joined, filtered rows, computed once for every cube stage. (Repeating the joins in each stage also
 * trips DuckDB 1.5's common-subplan optimizer into wrong answers.)
 */
export function keysCte(
  input: QueryRenderInput,
  keyColumns: ReadonlyMap<string, readonly KeyColumn[]>,
): string {
  const quote = (name: string) => input.memberSql.dialect.quoteIdentifier(name);
  const select = [
    ...dimensionSelect(input),
    ...[...keyColumns.values()].flat().map((key) => `${key.sql} AS ${quote(key.alias)}`),
  ];
  const rows = clauses([`SELECT DISTINCT ${select.join(', ')}`, fromClause(input), whereClause(input)]);
  return `WITH ${quote(keysName)} AS (\n${rows}\n)`;
}

/**
 * A multiplied cube aggregated without repetition: its distinct (dimension values, primary key) pairs,
 * joined back to the cube's own rows and grouped by the dimension values.
 */
export function cubeStageSql(
  input: QueryRenderInput,
  stage: QueryStage,
  keyColumns: ReadonlyMap<string, readonly KeyColumn[]>,
  selectLeaves: readonly string[],
): string[] {
  const { memberSql } = input;
  const quote = (name: string) => memberSql.dialect.quoteIdentifier(name);
  const cubeName = stage.cubeName as string;
  const keys = keyColumns.get(cubeName) ?? [];
  const alias = quote(stageKeysName);
  const dimensions = input.dimensions.map((column) => quote(column.alias));
  // why: with one cube stage the CTE's rows are already distinct per (dimensions, key).
  const source =
    keyColumns.size === 1
      ? `${quote(keysName)} AS ${alias}`
      : `(SELECT DISTINCT ${[...dimensions, ...keys.map((key) => quote(key.alias))].join(', ')} FROM ${quote(keysName)}) AS ${alias}`;
  const joinOn = keys.map((key) => `${alias}.${quote(key.alias)} = ${key.sql}`).join(' AND ');
  return [
    `SELECT ${[...dimensions.map((name) => `${alias}.${name} AS ${name}`), ...selectLeaves].join(', ')}`,
    `FROM ${source}`,
    `LEFT JOIN ${memberSql.cubeSource(cubeName)} ON ${joinOn}`,
    groupBy(input.dimensions.length) ?? '',
  ];
}
