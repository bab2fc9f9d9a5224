import * as z from 'zod';
import { BranchName } from './branch-name.schema.js';
import { Timestamp } from './common.schema.js';
import { QueryType, SemanticQuery } from './semantic-query.schema.js';
import { jsonObject, parseJsonText } from './text.schema.js';

const BranchNameParameter = BranchName.optional().meta({
  description:
    "The branch whose data model answers (default: the caller's dev-mode branch, else the deploy branch).",
});

export const DataApiQuery = z.object({ branchName: BranchNameParameter });

/** The most queries one request may carry (an array of queries: data blending, as client libraries send). */
export const maximumQueriesPerRequest = 20;

const QueryArray = z.array(SemanticQuery).min(1).max(maximumQueriesPerRequest);

/**
 * One semantic query, or an array of them that the answer blends on their time dimension. When neither
 * fits, the message names what is wrong in the form the input has (an object or an array), not both.
 */
export const QueryOrQueries = z
  .union([SemanticQuery, QueryArray], {
    error: (issue) => {
      if (issue.code !== 'invalid_union') return undefined;
      const branch = issue.errors[Array.isArray(issue.input) ? 1 : 0] ?? [];
      return branch
        .map((inner) => (inner.path.length > 0 ? `${inner.path.join('.')}: ${inner.message}` : inner.message))
        .join('; ');
    },
  })
  .meta({
    description: `A semantic query, or an array of at most ${maximumQueriesPerRequest} (a data-blending query: each names a time dimension with the same granularity).`,
  });

/** `?query=` carries the semantic query as URL-encoded JSON, as semantic-layer client libraries send it. */
const JsonEncodedQuery = z
  .string()
  .max(100_000)
  .transform((value, context) => parseJsonText(value, context, 'a JSON-encoded query object or array'))
  .pipe(QueryOrQueries)
  .meta({
    description:
      'The semantic query as JSON, e.g. `{"measures":["orders.count"]}`, or a JSON array of queries.',
  });

/** `GET .../sql` and `GET .../dry-run`: the query as URL-encoded JSON. */
export const QueryParameters = z.object({ query: JsonEncodedQuery, branchName: BranchNameParameter });

export const LoadQueryParameters = z.object({
  query: JsonEncodedQuery,
  queryType: QueryType.optional(),
  branchName: BranchNameParameter,
});

export const LoadQueryInput = z
  .strictObject({ query: QueryOrQueries, queryType: QueryType.optional() })
  .meta({ id: 'LoadQueryInput' });

export const MemberAnnotation = z
  .object({
    title: z.string(),
    shortTitle: z.string(),
    type: z.string(),
    format: z.unknown().optional(),
  })
  .meta({ id: 'MemberAnnotation' });

export const QueryAnnotation = z
  .object({
    measures: z.record(z.string(), MemberAnnotation),
    dimensions: z.record(z.string(), MemberAnnotation),
    segments: z.record(z.string(), MemberAnnotation),
    timeDimensions: z.record(z.string(), MemberAnnotation),
  })
  .meta({ id: 'QueryAnnotation' });

/** The query as it ran: defaults filled in (limit, order, timezone). */
const NormalizedQuery = z
  .record(z.string(), z.unknown())
  .meta({ description: 'The query as it ran, with defaults (limit, order, timezone) filled in.' });

export const LoadResult = z
  .object({
    query: NormalizedQuery,
    data: z.array(z.record(z.string(), z.unknown())).meta({
      description:
        'One object per row keyed by member; a time dimension with a granularity fills `cube.member.granularity` and `cube.member`.',
    }),
    annotation: QueryAnnotation,
  })
  .meta({ id: 'LoadResult' });

export type LoadResult = z.infer<typeof LoadResult>;

export const ResultQueryType = z.enum(['regularQuery', 'blendingQuery']).meta({
  id: 'ResultQueryType',
  description: '`blendingQuery` when the request carried an array of queries.',
});

export type ResultQueryType = z.infer<typeof ResultQueryType>;

export const MultiLoadResult = z
  .object({
    queryType: ResultQueryType,
    results: z.array(LoadResult),
    pivotQuery: NormalizedQuery,
  })
  .meta({ id: 'MultiLoadResult' });

export const continueWaitMessage = 'Continue wait';

export const ContinueWait = z.object({ error: z.literal(continueWaitMessage) }).meta({
  id: 'ContinueWait',
  description: 'The query is still running; send the same request again to get its result.',
});

export const LoadResponse = z.union([ContinueWait, MultiLoadResult, LoadResult]).meta({ id: 'LoadResponse' });

export type LoadResponse = z.infer<typeof LoadResponse>;

const MetadataMeta = z
  .record(z.string(), z.unknown())
  .optional()
  .meta({ description: 'The `meta` of the model.' });
const MetadataFormat = z.unknown().optional().meta({ description: 'The `format` of the model.' });
const Synonyms = z.array(z.string()).readonly().optional();

export const MetadataMeasure = z
  .object({
    name: z.string().meta({ description: '`source.member`.' }),
    title: z.string(),
    shortTitle: z.string(),
    description: z.string().optional(),
    type: z.enum(['number', 'string', 'time', 'boolean']),
    aggType: z
      .string()
      .meta({ description: 'How it aggregates, in camelCase: count, countDistinct, sum, avg...' }),
    cumulative: z.boolean().meta({ description: 'True for rolling-window measures.' }),
    isVisible: z.boolean(),
    public: z.boolean(),
    format: MetadataFormat,
    meta: MetadataMeta,
    synonyms: Synonyms,
  })
  .meta({ id: 'MetadataMeasure' });

