import * as z from 'zod';
import { errorCodes } from '../errors/error-catalogue.js';

export const ErrorBody = z
  .object({
    statusCode: z.int(),
    error: z.string(),
    code: z.enum(errorCodes),
    message: z.string(),
    requestId: z.string(),
    details: z.unknown().optional(),
  })
  .meta({ id: 'ErrorBody', description: 'The body of every non-2xx JSON response.' });

export type ErrorBody = z.infer<typeof ErrorBody>;

export const PageInfo = z
  .object({
    endCursor: z.string().nullable(),
    hasNextPage: z.boolean(),
  })
  .meta({ id: 'PageInfo' });

export type PageInfo = z.infer<typeof PageInfo>;

/** Ids are PostgreSQL `integer`s: anything outside 1..2^31-1 cannot name a resource and is a 400. */
export const maximumId = 2_147_483_647;

export const defaultPageSize = 20;
export const maximumPageSize = 100;

/** `first` above the maximum is clamped, not refused: clients ask for "as many as you give". */
export const PageSize = z.coerce
  .number()
  .int()
  .min(1)
  .default(defaultPageSize)
  .transform((value) => Math.min(value, maximumPageSize))
  .meta({ description: `Page size (default ${defaultPageSize}, at most ${maximumPageSize}).` });

/**
 * Two ways to page, as clients do: `first` + `after` (a cursor), or `limit` + `offset` (what the hosted
 * CLI sends). `limit` is `first` by another name; an `offset` with an `after` is a 400 (the server's
 * page window checks it, since a refined object could not be extended by each list's filters).
 */
export const PagingQuery = z.object({
  first: PageSize,
  after: z
    .string()
    .min(1)
    .optional()
    .meta({ description: 'Opaque cursor: the endCursor of the previous page.' }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .transform((value) => Math.min(value, maximumPageSize))
    .optional()
    .meta({ description: `Page size, as \`first\` (at most ${maximumPageSize}); wins over \`first\`.` }),
  offset: z.coerce
    .number()
    .int()
    .min(0)
    .max(maximumId)
    .optional()
    .meta({ description: 'Items to skip from the start of the list; not together with `after`.' }),
});

export function listOf<Item extends z.ZodType>(item: Item, id: string) {
  return z.object({ items: z.array(item), pageInfo: PageInfo }).meta({ id });
}

export const EntityId = z.int().min(1).max(maximumId);

/** Path and query ids are plain decimal digits: `1e3`, `0x10` or `+5` are not ids. */
export const IdParam = z.preprocess(
  (value) => (typeof value === 'string' && /^[0-9]{1,10}$/.test(value) ? Number(value) : value),
  z.int({ error: 'must be a positive whole number' }).min(1).max(maximumId),
);

export const DeploymentIdParams = z.object({ deploymentId: IdParam });

export const SuccessResponse = z.object({ success: z.literal(true) }).meta({ id: 'SuccessResponse' });

/** A query-string flag: `true`/`1` and `false`/`0`. */
export const QueryBoolean = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** Array query parameters repeat the key; a single occurrence arrives as a plain string. */
export function queryArray<Item extends z.ZodType>(item: Item) {
  return z.preprocess(
    (value) => (value === undefined || Array.isArray(value) ? value : [value]),
    z.array(item),
  );
}

export const Timestamp = z.string().meta({ format: 'date-time', description: 'ISO 8601 timestamp.' });

export const ItemFailure = z
  .object({
    id: z.int(),
    error: z.object({ status: z.int(), message: z.string() }),
  })
  .meta({ id: 'ItemFailure' });
