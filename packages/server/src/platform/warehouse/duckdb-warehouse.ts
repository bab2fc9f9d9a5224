import { type DuckDBConnection, DuckDBInstance, type DuckDBResult } from '@duckdb/node-api';
import { columnTypeOf } from './column-type.js';
import { jsonFriendlyConverter, toDuckDbParameters } from './duckdb-values.js';
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
import { errorMessageOf, WarehouseError } from './warehouse-error.js';

/**
 * One connection per statement: `interrupt()` acts on a connection, so this is what lets one query be
 * cancelled without touching the others, and DuckDB connections are cheap to open.
 */
class DuckDbSession {
  private pending: Promise<unknown> = Promise.resolve();
  private finishing: Promise<void> | null = null;
  private readonly interrupt = (): void => this.connection.interrupt();

  constructor(
    readonly connection: DuckDBConnection,
    readonly deadline: QueryDeadline,
    private readonly onFinished: (session: DuckDbSession) => void,
  ) {
    deadline.signal.addEventListener('abort', this.interrupt, { once: true });
  }

  async run<T>(work: Promise<T>): Promise<T> {
    this.pending = work.catch(() => undefined);
    try {
      return await this.deadline.race(work);
    } catch (error) {
      if (this.deadline.stopped) throw this.deadline.error();
      if (error instanceof WarehouseError) throw error;
      throw new WarehouseError('query', `DuckDB: ${errorMessageOf(error)}`, { cause: error });
    }
  }

  finish(): Promise<void> {
    this.finishing ??= this.release();
    return this.finishing;
  }

  private async release(): Promise<void> {
    this.deadline.signal.removeEventListener('abort', this.interrupt);
    this.deadline.dispose();
    // why: disconnecting under a statement still unwinding from interrupt() is not safe in the binding.
    await this.pending;
    this.connection.disconnectSync();
    this.onFinished(this);
  }
}

function columnsOf(result: DuckDBResult): WarehouseColumn[] {
  return result.columnNames().map((name, index) => {
    const rawType = result.columnType(index).toString();
    return { name, type: columnTypeOf(rawType), rawType };
  });
}

const duckDbSafetySettings = {
  enable_external_access: 'false',
  autoinstall_known_extensions: 'false',
  autoload_known_extensions: 'false',
  // why: DuckDB 1.5.6's common_subplan optimizer returns wrong sums for the compiler's fan-out-safe plans
  // (several aggregated subqueries over the same joins, then joined); the demo-queries test proves it.
  disabled_optimizers: 'common_subplan',
  // why: last, once the settings above apply; from then on no statement (SET, PRAGMA, RESET) can change a
  // setting of the instance, which every branch and user of the deployment shares.
  lock_configuration: 'true',
};

/**
 * Prepares exactly one statement: DuckDB refuses to prepare several, so text such as `SELECT 1; SET ...`
 * never runs its second part, whatever produced it.
 */
async function startResult(
  connection: DuckDBConnection,
  sql: string,
  parameters: readonly unknown[],
): Promise<DuckDBResult> {
  const prepared = await connection.prepare(sql);
  if (parameters.length > 0) prepared.bind(toDuckDbParameters(parameters));
  return prepared.stream();
}

export class DuckDbWarehouse implements Warehouse {
  readonly dialect = 'duckdb' as const;
  private readonly sessions = new Set<DuckDbSession>();
  private closed = false;

  private constructor(private readonly instance: DuckDBInstance) {}

  /**
   * A file path (created when missing) or `:memory:`, opened read-write unless `isReadOnly` (then the file
   * must exist). SQL run here may only see this database: no reading or writing of other files
   * (`read_csv('/etc/passwd')`, `COPY ... TO`), no extensions fetched or loaded behind the operator's back,
   * no setting changed, and one statement per call. Deployments open their files read-only
   * (createWarehouse); read-write is for the tools and tests that fill a file.
   */
  static async open(path: string, options: { isReadOnly?: boolean } = {}): Promise<DuckDbWarehouse> {
    const settings = options.isReadOnly
      ? { ...duckDbSafetySettings, access_mode: 'READ_ONLY' }
      : duckDbSafetySettings;
    try {
      return new DuckDbWarehouse(await DuckDBInstance.create(path, settings));
    } catch (error) {
      throw new WarehouseError(
        'connection',
        `cannot open DuckDB database ${path}: ${errorMessageOf(error)}`,
        {
          cause: error,
        },
      );
    }
  }

  async query(sql: string, parameters: readonly unknown[], options: QueryOptions = {}): Promise<QueryResult> {
    const maximumRows = options.maximumRows ?? Number.POSITIVE_INFINITY;
    const session = await this.openSession(options);
    try {
      const result = await session.run(startResult(session.connection, sql, parameters));
      const rows: unknown[][] = [];
      let totalRows = 0;
      for (;;) {
        const chunk = await session.run(result.fetchChunk());
        if (!chunk || chunk.rowCount === 0) break;
        totalRows += chunk.rowCount;
        // why: rows past the limit are only counted, never converted, so a huge result costs no memory.
        if (rows.length < maximumRows) {
          for (const row of chunk.convertRows(jsonFriendlyConverter)) {
            if (rows.length >= maximumRows) break;
            rows.push(row);
          }
        }
      }
      return { columns: columnsOf(result), rows, totalRows };
    } finally {
      await session.finish();
    }
  }

  async stream(sql: string, parameters: readonly unknown[], options: StreamOptions = {}): Promise<RowStream> {
    const session = await this.openSession(options);
    try {
      const result = await session.run(startResult(session.connection, sql, parameters));
      return createRowStream(
        columnsOf(result),
        async () => {
          const chunk = await session.run(result.fetchChunk());
          return chunk && chunk.rowCount > 0 ? chunk.convertRows(jsonFriendlyConverter) : null;
        },
        () => session.finish(),
      );
    } catch (error) {
      await session.finish();
      throw error;
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const session of this.sessions) session.connection.interrupt();
    await Promise.all([...this.sessions].map((session) => session.finish().catch(() => undefined)));
    this.instance.closeSync();
  }

  private async openSession(options: QueryOptions | StreamOptions): Promise<DuckDbSession> {
    if (this.closed) throw new WarehouseError('connection', 'the DuckDB warehouse is closed');
    const deadline = new QueryDeadline(options);
    try {
      deadline.throwIfStopped();
      const connection = await this.instance.connect();
      const session = new DuckDbSession(connection, deadline, (finished) => this.sessions.delete(finished));
      this.sessions.add(session);
      return session;
    } catch (error) {
      deadline.dispose();
      throw error;
    }
  }
}
