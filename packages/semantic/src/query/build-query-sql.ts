import type { CompiledModel } from '../compile/compiled-model.types.js';
import type { Measure } from '../model/member.types.js';
import { planFanOut } from '../plan/fan-out-plan.js';
import { modelIndexOf } from '../plan/model-index.js';
import { planColumns } from '../plan/query-columns.js';
import { buildQueryJoinTree, filterMembers } from '../plan/query-join-tree.js';
import { resolveQuery } from '../plan/resolve-query.js';
import { splitFilters } from '../plan/split-filters.js';
import { renderQuery } from '../render/render-query.js';
import { SqlParameters } from '../render/sql-parameters.js';
import { TimeSql } from '../render/time-sql.js';
import { havingCondition, whereConditions } from '../render/where-conditions.js';
import type {
  BuildQueryOptions,
  CompiledQuery,
  NormalizedQuery,
  QueryColumn,
} from './compiled-query.types.js';
import { querySettings, resolveOrder } from './normalize-query.js';
import { buildAnnotation } from './query-annotation.js';
import type { SemanticQuery } from './semantic-query.types.js';
import { SemanticQueryError } from './semantic-query-error.js';

function publicColumn(column: QueryColumn): QueryColumn {
  const { alias, keys, memberPath, kind, type } = column;
  return { alias, keys, memberPath, kind, type };
}

/**
 * Compiles a semantic query into one SQL statement for the dialect, with every query value bound as a
 * parameter: resolve members, join the cubes they need, place each aggregate where the joins cannot
 * repeat its rows, and render. Throws SemanticQueryError (kind `invalid`) for anything the query gets wrong.
 */
export function buildQuerySql(
  model: CompiledModel,
  query: SemanticQuery,
  options: BuildQueryOptions,
): CompiledQuery {
  if (typeof query !== 'object' || query === null)
    throw new SemanticQueryError('the query must be an object');
  const settings = querySettings(query);
  const index = modelIndexOf(model);
  const memberSql = index.memberSql(options.dialect);
  const parameters = new SqlParameters(options.dialect);
  const time = new TimeSql(options.dialect, parameters, settings.timezone, options.now ?? new Date());
  const resolved = resolveQuery(model, index, query);
  const columns = planColumns(resolved, memberSql, time);
  const allColumns: QueryColumn[] = [...columns.dimensions, ...columns.measures];
  if (allColumns.length === 0) {
    throw new SemanticQueryError(
      'the query selects nothing; add measures, dimensions, or a time dimension with a granularity',
    );
  }
  const order = resolveOrder(query, allColumns);
  const split = splitFilters(resolved.filters);
  const havingMeasures = filterMembers(split.having).map((member) =>
    memberSql.measure(member.cubeName, member.definition as Measure),
  );
  const { tree, rowFilters } = buildQueryJoinTree({
    model,
    index,
    memberSql,
    resolved,
    columns,
    havingMeasures,
    cubeRowFilters: options.cubeRowFilters ?? [],
  });
  const context = { memberSql, parameters, time };
  const where = whereConditions(context, resolved, split.where, rowFilters);
  const fanOut = planFanOut(
    [...columns.measures.map((column) => column.measure), ...havingMeasures],
    tree.multipliedCubes(),
    memberSql,
  );
  const sql = renderQuery({
    memberSql,
    tree,
    dimensions: columns.dimensions,
    measures: columns.measures,
    where,
    fanOut,
    having: (measureValue) => havingCondition(context, split.having, measureValue),
    order: order.map((entry) => ({ alias: entry.column.alias, direction: entry.direction })),
    limit: () => {
      const limit = `LIMIT ${parameters.add(settings.limit)}`;
      return settings.offset > 0 ? `${limit} OFFSET ${parameters.add(settings.offset)}` : limit;
    },
  });
  const normalized: NormalizedQuery = {
    measures: resolved.measures.map((entry) => entry.path),
    dimensions: resolved.dimensions.map((entry) => entry.path),
    timeDimensions: query.timeDimensions ?? [],
    filters: query.filters ?? [],
    segments: resolved.segments.map((entry) => entry.path),
    order: order.map((entry) => [entry.key, entry.direction] as const),
    limit: settings.limit,
    offset: settings.offset,
    timezone: settings.timezone,
  };
  return {
    sql,
    params: parameters.values,
    query: normalized,
    columns: allColumns.map(publicColumn),
    annotation: buildAnnotation(resolved),
  };
}
