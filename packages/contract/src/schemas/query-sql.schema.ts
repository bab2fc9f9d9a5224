import * as z from 'zod';
import { ResultQueryType } from './data-api.schema.js';

const NormalizedQuery = z
  .record(z.string(), z.unknown())
  .meta({ description: 'The query as it would run, with defaults (limit, order, timezone) filled in.' });

const QueryOrder = z
  .record(z.string(), z.enum(['asc', 'desc']))
  .meta({ description: 'The order of the SQL, member by member: `{"orders.count": "desc"}`.' });

/** The SQL of one query, in the shape semantic-layer client libraries read (`sql.sql[0]` is the text). */
export const QuerySql = z
  .object({
    sql: z.tuple([z.string(), z.array(z.unknown())]).meta({
      description: '`[sql, params]`: the SQL for the warehouse (parameters as `$1..$n`) and its values.',
    }),
    order: QueryOrder,
    aliasNameToMember: z
      .record(z.string(), z.string())
      .meta({ description: 'The SQL column alias of each member of the result.' }),
    dataSource: z.string(),
    external: z.boolean(),
    preAggregations: z.array(z.unknown()),
  })
  .meta({ id: 'QuerySql' });

export const GeneratedQuerySql = z
  .object({ sql: QuerySql, query: NormalizedQuery })
  .meta({ id: 'GeneratedQuerySql' });

export type GeneratedQuerySql = z.infer<typeof GeneratedQuerySql>;

export const QuerySqlResponse = z.union([GeneratedQuerySql, z.array(GeneratedQuerySql)]).meta({
  id: 'QuerySqlResponse',
  description: 'One `{sql, query}` for a query; an array of them, in order, for an array of queries.',
});

export type QuerySqlResponse = z.infer<typeof QuerySqlResponse>;

export const DryRunResponse = z
  .object({
    queryType: ResultQueryType,
    normalizedQueries: z.array(NormalizedQuery),
    queryOrder: z.array(QueryOrder),
    transformedQueries: z
      .array(z.null())
      .meta({ description: 'One per query; always null (no pre-aggregations to rewrite to).' }),
    pivotQuery: NormalizedQuery.meta({
      description:
        'The query client libraries pivot on, with `queryType`; for blending, the members of every query and a `time` dimension.',
    }),
  })
  .meta({ id: 'DryRunResponse' });

export type DryRunResponse = z.infer<typeof DryRunResponse>;
