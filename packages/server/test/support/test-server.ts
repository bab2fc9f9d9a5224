import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config.js';
import { type Container, createContainer } from '../../src/container.js';
import { createLogger } from '../../src/logger.js';
import { issueApiKey } from '../../src/modules/identity/api-keys.service.js';
import { accountsTable, usersTable } from '../../src/modules/identity/identity.tables.js';

export type StoreEngine = 'pglite' | 'postgres';

/** The engines a store-touching suite runs on: PGlite always, PostgreSQL when DATABASE_URL is set. */
export const storeEngines: StoreEngine[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestServer {
  app: FastifyInstance;
  container: Container;
  config: Config;
  adminKey: string;
  dataDirectory: string;
  /** Every log line the server wrote, for assertions such as "no secret is logged". */
  logLines: string[];
  /** In-process request with the admin key unless `key` (or `key: null` for none) is given. */
  request(options: {
    method: string;
    url: string;
    body?: unknown;
    key?: string | null;
    headers?: Record<string, string>;
  }): Promise<{ status: number; body: unknown; headers: Record<string, unknown> }>;
  close(): Promise<void>;
}

/**
 * A real server (real store, real temp data directory) driven in-process. On PostgreSQL every server
 * gets a schema of its own so that suites never see each other's rows.
 */
export async function startTestServer(
  options: {
    engine?: StoreEngine;
    environment?: Record<string, string>;
    /** Keep PGlite's files in the data directory, as a real start does (for checks of what is on disk). */
    isStoreOnDisk?: boolean;
  } = {},
): Promise<TestServer> {
  const engine = options.engine ?? 'pglite';
  const dataDirectory = await mkdtemp(join(tmpdir(), 'platform-test-'));
  const schema = engine === 'postgres' ? `test_${randomBytes(6).toString('hex')}` : null;
  const config = loadConfig({
    PLATFORM_DATA_DIR: dataDirectory,
    PLATFORM_PORT: '0',
    PLATFORM_AI_PORT: '0',
    // A tiny demo data set: every test server generates one, and few tests read it.
    PLATFORM_DEMO_SCALE: '0.01',
    LOG_LEVEL: 'info',
    ...(engine === 'postgres'
      ? { DATABASE_URL: process.env.DATABASE_URL ?? '', PLATFORM_DATABASE_SCHEMA: schema ?? '' }
      : {}),
    ...options.environment,
  });
  const logLines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, callback) {
      logLines.push(String(chunk));
      callback();
    },
  });
  const container = await createContainer(config, createLogger(config.logLevel, destination), {
    isInMemory: !options.isStoreOnDisk,
  });
  const { bootstrap } = await container.start({ writeKeyFile: false });
  if (!bootstrap?.adminApiKey) throw new Error('a fresh test store must bootstrap an admin key');
  const adminKey = bootstrap.adminApiKey;
  // Bootstrap builds the demo's starter model in the background; tests start from a quiet server so
  // that nothing (a build's log lines) changes under two reads they compare.
  await container.platform.jobs.idle();
  const app = buildApp(container);
  await app.ready();
  return {
    app,
    container,
    config,
    adminKey,
    dataDirectory,
    logLines,
    async request({ method, url, body, key, headers }) {
      const credential = key === undefined ? adminKey : key;
      const response = await app.inject({
        method: method as 'GET',
        url,
        headers: {
          ...(credential ? { authorization: `Bearer ${credential}` } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
      });
      const text = response.body;
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // Not JSON: the raw text is the body.
      }
      return { status: response.statusCode, body: parsed, headers: response.headers };
    },
    async close() {
      await app.close();
      await container.close();
      if (schema && process.env.DATABASE_URL) {
        const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await client.end();
      }
      await rm(dataDirectory, { recursive: true, force: true });
    },
  };
}

/** Creates a user with the given role and an API key for them; returns the key. */
export async function createUserWithKey(
  server: TestServer,
  role: 'admin' | 'developer' | 'viewer',
  email = `${role}-${randomBytes(4).toString('hex')}@example.com`,
): Promise<{ userId: number; key: string }> {
  const user = await server.request({ method: 'POST', url: '/api/v1/users', body: { email, role } });
  if (user.status !== 201) throw new Error(`could not create user: ${JSON.stringify(user.body)}`);
  const userId = (user.body as { id: number }).id;
  const key = await server.request({
    method: 'POST',
    url: '/api/v1/api-keys',
    body: { name: 'test', userId },
  });
  if (key.status !== 201) throw new Error(`could not create key: ${JSON.stringify(key.body)}`);
  return { userId, key: (key.body as { token: string }).token };
}

/**
 * A second tenant with its own admin and key. There is no API to create accounts (one server holds the
 * accounts its operator provisions), so the test writes them through the identity module's tables.
 */
export async function createOtherAccount(
  server: TestServer,
  name = `other-${randomBytes(4).toString('hex')}`,
) {
  const database = server.container.platform.store.database;
  const [account] = await database.insert(accountsTable).values({ name }).returning();
  if (!account) throw new Error('could not create account');
  const [admin] = await database
    .insert(usersTable)
    .values({ accountId: account.id, email: `admin@${name}.example.com`, role: 'admin' })
    .returning();
  if (!admin) throw new Error('could not create admin');
  const key = await issueApiKey(database, { accountId: account.id, userId: admin.id, name: 'other admin' });
  return { accountId: account.id, adminUserId: admin.id, adminKey: key.token };
}