export const MetadataGranularity = z
  .object({
    name: z.string(),
    title: z.string(),
    interval: z.string(),
    offset: z.string().optional(),
    origin: z.string().optional(),
  })
  .meta({ id: 'MetadataGranularity' });

export const MetadataDimension = z
  .object({
    name: z.string().meta({ description: '`source.member`.' }),
    title: z.string(),
    shortTitle: z.string(),
    description: z.string().optional(),
    type: z.string().meta({ description: 'string, number, time, boolean, geo...' }),
    primaryKey: z.boolean(),
    isVisible: z.boolean(),
    public: z.boolean(),
    granularities: z
      .array(MetadataGranularity)
      .readonly()
      .optional()
      .meta({ description: 'Custom granularities of a time dimension; the standard ones always exist.' }),
    format: MetadataFormat,
    meta: MetadataMeta,
    synonyms: Synonyms,
  })
  .meta({ id: 'MetadataDimension' });

export const MetadataSegment = z
  .object({
    name: z.string().meta({ description: '`source.member`.' }),
    title: z.string(),
    shortTitle: z.string(),
    description: z.string().optional(),
    isVisible: z.boolean(),
    public: z.boolean(),
    meta: MetadataMeta,
  })
  .meta({ id: 'MetadataSegment' });

export const MetadataSource = z
  .object({
    name: z.string(),
    type: z.enum(['cube', 'view']),
    title: z.string(),
    description: z.string().optional(),
    isVisible: z.boolean(),
    public: z.boolean(),
    meta: MetadataMeta,
    measures: z.array(MetadataMeasure).readonly(),
    dimensions: z.array(MetadataDimension).readonly(),
    segments: z.array(MetadataSegment).readonly(),
  })
  .meta({ id: 'MetadataSource' });

export const ModelMetadataResponse = z.object({ cubes: z.array(MetadataSource).readonly() }).meta({
  id: 'ModelMetadataResponse',
  description: 'The cubes and views the caller may see, in model order.',
});

export const GenerateQuerySqlInput = z
  .strictObject({ query: QueryOrQueries })
  .meta({ id: 'GenerateQuerySqlInput' });

export const maximumModelSqlLength = 100_000;

export const RunModelSqlInput = z
  .strictObject({
    query: z.string().min(1).max(maximumModelSqlLength).meta({
      description: 'SQL over the model, e.g. `SELECT status, MEASURE(count) FROM orders GROUP BY 1`.',
    }),
  })
  .meta({ id: 'RunModelSqlInput' });

export const modelSqlColumnTypes = ['number', 'string', 'boolean', 'time', 'unknown'] as const;

export const ModelSqlSchemaLine = z
  .object({
    schema: z.array(z.object({ name: z.string(), column_type: z.enum(modelSqlColumnTypes) })),
  })
  .meta({ id: 'ModelSqlSchemaLine', description: 'The first line: the result columns.' });

export const ModelSqlDataLine = z
  .object({ data: z.array(z.array(z.unknown())) })
  .meta({ id: 'ModelSqlDataLine', description: 'A batch of rows, values in the order of the schema.' });

export const ModelSqlErrorLine = z
  .object({ error: z.string() })
  .meta({ id: 'ModelSqlErrorLine', description: 'The last line when the query failed after it started.' });

export const ModelSqlLine = z
  .union([ModelSqlSchemaLine, ModelSqlDataLine, ModelSqlErrorLine])
  .meta({ id: 'ModelSqlLine' });

export type ModelSqlLine = z.infer<typeof ModelSqlLine>;

export const defaultTokenLifetimeSeconds = 24 * 60 * 60;
export const maximumTokenLifetimeSeconds = 30 * 24 * 60 * 60;
export const maximumSecurityContextBytes = 16 * 1024;

export const CreateDeploymentTokenInput = z
  .strictObject({
    securityContext: jsonObject()
      .refine(
        (context) => new TextEncoder().encode(JSON.stringify(context)).length <= maximumSecurityContextBytes,
        `must be at most ${maximumSecurityContextBytes} bytes as JSON`,
      )
      .optional()
      .meta({ description: 'What access policies read as `securityContext` (default `{}`).' }),
    groups: z
      .array(z.string().min(1).max(100))
      .max(50)
      .optional()
      .meta({ description: 'Groups access policies match the caller against (default none).' }),
    expiresIn: z
      .int()
      .min(60)
      .max(maximumTokenLifetimeSeconds)
      .default(defaultTokenLifetimeSeconds)
      .meta({
        description: `Lifetime in seconds (default ${defaultTokenLifetimeSeconds}, at most 30 days).`,
      }),
  })
  .meta({ id: 'CreateDeploymentTokenInput' });

export const DeploymentTokenResponse = z
  .object({
    platformApiToken: z
      .string()
      .meta({ description: 'Send as `Authorization: <token>` (or `Bearer <token>`) to the data API.' }),
    expiresAt: Timestamp,
  })
  .meta({ id: 'DeploymentTokenResponse' });
