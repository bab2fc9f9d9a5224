import { AppError } from '../../errors/app-error.js';

/** One position in a list sorted by several keys: the last item's keys, ending with its unique id. */
export type SortKey = ReadonlyArray<string | number>;

/** What each key of a cursor must be, so that a forged cursor is a 400, never a store error. */
export type SortKeyShape = ReadonlyArray<'string' | 'number'>;

const largestKeyNumber = 2_147_483_647;
const longestKeyText = 10_000;

/**
 * Lists sorted by something other than the id (a name, a time) page by the whole sort key: the cursor
 * is base64url of `[ordering, ...keys]`, so a page starts right after the last item a client saw even
 * when items were added or removed meanwhile. `ordering` names the sort it was made for; a cursor of
 * another sort is refused instead of starting at a meaningless place.
 */
export function encodeSortKeyCursor(ordering: string, key: SortKey): string {
  return Buffer.from(JSON.stringify([ordering, ...key]), 'utf8').toString('base64url');
}

export function decodeSortKeyCursor(cursor: string, ordering: string, shape: SortKeyShape): SortKey {
  const refused = new AppError(
    'BAD_REQUEST',
    `invalid cursor "${cursor.slice(0, 100)}": pass the endCursor of a previous page of the same sort`,
  );
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw refused;
  }
  if (!Array.isArray(parsed) || parsed.length !== shape.length + 1 || parsed[0] !== ordering) throw refused;
  const key = parsed.slice(1) as unknown[];
  const fits = shape.every((kind, index) => {
    const value = key[index];
    return kind === 'number'
      ? Number.isInteger(value) && Math.abs(value as number) <= largestKeyNumber
      : typeof value === 'string' && value.length <= longestKeyText && !value.includes('\u0000');
  });
  if (!fits) throw refused;
  return key as SortKey;
}

/** Which slice a request asks for: after a cursor (`first`/`after`) or at a position (`limit`/`offset`). */
export interface SortKeyWindow {
  size: number;
  after: SortKey | null;
  offset: number;
}

export function sortKeyWindowOf(
  query: {
    first: number;
    after?: string | undefined;
    limit?: number | undefined;
    offset?: number | undefined;
  },
  ordering: string,
  shape: SortKeyShape,
): SortKeyWindow {
  if (query.after !== undefined && query.offset !== undefined) {
    throw new AppError('BAD_REQUEST', 'page with either after (a cursor) or offset, not both');
  }
  return {
    size: query.limit ?? query.first,
    after: query.after === undefined ? null : decodeSortKeyCursor(query.after, ordering, shape),
    offset: query.offset ?? 0,
  };
}

/** A page of rows fetched one beyond its size, with the cursor of its last row. */
export function sortKeyPageOf<Row>(
  rows: Row[],
  size: number,
  ordering: string,
  keyOf: (row: Row) => SortKey,
): { rows: Row[]; pageInfo: { endCursor: string | null; hasNextPage: boolean } } {
  const hasNextPage = rows.length > size;
  const page = hasNextPage ? rows.slice(0, size) : rows;
  const last = page[page.length - 1];
  return {
    rows: page,
    pageInfo: {
      endCursor: last === undefined ? null : encodeSortKeyCursor(ordering, keyOf(last)),
      hasNextPage,
    },
  };
}
