import type { SqlDialect } from '../dialect/sql-dialect.types.js';
import type { Dimension, Measure } from '../model/member.types.js';

/** Model SQL with cube aliases filled in, and the cubes it reads (which must be joined). */
export interface RenderedSql {
  readonly sql: string;
  readonly cubes: readonly string[];
}

/** One aggregate over one cube's rows: the unit the fan-out planner places in a query stage. */
export interface AggregateLeaf {
  /** Equal leaves (same cube, same SQL) share a key and are computed once. */
  readonly key: string;
  readonly cubeName: string;
  readonly sql: string;
  /** Cubes the aggregate reads, its own included. */
  readonly cubes: readonly string[];
  /** min, max and distinct counts give the same answer when rows are duplicated by joins. */
  readonly isDuplicationSafe: boolean;
}

/** A measure's SQL: text around aggregates, so a number measure over several cubes can be recombined. */
export type MeasurePart = string | AggregateLeaf;

export interface MeasureSql {
  readonly parts: readonly MeasurePart[];
  readonly leaves: readonly AggregateLeaf[];
  readonly cubes: readonly string[];
}

/** How a reference to a measure is treated: inside a number measure it is embedded, elsewhere an error. */
export type ReferenceMode = 'row' | 'calculated';

export interface TemplateResult {
  readonly parts: MeasurePart[];
  readonly cubes: Set<string>;
}

/** What measure SQL is built from; implemented by MemberSql. */
export interface MemberSqlRenderer {
  readonly dialect: SqlDialect;
  cubeAlias(cubeName: string): string;
  primaryKeys(cubeName: string): Dimension[];
  dimension(cubeName: string, dimension: Dimension): RenderedSql;
  measureFilterConditions(cubeName: string, measure: Measure): RenderedSql | undefined;
  rowSql(cubeName: string, sql: string, where: string): RenderedSql;
  template(cubeName: string, sql: string, where: string, mode: ReferenceMode): TemplateResult;
}
