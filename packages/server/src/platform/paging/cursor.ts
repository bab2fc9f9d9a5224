import { maximumId, type PageInfo } from '@platform/contract';
import { AppError } from '../../errors/app-error.js';

/**
 * Cursors are opaque to clients: base64url of the last item's sort key. Lists are keyed by id, which
 * never changes, so a cursor stays valid while items are added or removed.
 */
export function encodeCursor(lastId: number): string {
  return Buffer.from(`id:${lastId}`, 'utf8').toString('base64url');
}

/**
 * Decodes a cursor made by encodeCursor. `largestId` bounds the listed table's key column (an `integer`
 * by default; `bigserial` tables pass a larger bound), so a forged cursor is a 400, not a store error.
 */
export function decodeCursor(cursor: string | undefined, largestId: number = maximumId): number | null {
  if (cursor === undefined) return null;
  const match = /^id:(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const id = match ? Number(match[1]) : Number.NaN;
  if (!(id <= largestId)) {
    throw new AppError('BAD_REQUEST', `invalid cursor "${cursor}": pass the endCursor of a previous page`);
  }
  return id;
}

/** Lists fetch one row more than asked to learn whether another page exists. */
export function pageOf<Row extends { id: number }>(
  rows: Row[],
  pageSize: number,
): { rows: Row[]; pageInfo: PageInfo } {
  const hasNextPage = rows.length > pageSize;
  const page = hasNextPage ? rows.slice(0, pageSize) : rows;
  const last = page[page.length - 1];
  return { rows: page, pageInfo: { endCursor: last ? encodeCursor(last.id) : null, hasNextPage } };
}

/** Which slice of a list a request asks for, by cursor (`first`/`after`) or by position (`limit`/`offset`). */
export interface PageWindow {
  size: number;
  /** The id after which the page starts (null: from the start). */
  afterId: number | null;
  /** Rows to skip before the page. */
  offset: number;
}

export function pageWindowOf(
  query: {
    first: number;
    after?: string | undefined;
    limit?: number | undefined;
    offset?: number | undefined;
  },
  largestId: number = maximumId,
): PageWindow {
  if (query.after !== undefined && query.offset !== undefined) {
    throw new AppError('BAD_REQUEST', 'page with either after (a cursor) or offset, not both');
  }
  return {
    size: query.limit ?? query.first,
    afterId: decodeCursor(query.after, largestId),
    offset: query.offset ?? 0,
  };
}
