import type { Measure } from '../model/member.types.js';
import { SemanticQueryError } from '../query/semantic-query-error.js';
import type { AggregateLeaf, MeasurePart, MeasureSql, MemberSqlRenderer } from './member-sql.types.js';
import { grouped, isBareColumn, sqlOf } from './sql-template.js';

const calculatedTypes = new Set(['number', 'string', 'time', 'boolean', 'number_agg']);
const duplicationSafeTypes = new Set(['min', 'max', 'count_distinct', 'count_distinct_approx']);

function leafOf(
  cubeName: string,
  sql: string,
  cubes: Iterable<string>,
  isDuplicationSafe: boolean,
): AggregateLeaf {
  return { key: `${cubeName}\u0000${sql}`, cubeName, sql, cubes: [...new Set(cubes)], isDuplicationSafe };
}

function distinctLeaves(parts: readonly MeasurePart[]): AggregateLeaf[] {
  const byKey = new Map<string, AggregateLeaf>();
  for (const part of parts) if (typeof part !== 'string') byKey.set(part.key, part);
  return [...byKey.values()];
}

/** The aggregate's argument: the measure's sql (a bare column read from its cube), under its filters. */
function argumentOf(
  memberSql: MemberSqlRenderer,
  cubeName: string,
  measure: Measure,
  fallback: string | undefined,
) {
  const cubes = new Set<string>([cubeName]);
  let value = fallback;
  if (measure.sql !== undefined) {
    const rendered = isBareColumn(measure.sql)
      ? { sql: `${memberSql.cubeAlias(cubeName)}.${measure.sql.trim()}`, cubes: [cubeName] }
      : memberSql.rowSql(cubeName, measure.sql, sqlOf(cubeName, measure.name));
    value = rendered.sql;
    for (const cube of rendered.cubes) cubes.add(cube);
  }
  const conditions = memberSql.measureFilterConditions(cubeName, measure);
  if (!conditions) return { sql: value, cubes };
  for (const cube of conditions.cubes) cubes.add(cube);
  return { sql: `CASE WHEN ${conditions.sql} THEN ${value ?? '1'} END`, cubes };
}

function countArgument(memberSql: MemberSqlRenderer, cubeName: string): string | undefined {
  const keys = memberSql.primaryKeys(cubeName);
  const [key] = keys;
  return key && keys.length === 1 ? memberSql.dimension(cubeName, key).sql : undefined;
}

/**
 * A measure's SQL by type. Aggregating types become one aggregate leaf (filters as CASE WHEN inside);
 * number, string, time and boolean measures are aggregate expressions as written, with referenced
 * measures embedded. When every aggregate of such a measure reads one cube, the whole expression is one
 * leaf, so the fan-out planner can compute it where that cube is aggregated.
 */
export function buildMeasureSql(
  memberSql: MemberSqlRenderer,
  cubeName: string,
  measure: Measure,
): MeasureSql {
  const path = `${cubeName}.${measure.name}`;
  if (measure.rollingWindow) {
    throw new SemanticQueryError(`measure \`${path}\` has a rolling_window; these are not supported yet`);
  }
  if (calculatedTypes.has(measure.type)) return calculatedMeasure(memberSql, cubeName, measure);
  const isSafe = duplicationSafeTypes.has(measure.type);
  if (measure.type === 'count') {
    const argument = argumentOf(memberSql, cubeName, measure, countArgument(memberSql, cubeName));
    const leaf = leafOf(cubeName, `count(${argument.sql ?? '*'})`, argument.cubes, false);
    return { parts: [leaf], leaves: [leaf], cubes: leaf.cubes };
  }
  const argument = argumentOf(memberSql, cubeName, measure, undefined);
  if (argument.sql === undefined || measure.sql === undefined) {
    throw new SemanticQueryError(`measure \`${path}\` of type ${measure.type} has no sql`);
  }
  const sql =
    measure.type === 'count_distinct'
      ? `count(DISTINCT ${argument.sql})`
      : measure.type === 'count_distinct_approx'
        ? memberSql.dialect.approximateCountDistinct(argument.sql)
        : `${measure.type}(${argument.sql})`;
  const leaf = leafOf(cubeName, sql, argument.cubes, isSafe);
  return { parts: [leaf], leaves: [leaf], cubes: leaf.cubes };
}

function calculatedMeasure(memberSql: MemberSqlRenderer, cubeName: string, measure: Measure): MeasureSql {
  if (measure.sql === undefined) {
    throw new SemanticQueryError(
      `measure \`${cubeName}.${measure.name}\` of type ${measure.type} has no sql`,
    );
  }
  const template = memberSql.template(cubeName, measure.sql, sqlOf(cubeName, measure.name), 'calculated');
  const leaves = distinctLeaves(template.parts);
  const cubes = [...template.cubes];
  const leafCubes = new Set(leaves.map((leaf) => leaf.cubeName));
  if (leaves.length === 0 || leafCubes.size === 1) {
    const sql = template.parts.map((part) => (typeof part === 'string' ? part : part.sql)).join('');
    const owner = leaves[0]?.cubeName ?? cubeName;
    const isSafe = leaves.length > 0 && leaves.every((leaf) => leaf.isDuplicationSafe);
    const leaf = leafOf(owner, grouped(sql), cubes, isSafe);
    return { parts: [leaf], leaves: [leaf], cubes };
  }
  return { parts: template.parts, leaves, cubes };
}
