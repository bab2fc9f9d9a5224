import type { SqlDialect } from '../dialect/sql-dialect.types.js';

/** Collects bound values; `add` answers the placeholder to write in their place. */
export class SqlParameters {
  readonly values: unknown[] = [];

  constructor(private readonly dialect: SqlDialect) {}

  add(value: unknown): string {
    this.values.push(value);
    return this.dialect.placeholder(this.values.length);
  }
}
