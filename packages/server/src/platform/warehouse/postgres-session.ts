import type pg from 'pg';
import { rawText } from './postgres-values.js';
import type { QueryDeadline } from './query-deadline.js';
import { errorMessageOf, WarehouseError } from './warehouse-error.js';

/** pg keeps the backend pid on the client without declaring it; read it without widening to any. */
function processIdOf(client: pg.PoolClient): number | null {
  const processId: unknown = Reflect.get(client, 'processID');
  return typeof processId === 'number' ? processId : null;
}

function toWarehouseError(error: unknown): WarehouseError {
  if (error instanceof WarehouseError) return error;
  const code: unknown = error instanceof Error ? Reflect.get(error, 'code') : undefined;
  // why: the server-side statement_timeout is the safety net behind our own timer; say the same thing.
  if (code === '57014' && /statement timeout/.test(errorMessageOf(error))) {
    return new WarehouseError('timeout', 'query timed out and was cancelled by statement_timeout', {
      cause: error,
    });
  }
  return new WarehouseError('query', `PostgreSQL: ${errorMessageOf(error)}`, { cause: error });
}

/**
 * One pooled client for one statement (or one cursor), in a read-only transaction that is rolled back. A pooled client has no cancel
 * of its own, so on abort or timeout `cancelBackend` runs pg_cancel_backend from a separate connection,
 * and the client is destroyed, not returned, once both settle: a late cancel can never hit the next
 * query on that backend.
 */
export class PostgresSession {
  private pending: Promise<unknown> = Promise.resolve();
  private cancelling: Promise<void> = Promise.resolve();
  private finishing: Promise<void> | null = null;
  private readonly onStop = (): void => {
    const processId = processIdOf(this.client);
    if (processId !== null) this.cancelling = this.cancelBackend(processId);
  };

  private constructor(
    private readonly client: pg.PoolClient,
    private readonly deadline: QueryDeadline,
    private readonly cancelBackend: (processId: number) => Promise<void>,
  ) {
    deadline.signal.addEventListener('abort', this.onStop, { once: true });
  }

  static async open(
    pool: pg.Pool,
    deadline: QueryDeadline,
    cancelBackend: (processId: number) => Promise<void>,
  ): Promise<PostgresSession> {
    const connecting = pool.connect();
    let client: pg.PoolClient;
    try {
      client = await deadline.race(connecting);
    } catch (error) {
      // why: the client still arrives later; it must go back to the pool, not leak.
      connecting.then(
        (late) => late.release(),
        () => undefined,
      );
      deadline.dispose();
      throw deadline.stopped
        ? deadline.error()
        : new WarehouseError('connection', `PostgreSQL: ${errorMessageOf(error)}`, { cause: error });
    }
    const session = new PostgresSession(client, deadline, cancelBackend);
    try {
      // why: nothing a query runs may last beyond it: READ ONLY refuses writes, and the transaction is
      // always rolled back (see release), which also undoes set_config() and SET for the pooled connection.
      await session.run('BEGIN READ ONLY');
      if (deadline.timeoutMilliseconds !== undefined) {
        const milliseconds = String(Math.ceil(deadline.timeoutMilliseconds));
        await session.run("SELECT set_config('statement_timeout', $1, true)", [milliseconds]);
      }
      return session;
    } catch (error) {
      await session.finish();
      throw error;
    }
  }

  /** Rows come back as arrays of PostgreSQL text; see parsePostgresValue. */
  async run(text: string, values: readonly unknown[] = []): Promise<pg.QueryResult<Array<string | null>>> {
    // why: the extended protocol prepares exactly one statement; the simple one (pg's choice when there are
    // no values) would run `SELECT 1; SET ...` whole. queryMode is pg's, missing from its type declarations.
    const query: pg.QueryConfig & { rowMode: 'array'; queryMode: 'extended' } = {
      text,
      values: [...values],
      rowMode: 'array',
      types: rawText,
      queryMode: 'extended',
    };
    const running = this.client.query<Array<string | null>>(query);
    this.pending = running.catch(() => undefined);
    try {
      return await this.deadline.race(running);
    } catch (error) {
      throw this.deadline.stopped ? this.deadline.error() : toWarehouseError(error);
    }
  }

  finish(): Promise<void> {
    this.finishing ??= this.release();
    return this.finishing;
  }

  private async release(): Promise<void> {
    this.deadline.signal.removeEventListener('abort', this.onStop);
    const stopped = this.deadline.stopped;
    this.deadline.dispose();
    if (stopped) {
      // why: not awaited, so the caller gets its abort error at once while the backend winds down.
      void Promise.all([this.pending, this.cancelling]).then(() => this.client.release(true));
      return;
    }
    try {
      await this.client.query('ROLLBACK');
      this.client.release();
    } catch (error) {
      this.client.release(error instanceof Error ? error : true);
    }
  }
}
