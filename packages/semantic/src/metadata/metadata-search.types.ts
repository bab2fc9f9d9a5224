import type { AccessScope } from '../access/access-scope.types.js';

export interface MetadataSearchMember {
  /** `source.member`. */
  readonly name: string;
  readonly title: string;
  readonly description?: string;
  readonly kind: 'measure' | 'dimension' | 'segment';
  /** The value type (`number`, `string`, `time`, `boolean`, `geo`); `boolean` for a segment. */
  readonly type: string;
  /** For a measure: its type in camelCase (`sum`, `countDistinct`…). */
  readonly aggType?: string;
  /** `meta.synonyms`, only when the member has some: other words the analyst may hear for it. */
  readonly synonyms?: readonly string[];
}

export interface MetadataSearchSource {
  readonly name: string;
  readonly type: 'cube' | 'view';
  readonly title: string;
  readonly description?: string;
  /** `meta.synonyms`, only when the source has some. */
  readonly synonyms?: readonly string[];
  /**
   * For a cube: the cubes the caller may see that it joins through the model's join graph, directly or
   * through other cubes, nearest first (what `FROM cube CROSS JOIN other` accepts); absent when none.
   */
  readonly joins?: readonly string[];
  /** Matching members first, best first, then the source's other members in model order. */
  readonly members: readonly MetadataSearchMember[];
}

export interface MetadataSearchResult {
  /** Best first. */
  readonly cubes: readonly MetadataSearchSource[];
  /** The text searched for, as given. */
  readonly searchQuery: string;
}

export interface MetadataSearchOptions {
  readonly scope: AccessScope;
  /** Sources to return; default 10. */
  readonly limit?: number;
  /** Members per source; default 25. */
  readonly memberLimit?: number;
}

export interface MetadataSearchIndex {
  search(text: string, options: MetadataSearchOptions): MetadataSearchResult;
}
