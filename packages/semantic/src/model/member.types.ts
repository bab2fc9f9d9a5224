import type { JsonObject } from './json-value.types.js';
import type { SourceLocation } from './source-location.types.js';

export const measureTypes = [
  'count',
  'count_distinct',
  'count_distinct_approx',
  'sum',
  'avg',
  'min',
  'max',
  'number',
  'string',
  'time',
  'boolean',
  'number_agg',
] as const;
export type MeasureType = (typeof measureTypes)[number];

export const dimensionTypes = ['string', 'number', 'time', 'boolean', 'geo'] as const;
export type DimensionType = (typeof dimensionTypes)[number];

export const measureFormatNames = ['percent', 'currency', 'number'] as const;
export const dimensionFormatNames = ['percent', 'currency', 'number', 'id', 'link', 'imageUrl'] as const;
export type FormatName = (typeof dimensionFormatNames)[number];
/** A named format, or an object form such as `{type: link, label: Website}` kept as written. */
export type MemberFormat = FormatName | Readonly<Record<string, string | number | boolean>>;

export const rollingWindowTypes = [
  'fixed',
  'year_to_date',
  'quarter_to_date',
  'month_to_date',
  'to_date',
] as const;
export type RollingWindowType = (typeof rollingWindowTypes)[number];

/** Title, description, visibility and metadata shared by cubes, views and members. */
export interface Describable {
  readonly title?: string;
  readonly description?: string;
  readonly isPublic: boolean;
  readonly meta: JsonObject;
  /** `meta.synonyms`, type-checked: alternative names the AI analyst matches questions against. */
  readonly synonyms: readonly string[];
}

export interface SqlCondition {
  readonly sql: string;
  readonly location: SourceLocation;
}

export interface RollingWindow {
  readonly type: RollingWindowType;
  /** An interval such as `7 days`, or `unbounded`. */
  readonly trailing?: string;
  readonly leading?: string;
  readonly offset?: 'start' | 'end';
  /** Only for `to_date`. */
  readonly granularity?: string;
}

export interface Measure extends Describable {
  readonly kind: 'measure';
  readonly name: string;
  readonly type: MeasureType;
  /** Absent only for `count`, which then counts rows. */
  readonly sql?: string;
  readonly format?: MemberFormat;
  readonly filters: readonly SqlCondition[];
  readonly drillMembers: readonly string[];
  readonly rollingWindow?: RollingWindow;
  readonly location: SourceLocation;
}

/** A case label is either literal text or an SQL expression. */
export type CaseLabel = string | { readonly sql: string };

export interface DimensionCase {
  readonly when: readonly { readonly sql: string; readonly label: CaseLabel }[];
  readonly else?: { readonly label: CaseLabel };
}

/** A custom granularity of a time dimension. */
export interface Granularity {
  readonly name: string;
  /** Such as `2 weeks` or `1 year 6 months`. */
  readonly interval: string;
  readonly offset?: string;
  readonly origin?: string;
  readonly title?: string;
  readonly location: SourceLocation;
}

export interface Dimension extends Describable {
  readonly kind: 'dimension';
  readonly name: string;
  readonly type: DimensionType;
  /** Absent when the value comes from `case` or, for `geo`, from `latitude` and `longitude`. */
  readonly sql?: string;
  readonly isPrimaryKey: boolean;
  readonly format?: MemberFormat;
  readonly case?: DimensionCase;
  readonly isSubQuery: boolean;
  readonly isPropagatingFiltersToSubQuery: boolean;
  readonly granularities: readonly Granularity[];
  readonly latitude?: { readonly sql: string };
  readonly longitude?: { readonly sql: string };
  readonly location: SourceLocation;
}

export interface Segment extends Describable {
  readonly kind: 'segment';
  readonly name: string;
  readonly sql: string;
  readonly location: SourceLocation;
}

export type Member = Measure | Dimension | Segment;
