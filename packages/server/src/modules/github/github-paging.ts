import { AppError } from '../../errors/app-error.js';

/**
 * GitHub pages lists by number (`page`, `per_page`); our lists by an opaque cursor. The cursor holds
 * GitHub's next page number and its page size, so every page of one walk has the same size.
 */
export interface GitHubPageRequest {
  page: number;
  perPage: number;
}

export function gitHubPageOf(query: { first: number; after?: string | undefined }): GitHubPageRequest {
  if (query.after === undefined) return { page: 1, perPage: query.first };
  const match = /^page:(\d{1,6}):(\d{1,3})$/.exec(Buffer.from(query.after, 'base64url').toString('utf8'));
  const page = Number(match?.[1]);
  const perPage = Number(match?.[2]);
  if (!match || page < 1 || perPage < 1 || perPage > 100) {
    throw new AppError(
      'BAD_REQUEST',
      `invalid cursor "${query.after}": pass the endCursor of a previous page`,
    );
  }
  return { page, perPage };
}

export function gitHubQueryOf(request: GitHubPageRequest): Record<string, string> {
  return { page: String(request.page), per_page: String(request.perPage) };
}

export function pageInfoOf(request: GitHubPageRequest, hasNextPage: boolean) {
  return {
    endCursor: hasNextPage
      ? Buffer.from(`page:${request.page + 1}:${request.perPage}`, 'utf8').toString('base64url')
      : null,
    hasNextPage,
  };
}
