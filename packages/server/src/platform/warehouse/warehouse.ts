/** The semantic layer reads a deployment's data through this port; DuckDB and PostgreSQL implement it. */

export type WarehouseDialect = 'duckdb' | 'postgres';

/** A small set callers can format and chart by; `rawType` keeps the warehouse's own name. */
export type ColumnType = 'number' | 'string' | 'boolean' | 'time' | 'unknown';

export interface WarehouseColumn {
  name: string;
  type: ColumnType;
  rawType: string;
}

export interface QueryOptions {
  signal?: AbortSignal;
  /** Wall-clock bound on the whole call; exceeding it cancels the statement in the warehouse. */
  timeoutMilliseconds?: number;
  /** Rows beyond this are counted in `totalRows` but not converted or returned. */
  maximumRows?: number;
}

export interface StreamOptions {
  signal?: AbortSignal;
  /** Wall-clock bound from the call until the stream is finished or closed. */
  timeoutMilliseconds?: number;
  /** Rows per batch for PostgreSQL (FETCH size); DuckDB yields its own vectors of up to 2048 rows. */
  batchSize?: number;
}

export interface QueryResult {
  columns: WarehouseColumn[];
  /** JSON-friendly values: numbers, strings, booleans, null, ISO date strings, plain arrays and objects. */
  rows: unknown[][];
  totalRows: number;
}

/**
 * Columns are known before the first row, so the HTTP layer can write a header first. Iterate it once;
 * leaving the loop early (break, throw) or calling close() releases the connection.
 */
export interface RowStream extends AsyncIterable<unknown[][]> {
  readonly columns: WarehouseColumn[];
  close(): Promise<void>;
}

export interface Warehouse {
  readonly dialect: WarehouseDialect;
  /** Parameters are bound as `$1..$n`, never interpolated into the SQL text. */
  query(sql: string, parameters: readonly unknown[], options?: QueryOptions): Promise<QueryResult>;
  stream(sql: string, parameters: readonly unknown[], options?: StreamOptions): Promise<RowStream>;
  /** Stops running statements and releases every connection. */
  close(): Promise<void>;
}
