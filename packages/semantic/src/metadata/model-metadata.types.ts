import type { JsonObject } from '../model/json-value.types.js';
import type { DimensionType, MemberFormat } from '../model/member.types.js';

/** The value type a member's column holds, as semantic-layer clients expect it. */
export type MetadataValueType = 'number' | 'string' | 'time' | 'boolean';

export interface MeasureMetadata {
  /** `source.member`. */
  readonly name: string;
  readonly title: string;
  readonly shortTitle: string;
  readonly description?: string;
  /** `number`, except for measures of type `string`, `time` and `boolean`. */
  readonly type: MetadataValueType;
  /** The measure type in camelCase: `count`, `countDistinct`, `sum`, `avg`, `number`… */
  readonly aggType: string;
  /** True for rolling-window measures. */
  readonly cumulative: boolean;
  readonly isVisible: true;
  readonly public: true;
  readonly format?: MemberFormat;
  readonly meta?: JsonObject;
  readonly synonyms?: readonly string[];
}

export interface GranularityMetadata {
  readonly name: string;
  readonly title: string;
  readonly interval: string;
  readonly offset?: string;
  readonly origin?: string;
}

export interface DimensionMetadata {
  readonly name: string;
  readonly title: string;
  readonly shortTitle: string;
  readonly description?: string;
  readonly type: DimensionType;
  readonly primaryKey: boolean;
  readonly isVisible: true;
  readonly public: true;
  /** The custom granularities of a time dimension; the standard ones (`day`, `month`…) always exist. */
  readonly granularities?: readonly GranularityMetadata[];
  readonly format?: MemberFormat;
  readonly meta?: JsonObject;
  readonly synonyms?: readonly string[];
}

export interface SegmentMetadata {
  readonly name: string;
  readonly title: string;
  readonly shortTitle: string;
  readonly description?: string;
  readonly isVisible: true;
  readonly public: true;
  readonly meta?: JsonObject;
}

export interface SourceMetadata {
  readonly name: string;
  readonly type: 'cube' | 'view';
  readonly title: string;
  readonly description?: string;
  readonly isVisible: true;
  readonly public: true;
  readonly meta?: JsonObject;
  readonly measures: readonly MeasureMetadata[];
  readonly dimensions: readonly DimensionMetadata[];
  readonly segments: readonly SegmentMetadata[];
}

/** The `meta` answer: the cubes and views a caller may see, with their visible members, in model order. */
export interface ModelMetadata {
  readonly cubes: readonly SourceMetadata[];
}
