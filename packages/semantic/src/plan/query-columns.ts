import type { Dimension, Measure } from '../model/member.types.js';
import type { QueryColumn } from '../query/compiled-query.types.js';
import { ColumnAliases } from '../render/column-aliases.js';
import type { TimeSql } from '../render/time-sql.js';
import type { MemberSql } from './member-sql.js';
import type { MeasureSql } from './member-sql.types.js';
import { memberValueType } from './member-value-type.js';
import type { QueryMember, ResolvedQuery } from './resolved-query.types.js';

/** A grouped column: a dimension, or a time dimension at a granularity, with its row-level SQL. */
export interface DimensionColumn extends QueryColumn {
  readonly sql: string;
  readonly cubes: readonly string[];
}

export interface MeasureColumn extends QueryColumn {
  readonly measure: MeasureSql;
}

export interface QueryColumns {
  readonly dimensions: readonly DimensionColumn[];
  readonly measures: readonly MeasureColumn[];
}

/** A dimension's row value; time members on the query's wall clock. */
export function dimensionValue(memberSql: MemberSql, time: TimeSql, entry: QueryMember) {
  const rendered = memberSql.dimension(entry.member.cubeName, entry.member.definition as Dimension);
  const isTime = memberValueType(entry.member.definition) === 'time';
  return { sql: isTime ? time.local(rendered.sql) : rendered.sql, cubes: rendered.cubes };
}

/**
 * The result's columns, in the order dimensions, time dimensions with a granularity, measures; each
 * member once. A time dimension fills `path.granularity` and, first come, `path` too.
 */
export function planColumns(resolved: ResolvedQuery, memberSql: MemberSql, time: TimeSql): QueryColumns {
  const aliases = new ColumnAliases();
  const dimensions: DimensionColumn[] = [];
  const claimedKeys = new Set<string>();
  for (const entry of resolved.dimensions) {
    if (claimedKeys.has(entry.path)) continue;
    claimedKeys.add(entry.path);
    const value = dimensionValue(memberSql, time, entry);
    dimensions.push({
      alias: aliases.take(entry.member.sourceName, entry.member.name),
      keys: [entry.path],
      memberPath: entry.path,
      kind: 'dimension',
      type: memberValueType(entry.member.definition),
      ...value,
    });
  }
  for (const entry of resolved.timeDimensions) {
    const granularity = entry.granularity;
    if (!granularity) continue;
    const key = `${entry.path}.${granularity.name}`;
    if (claimedKeys.has(key)) continue;
    claimedKeys.add(key);
    const keys = claimedKeys.has(entry.path) ? [key] : [key, entry.path];
    claimedKeys.add(entry.path);
    const value = dimensionValue(memberSql, time, entry);
    dimensions.push({
      alias: aliases.take(entry.member.sourceName, entry.member.name, granularity.name),
      keys,
      memberPath: entry.path,
      kind: 'timeDimension',
      type: 'time',
      sql: time.bucket(value.sql, granularity, entry.path),
      cubes: value.cubes,
    });
  }
  const measures: MeasureColumn[] = [];
  const seenMeasures = new Set<string>();
  for (const entry of resolved.measures) {
    if (seenMeasures.has(entry.path)) continue;
    seenMeasures.add(entry.path);
    measures.push({
      alias: aliases.take(entry.member.sourceName, entry.member.name),
      keys: [entry.path],
      memberPath: entry.path,
      kind: 'measure',
      type: memberValueType(entry.member.definition),
      measure: memberSql.measure(entry.member.cubeName, entry.member.definition as Measure),
    });
  }
  return { dimensions, measures };
}
