import pg from 'pg';
import { columnTypeOf } from './column-type.js';
import { PostgresSession } from './postgres-session.js';
import { builtInTypeNames, parsePostgresValue, toPostgresParameters } from './postgres-values.js';
import { QueryDeadline } from './query-deadline.js';
import { createRowStream } from './row-stream.js';
import type {
  QueryOptions,
  QueryResult,
  RowStream,
  StreamOptions,
  Warehouse,
  WarehouseColumn,
} from './warehouse.js';
import type { PostgresWarehouseConfig } from './warehouse-config.js';
import { WarehouseError } from './warehouse-error.js';

const cursorName = 'warehouse_rows';
const defaultBatchSize = 1000;

function clientConfigOf(config: PostgresWarehouseConfig): pg.ClientConfig {
  const connection =
    'connectionString' in config.connection
      ? { connectionString: config.connection.connectionString }
      : { ...config.connection, password: config.connection.password ?? undefined };
  // why: fixed DateStyle and TimeZone make the text of dates and timestamps parseable the same way always.
  return { ...connection, options: '-c DateStyle=ISO,YMD -c TimeZone=UTC' };
}

/**
 * Results are read through a cursor (DECLARE / FETCH) in a transaction: streaming needs no extra
 * package, and `maximumRows` fetches only what is returned and counts the rest with MOVE, server-side.
 */
export class PostgresWarehouse implements Warehouse {
  readonly dialect = 'postgres' as const;
  private readonly pool: pg.Pool;
  private readonly clientConfig: pg.ClientConfig;
  private readonly typeNames = new Map(builtInTypeNames);

  constructor(config: PostgresWarehouseConfig) {
    this.clientConfig = clientConfigOf(config);
    this.pool = new pg.Pool({ ...this.clientConfig, max: config.maximumConnections });
    // why: an idle client dropped by the server must not crash the process; the pool replaces it.
    this.pool.on('error', () => undefined);
  }

  async query(sql: string, parameters: readonly unknown[], options: QueryOptions = {}): Promise<QueryResult> {
    const maximumRows = options.maximumRows;
    if (maximumRows !== undefined && !(Number.isInteger(maximumRows) && maximumRows >= 0)) {
      throw new WarehouseError('query', 'maximumRows must be an integer of 0 or more');
    }
    const session = await this.openSession(options);
    try {
      if (maximumRows === undefined) {
        const result = await session.run(sql, toPostgresParameters(parameters));
        const columns = await this.columnsOf(session, result.fields);
        return { columns, rows: this.parseRows(result.rows, result.fields), totalRows: result.rows.length };
      }
      await session.run(
        `DECLARE ${cursorName} NO SCROLL CURSOR FOR ${sql}`,
        toPostgresParameters(parameters),
      );
      // why: FETCH 0 would re-read the current row; FORWARD 0 on a fresh cursor returns no row, only fields.
      const fetched = await session.run(`FETCH FORWARD ${maximumRows} FROM ${cursorName}`);
      const rest = await session.run(`MOVE FORWARD ALL IN ${cursorName}`);
      const columns = await this.columnsOf(session, fetched.fields);
      return {
        columns,
        rows: this.parseRows(fetched.rows, fetched.fields),
        totalRows: fetched.rows.length + (rest.rowCount ?? 0),
      };
    } finally {
      await session.finish();
    }
  }

  async stream(sql: string, parameters: readonly unknown[], options: StreamOptions = {}): Promise<RowStream> {
    const batchSize = options.batchSize ?? defaultBatchSize;
    if (!(Number.isInteger(batchSize) && batchSize > 0)) {
      throw new WarehouseError('query', 'batchSize must be a positive integer');
    }
    const session = await this.openSession(options);
    try {
      await session.run(
        `DECLARE ${cursorName} NO SCROLL CURSOR FOR ${sql}`,
        toPostgresParameters(parameters),
      );
      const first = await session.run(`FETCH FORWARD ${batchSize} FROM ${cursorName}`);
      const columns = await this.columnsOf(session, first.fields);
      let pending: typeof first | null = first;
      return createRowStream(
        columns,
        async () => {
          const batch = pending ?? (await session.run(`FETCH FORWARD ${batchSize} FROM ${cursorName}`));
          pending = null;
          return batch.rows.length > 0 ? this.parseRows(batch.rows, batch.fields) : null;
        },
        () => session.finish(),
      );
    } catch (error) {
      await session.finish();
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  private openSession(options: QueryOptions | StreamOptions): Promise<PostgresSession> {
    return PostgresSession.open(this.pool, new QueryDeadline(options), (processId) =>
      this.cancelBackend(processId),
    );
  }

  /** From a fresh connection, not the pool: a saturated pool must not delay a cancel. */
  private async cancelBackend(processId: number): Promise<void> {
    const canceller = new pg.Client(this.clientConfig);
    canceller.on('error', () => undefined);
    try {
      await canceller.connect();
      await canceller.query('SELECT pg_cancel_backend($1)', [processId]);
    } catch {
      // why: best effort; statement_timeout and destroying the client still bound the statement.
    } finally {
      await canceller.end().catch(() => undefined);
    }
  }

  private async columnsOf(session: PostgresSession, fields: pg.FieldDef[]): Promise<WarehouseColumn[]> {
    const unknownTypes = [...new Set(fields.map((field) => field.dataTypeID))].filter(
      (typeId) => !this.typeNames.has(typeId),
    );
    if (unknownTypes.length > 0) {
      const found = await session.run(
        'SELECT oid::int, format_type(oid, NULL) FROM pg_type WHERE oid = ANY($1)',
        [unknownTypes],
      );
      for (const [typeId, name] of found.rows) {
        if (typeId && name) this.typeNames.set(Number(typeId), name);
      }
    }
    return fields.map((field) => {
      const rawType = this.typeNames.get(field.dataTypeID) ?? `oid ${field.dataTypeID}`;
      return { name: field.name, type: columnTypeOf(rawType), rawType };
    });
  }

  private parseRows(rows: Array<Array<string | null>>, fields: pg.FieldDef[]): unknown[][] {
    return rows.map((row) =>
      row.map((text, index) => parsePostgresValue(text, fields[index]?.dataTypeID ?? 0)),
    );
  }
}
