import type { LoadResult, ResultQueryType } from '@platform/contract';
import type { CompiledQuery, SemanticQuery } from '@platform/semantic';
import { AppError } from '../../errors/app-error.js';

/**
 * A request's queries as semantic-layer client libraries send them: one query is a regular query; an
 * array of queries is a data-blending query, whose results the client pivots together on one `time` axis.
 */
export interface QueryBatch {
  queryType: ResultQueryType;
  queries: SemanticQuery[];
}

export function batchOf(query: SemanticQuery | readonly SemanticQuery[]): QueryBatch {
  return Array.isArray(query)
    ? { queryType: 'blendingQuery', queries: [...query] }
    : { queryType: 'regularQuery', queries: [query as SemanticQuery] };
}

/** The granularity every query of a blending batch groups its first time dimension by. */
function blendingGranularityOf(compiled: readonly CompiledQuery[]): string {
  const granularities = new Set(
    compiled.flatMap((query) => {
      const granularity = query.query.timeDimensions[0]?.granularity;
      return granularity ? [granularity] : [];
    }),
  );
  // The client pivots every result on one time axis: without one granularity there is nothing to blend on.
  if (granularities.size > 1)
    throw new AppError('BAD_REQUEST', 'Data blending query granularities must match');
  const [granularity] = granularities;
  if (granularity === undefined) {
    throw new AppError('BAD_REQUEST', 'Data blending query without granularity is not supported');
  }
  return granularity;
}

/** Refuses a blending batch the client could not pivot; run before any query reaches the warehouse. */
export function checkBatch(batch: QueryBatch, compiled: readonly CompiledQuery[]): void {
  if (batch.queryType === 'blendingQuery') blendingGranularityOf(compiled);
}

function unique(values: Iterable<string>): string[] {
  return [...new Set(values)];
}

/** The query the client pivots the whole answer on, tagged with its query type. */
export function pivotQueryOf(batch: QueryBatch, compiled: readonly CompiledQuery[]): Record<string, unknown> {
  const [first] = compiled;
  if (batch.queryType === 'regularQuery' || !first) return { ...first?.query, queryType: batch.queryType };
  return {
    measures: unique(compiled.flatMap((query) => query.query.measures)),
    dimensions: unique(compiled.flatMap((query) => query.query.dimensions)),
    timeDimensions: [{ dimension: 'time', granularity: blendingGranularityOf(compiled) }],
    queryType: batch.queryType,
  };
}

/**
 * In a blending answer each row also carries its query's first time dimension as `time.<granularity>`,
 * the axis the pivot query names, so rows of different queries line up.
 */
export function blendedResult(result: LoadResult, compiled: CompiledQuery): LoadResult {
  const timeDimension = compiled.query.timeDimensions[0];
  if (!timeDimension?.granularity) return result;
  const source = `${timeDimension.dimension}.${timeDimension.granularity}`;
  const target = `time.${timeDimension.granularity}`;
  return { ...result, data: result.data.map((row) => ({ ...row, [target]: row[source] ?? null })) };
}

/** `[["orders.count", "desc"]]` as the `{member: direction}` object the clients read. */
export function orderObjectOf(query: CompiledQuery['query']): Record<string, 'asc' | 'desc'> {
  return Object.fromEntries(query.order.map(([member, direction]) => [member, direction]));
}
