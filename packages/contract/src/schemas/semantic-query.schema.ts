import * as z from 'zod';
import { text } from './text.schema.js';

/** The most rows one query returns, and what it returns without `limit` (the semantic layer's own limits). */
export const defaultQueryRowLimit = 10_000;
export const maximumQueryRowLimit = 50_000;

/** Filter operators of the semantic query; the server checks at compile time that the compiler has the same. */
export const queryFilterOperators = [
  'equals',
  'notEquals',
  'contains',
  'notContains',
  'startsWith',
  'notStartsWith',
  'endsWith',
  'notEndsWith',
  'in',
  'notIn',
  'gt',
  'gte',
  'lt',
  'lte',
  'set',
  'notSet',
  'inDateRange',
  'notInDateRange',
  'onTheDate',
  'beforeDate',
  'beforeOrOnDate',
  'afterDate',
  'afterOrOnDate',
  'measureFilter',
] as const;

export type QueryFilterOperator = (typeof queryFilterOperators)[number];

const namePart = '[A-Za-z_][A-Za-z0-9_]*';
const memberPattern = new RegExp(`^${namePart}\\.${namePart}$`);
const memberOrGranularityPattern = new RegExp(`^${namePart}\\.${namePart}(\\.${namePart})?$`);

/** `cube.member` or `view.member`. */
export const MemberName = z
  .string()
  .max(300)
  .regex(memberPattern, 'must be a member name like orders.count')
  .meta({ description: 'A member as `cube.member` or `view.member`.' });

/** A dimension may name a time dimension's granularity: `orders.created_at.month`. */
const DimensionName = z
  .string()
  .max(300)
  .regex(memberOrGranularityPattern, 'must be a member name like orders.status or orders.created_at.month');

export type QueryFilterValue = string | number | boolean;

export interface QueryMemberFilter {
  member: string;
  operator: QueryFilterOperator;
  values?: QueryFilterValue[] | undefined;
}

export type QueryFilter = QueryMemberFilter | { and: QueryFilter[] } | { or: QueryFilter[] };

const maximumFilterValues = 10_000;

const QueryMemberFilter = z
  .strictObject({
    member: MemberName,
    operator: z.enum(queryFilterOperators),
    values: z
      .array(z.union([text().max(10_000), z.number(), z.boolean()]))
      .max(maximumFilterValues)
      .optional(),
  })
  .meta({ id: 'QueryMemberFilter' });

export const QueryFilter: z.ZodType<QueryFilter> = z
  .union([
    QueryMemberFilter,
    z.strictObject({
      get and() {
        return z.array(QueryFilter).max(100);
      },
    }),
    z.strictObject({
      get or() {
        return z.array(QueryFilter).max(100);
      },
    }),
  ])
  .meta({
    id: 'QueryFilter',
    description: '`{member, operator, values}`, or `{and: [...]}` / `{or: [...]}` of filters.',
  });

const DateText = text().min(1).max(100);

export const QueryTimeDimension = z
  .strictObject({
    dimension: MemberName,
    granularity: z
      .string()
      .regex(new RegExp(`^${namePart}$`), 'must be a granularity name like month')
      .max(100)
      .optional(),
    dateRange: z
      .union([DateText, z.tuple([DateText, DateText])])
      .optional()
      .meta({ description: '`"last 7 days"`, `"this month"`, or `[from, to]` dates.' }),
  })
  .meta({ id: 'QueryTimeDimension' });

const OrderDirection = z.enum(['asc', 'desc']);

/** Whether the runtime knows `name` as an IANA time zone. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The JSON query of the data API (`load`, `sql`): members are named `cube.member` or `view.member`. */
export const SemanticQuery = z
  .strictObject({
    measures: z.array(MemberName).max(200).optional(),
    dimensions: z.array(DimensionName).max(200).optional(),
    timeDimensions: z.array(QueryTimeDimension).max(20).optional(),
    filters: z.array(QueryFilter).max(200).optional(),
    segments: z.array(MemberName).max(50).optional(),
    order: z
      .union([
        z.record(DimensionName, OrderDirection),
        z.array(z.tuple([DimensionName, OrderDirection])).max(200),
      ])
      .optional()
      .meta({ description: '`{"orders.count": "desc"}` (key order kept) or `[["orders.count", "desc"]]`.' }),
    limit: z
      .int()
      .min(0)
      .max(maximumQueryRowLimit)
      .optional()
      .meta({
        description: `Rows to return (default ${defaultQueryRowLimit}, at most ${maximumQueryRowLimit}).`,
      }),
    offset: z.int().min(0).optional(),
    timezone: z
      .string()
      .max(100)
      .refine(isTimeZone, 'must be an IANA time zone such as Europe/Paris')
      .optional()
      .meta({ description: 'IANA time zone the dates are read in (default UTC).' }),
  })
  .meta({ id: 'SemanticQuery' });

export type SemanticQuery = z.output<typeof SemanticQuery>;

export const queryTypes = ['regularQuery', 'multi'] as const;

export const QueryType = z.enum(queryTypes).meta({
  description:
    '`multi` wraps the answer as `{queryType, results, pivotQuery}`, the shape semantic-layer client libraries ask for.',
});

export type QueryType = z.infer<typeof QueryType>;
