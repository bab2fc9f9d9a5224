import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { buildApp, buildChatApp } from '../../packages/server/src/app.js';
import { loadConfig } from '../../packages/server/src/config.js';
import { type Container, createContainer } from '../../packages/server/src/container.js';
import { createLogger } from '../../packages/server/src/logger.js';
import type { RunningServer } from './bare-server.js';

export interface PlatformServer extends RunningServer {
  engine: 'pglite' | 'postgres';
  adminKey: string;
  /** The Chat API listener, when asked for. */
  chatUrl: string | null;
  /** The server's own services, for benchmarks that compare a request with the same work in process. */
  container: Container;
  /** The management API's app, for requests injected without a socket. */
  app: FastifyInstance;
}

async function dropSchema(databaseUrl: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}

/**
 * The real platform in this process, listening on an ephemeral port: PGlite in a temp directory, or
 * PostgreSQL in a schema of its own (dropped on close). Logs are written at info level to a file in the
 * temp directory, as a production process would write them, without a terminal slowing it down.
 */
export async function startPlatformServer(options: {
  databaseUrl: string | null;
  isChatListening?: boolean;
  /** More environment variables of the server (e.g. PLATFORM_ANALYST_THREADS). */
  environment?: Record<string, string>;
}): Promise<PlatformServer> {
  const dataDirectory = await mkdtemp(join(tmpdir(), 'platform-bench-'));
  const schema = options.databaseUrl ? `bench_${randomBytes(6).toString('hex')}` : null;
  const config = loadConfig({
    PLATFORM_DATA_DIR: dataDirectory,
    PLATFORM_HOST: '127.0.0.1',
    PLATFORM_PORT: '0',
    PLATFORM_AI_PORT: '0',
    LOG_LEVEL: 'info',
    ...(options.databaseUrl && schema
      ? { DATABASE_URL: options.databaseUrl, PLATFORM_DATABASE_SCHEMA: schema }
      : {}),
    ...options.environment,
  });
  const logDestination = pino.destination({ dest: join(dataDirectory, 'server.log'), sync: false });
  const container = await createContainer(config, createLogger(config.logLevel, logDestination));
  const cleanUp = async () => {
    await container.close();
    logDestination.flushSync();
    if (options.databaseUrl && schema) await dropSchema(options.databaseUrl, schema);
    await rm(dataDirectory, { recursive: true, force: true });
  };
  try {
    const { bootstrap } = await container.start({ writeKeyFile: false });
    if (!bootstrap?.adminApiKey) throw new Error('a fresh store must bootstrap an admin key');
    const app = buildApp(container);
    const address = await app.listen({ host: config.host, port: config.port });
    config.publicUrl = address;
    const chatApp = options.isChatListening ? buildChatApp(container) : null;
    const chatUrl = chatApp ? await chatApp.listen({ host: config.host, port: config.aiPort }) : null;
    return {
      engine: options.databaseUrl ? 'postgres' : 'pglite',
      url: address,
      adminKey: bootstrap.adminApiKey,
      chatUrl,
      container,
      app,
      async close() {
        await Promise.all([app.close(), chatApp?.close()]);
        await cleanUp();
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
