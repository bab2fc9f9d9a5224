/**
 * What the built-in analyst reads of a `platformMeta` result: the server's metadata search result fits
 * it; `synonyms` are used when the metadata carries them.
 */
export interface AnalystMetadataMember {
  /** `source.member`. */
  readonly name: string;
  /** `<source title> <member title>`, as the metadata search gives it. */
  readonly title: string;
  readonly description?: string;
  readonly kind: 'measure' | 'dimension' | 'segment';
  readonly type: string;
  readonly aggType?: string;
  readonly synonyms?: readonly string[];
}

export interface AnalystMetadataSource {
  readonly name: string;
  readonly type: 'cube' | 'view';
  readonly title: string;
  readonly description?: string;
  readonly synonyms?: readonly string[];
  /** For a cube: the cubes it joins through the model's joins (`FROM cube CROSS JOIN other`). */
  readonly joins?: readonly string[];
  readonly members: readonly AnalystMetadataMember[];
}

export interface AnalystMetadata {
  /** Best match first. */
  readonly cubes: readonly AnalystMetadataSource[];
}

/** What the analyst needs beyond the turn: the clock, the user's wall clock and a query for known values. */
export interface AnalystPlanOptions {
  /** The instant relative ranges ("last year") are read against. */
  readonly now: Date;
  /** IANA name; relative ranges and the dates written into the SQL are on this wall clock. */
  readonly timezone: string;
  /** BCP 47; numbers in the answer are written for it (default en-US). */
  readonly locale?: string;
  /** Known values of a string dimension (`source.member`), for filters on words of the question. */
  readonly lookupValues: (memberPath: string) => Promise<readonly string[]>;
}

/** One output column of the planned SQL, so the answer can name what it reports. */
export interface AnalystColumn {
  /** The column's name in the result (`schema[].name`). */
  readonly name: string;
  /** The member's own title, e.g. "Deal amount". */
  readonly title: string;
  readonly role: 'measure' | 'dimension' | 'time';
  /** For a time column: the granularity it is truncated to. */
  readonly granularity?: string;
}

export interface AnalystChart {
  readonly mark: 'bar' | 'line';
  /** Column names of the result. */
  readonly x: string;
  readonly y: string;
}

export interface AnalystQueryPlan {
  readonly kind: 'query';
  /** SQL for the SQL interface over the model (one SELECT over one cube or view, or joined cubes). */
  readonly sqlQuery: string;
  readonly queryTitle: string;
  readonly description: string;
  readonly chart?: AnalystChart;
  readonly columns: readonly AnalystColumn[];
  /** Whether rows are ranked by the measure (top or bottom N), not listed in time or natural order. */
  readonly ranking?: 'highest' | 'lowest';
  /** What the first row of a ranking has, in words: "the highest revenue", "the fewest orders". */
  readonly rankedBy?: string;
  /** The range and filters in words ("in 2024 (2024-01-01 to 2024-12-31), where stage is Won"), or empty. */
  readonly scope: string;
}

export interface AnalystRefusal {
  readonly kind: 'cannot-answer';
  /** A plain sentence for the user: why not, and what would work. */
  readonly reason: string;
}

export type AnalystPlan = AnalystQueryPlan | AnalystRefusal;
