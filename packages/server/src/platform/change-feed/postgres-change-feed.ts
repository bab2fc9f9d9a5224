import pg from 'pg';
import type { Logger } from 'pino';
import { type ChangeFeed, ChangeListeners, everythingChanged } from './change-feed.js';

const reconnectDelayMilliseconds = 1000;

/**
 * Processes sharing one PostgreSQL hear each other through LISTEN/NOTIFY on a channel named after the
 * schema (tests share a database with a schema each). While the listening connection is down nothing
 * can be trusted, so every reconnect delivers `*`.
 */
export class PostgresChangeFeed implements ChangeFeed {
  private readonly listeners = new ChangeListeners();
  private client: pg.Client | null = null;
  private isClosed = false;
  private reconnectTimer: NodeJS.Timeout | null = null;

  private readonly channel: string;

  /** Builds the feed without connecting: `start()` opens the listening connection. */
  constructor(
    private readonly databaseUrl: string,
    schema: string | null,
    private readonly logger: Logger,
  ) {
    this.channel = `platform_changes_${schema ?? 'public'}`;
  }

  async start(): Promise<void> {
    if (this.isClosed || this.client) return;
    await this.connect();
  }

  async publish(topic: string): Promise<void> {
    // This process hears its own notification too; delivering now makes the change visible at once here.
    this.listeners.deliver(topic);
    try {
      if (!this.client) throw new Error('the change feed is not connected');
      await this.client.query('SELECT pg_notify($1, $2)', [this.channel, topic]);
    } catch (error) {
      this.logger.warn({ err: error, topic }, 'could not notify other processes of a change');
    }
  }

  subscribe(listener: (topic: string) => void): () => void {
    return this.listeners.add(listener);
  }

  async close(): Promise<void> {
    this.isClosed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('notification', (message) => {
      if (message.channel === this.channel && message.payload) this.listeners.deliver(message.payload);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    await client.connect();
    await client.query(`LISTEN ${this.channel}`);
    this.client = client;
  }

  private lost(client: pg.Client, error: Error): void {
    if (this.client !== client || this.isClosed) return;
    this.client = null;
    this.logger.warn({ err: error }, 'change feed connection lost; reconnecting');
    this.listeners.deliver(everythingChanged);
    const retry = () => {
      this.reconnectTimer = null;
      if (this.isClosed) return;
      this.connect()
        .then(() => this.listeners.deliver(everythingChanged))
        .catch((reconnectError: unknown) => {
          this.logger.warn({ err: reconnectError }, 'change feed reconnect failed');
          this.reconnectTimer = setTimeout(retry, reconnectDelayMilliseconds);
        });
    };
    this.reconnectTimer = setTimeout(retry, reconnectDelayMilliseconds);
  }
}
