import type { CubeRowFilter, SemanticQuery } from '../query/semantic-query.types.js';

/** Who is asking: the groups access policies name, and the values their conditions and filters read. */
export interface AccessCaller {
  readonly groups: readonly string[];
  /** `{ securityContext.x }` in conditions and row filters. */
  readonly securityContext: Record<string, unknown>;
  /** `{ userAttributes.x }` in conditions and row filters. */
  readonly userAttributes: Record<string, unknown>;
}

/** A query after access policies: view row filters added to its filters, cube row filters beside it. */
export interface AccessedQuery {
  readonly query: SemanticQuery;
  /** For `BuildQueryOptions.cubeRowFilters`; the compiler applies each where its cube takes part. */
  readonly cubeRowFilters: CubeRowFilter[];
}

/** What one caller may see of one compiled model; decisions are computed on first use and kept. */
export interface AccessScope {
  /** Whether policies let the caller see `source.member` (`public: false` is not considered here). */
  isMemberVisible(path: string): boolean;
  /** Whether policies let the caller see the cube or view at all. */
  isSourceVisible(name: string): boolean;
  /** Throws SemanticQueryError('forbidden') naming the first member or source the caller may not query. */
  applyToQuery(query: SemanticQuery): AccessedQuery;
}
