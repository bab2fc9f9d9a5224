/** One member of a `platformMeta` result (SPEC.md "Chat resources"). */
export interface PlatformMetaMember {
  name: string;
  title: string;
  description?: string;
  /** `string`, `number`, `time`, `boolean`. */
  type: string;
  aggType?: string;
  synonyms?: string[];
}

export interface PlatformMetaCube {
  name: string;
  type: 'cube' | 'view';
  title: string;
  description?: string;
  synonyms?: string[];
  /** For a cube: the cubes it joins (directly or through others) that the caller may see; SPEC adds none. */
  joins?: string[];
  members: PlatformMetaMember[];
}

export interface PlatformMetaResult {
  cubes: PlatformMetaCube[];
  searchQuery: string;
}

export interface SqlRunResult {
  schema: { name: string; column_type: string }[];
  /** At most `maxRows` rows. */
  rows: unknown[][];
  /** Every row the query returned, not only those kept. */
  totalRows: number;
}

/**
 * The data an agent reaches, bound to one caller (deployment, branch, groups, security context, user
 * attributes): access policies and row-level security apply to everything it returns.
 */
export interface AgentDataAccess {
  /** IANA time zone of the session; SQL runs with it. */
  readonly timezone: string;
  searchMetadata(searchQuery: string): Promise<PlatformMetaResult>;
  runSql(sql: string, options: { maxRows: number; abortSignal?: AbortSignal }): Promise<SqlRunResult>;
  /** Distinct values of a string dimension, at most 1,000, cached per model version and caller scope. */
  lookupValues(memberPath: string): Promise<readonly string[]>;
}
