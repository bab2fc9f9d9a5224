import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { RoleProcess } from './server-process.js';

export interface JobRecord {
  id: string;
  name: string;
  state: string;
  attempt: number;
}

/**
 * What the processes of one installation share, as in compose.yaml: a PostgreSQL schema of its own (made
 * fresh, dropped by `remove`), Redis, the data directory and the secret key. The admin key is fixed so
 * that every process knows it, whichever bootstraps.
 */
export class SharedInstallation {
  readonly adminKey = `sk-${randomBytes(16).toString('hex')}`;
  readonly schema = `cluster_${randomBytes(5).toString('hex')}`;
  readonly secretKey = randomBytes(32).toString('base64url');
  private readonly client: pg.Client;

  private constructor(
    private readonly databaseUrl: string,
    private readonly redisUrl: string,
    readonly dataDirectory: string,
  ) {
    this.client = new pg.Client({ connectionString: databaseUrl });
  }

  static async create(databaseUrl: string, redisUrl: string): Promise<SharedInstallation> {
    const installation = new SharedInstallation(
      databaseUrl,
      redisUrl,
      await mkdtemp(join(tmpdir(), 'platform-cluster-')),
    );
    await installation.client.connect();
    return installation;
  }

  get environment(): Record<string, string> {
    return {
      DATABASE_URL: this.databaseUrl,
      PLATFORM_DATABASE_SCHEMA: this.schema,
      REDIS_URL: this.redisUrl,
      PLATFORM_SECRET_KEY: this.secretKey,
      PLATFORM_DATA_DIR: this.dataDirectory,
      PLATFORM_BOOTSTRAP_API_KEY: this.adminKey,
      PLATFORM_DEMO_SCALE: '0.01',
      // A killed worker's build is taken over 2 s after its last heartbeat rather than 30 s.
      PLATFORM_JOB_LEASE_SECONDS: '2',
      // The slow-to-compile model is a large upload.
      PLATFORM_BODY_LIMIT_BYTES: String(16 * 1024 * 1024),
      // A verified key stays trusted for an hour: only the change feed can make another process refuse it.
      PLATFORM_CREDENTIAL_CACHE_SECONDS: '3600',
      // Debug shows whether a process works jobs ("working jobs").
      LOG_LEVEL: 'debug',
    };
  }

  /** The durable job queue of the shared schema, oldest first. */
  async jobs(): Promise<JobRecord[]> {
    const result = await this.client.query<JobRecord>(
      `SELECT id, name, state, attempt FROM ${this.schema}.jobs ORDER BY id`,
    );
    return result.rows;
  }

  async remove(): Promise<void> {
    await this.client.query(`DROP SCHEMA IF EXISTS ${this.schema} CASCADE`).catch(() => undefined);
    await this.client.end().catch(() => undefined);
    await rm(this.dataDirectory, { recursive: true, force: true });
  }
}

/** Calls the management or build API of an `api` process; any status but 2xx throws. */
export async function callApi<Value>(
  server: RoleProcess,
  key: string,
  method: string,
  path: string,
  body?: object,
): Promise<Value> {
  const response = await requestApi(server, key, method, path, body);
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as Value;
}

/** The raw response of a management or build API request, for the statuses a test expects. */
export function requestApi(
  server: RoleProcess,
  key: string,
  method: string,
  path: string,
  body?: object,
): Promise<Response> {
  if (!server.managementUrl) throw new Error(`a ${server.role} process serves no management API`);
  return fetch(`${server.managementUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
}

/** Polls (every 20 ms) until the condition holds; after `seconds` fails with the processes' output. */
export async function waitUntil(
  condition: () => Promise<boolean>,
  what: string,
  processes: ReadonlyArray<RoleProcess | undefined>,
  seconds = 60,
): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (!(await condition())) {
    if (Date.now() > deadline) {
      const outputs = processes.map((server) => `--- ${server?.role}:\n${server?.output().slice(-4000)}`);
      throw new Error(`timed out waiting for ${what}:\n${outputs.join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export interface ChatAgent {
  agentKey: string;
  /** The agent's `stream-chat-state` URL on an `ai` process. */
  streamUrl: (server: RoleProcess) => string;
}

/**
 * Points the demo's default agent at a model endpoint (through an `api` process) and gives it a key:
 * the `ai` processes then answer with that model.
 */
export async function configureDemoAgent(
  api: RoleProcess,
  adminKey: string,
  modelBaseUrl: string,
): Promise<ChatAgent> {
  const call = <Value>(method: string, path: string, body?: object) =>
    callApi<Value>(api, adminKey, method, path, body);
  const me = await call<{ account: { name: string } }>('GET', '/api/v1/users/me');
  const deployments = await call<{ items: Array<{ id: number; name: string }> }>(
    'GET',
    '/api/v1/deployments',
  );
  const demo = deployments.items.find((deployment) => deployment.name === 'demo');
  if (!demo) throw new Error('the first start created no demo deployment');
  const agentsPath = `/api/v1/deployments/${demo.id}/agents`;
  const agents = await call<{ items: Array<{ id: string; isDefault: boolean }> }>('GET', agentsPath);
  const agent = agents.items.find((candidate) => candidate.isDefault);
  if (!agent) throw new Error('the demo deployment has no default agent');
  await call('PUT', `${agentsPath}/${agent.id}`, {
    model: { provider: 'openai-compatible', baseUrl: modelBaseUrl, model: 'scripted-model' },
  });
  const { token } = await call<{ token: string }>('POST', `${agentsPath}/${agent.id}/api-keys`, {
    name: 'cluster',
  });
  return {
    agentKey: token,
    streamUrl: (server) => {
      if (!server.chatUrl) throw new Error(`a ${server.role} process serves no Chat API`);
      const account = encodeURIComponent(me.account.name);
      return `${server.chatUrl}/api/v1/public/${account}/agents/${agent.id}/chat/stream-chat-state`;
    },
  };
}
