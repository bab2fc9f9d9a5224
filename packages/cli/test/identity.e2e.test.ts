import { readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jsonOf,
  type PlatformResult,
  type RunningServer,
  runPlatform,
  startServer,
  temporaryConfigDirectory,
} from './support/platform-process.js';

interface User {
  id: number;
  email: string;
  name: string | null;
  role: string;
  status: string;
}

describe('platform CLI against a real server: login, users, api keys, spec, api', () => {
  let server: RunningServer;
  let configDirectory: string;
  const platform = (args: string[], environment: Record<string, string> = {}): Promise<PlatformResult> =>
    runPlatform(args, { PLATFORM_CONFIG_DIR: configDirectory, ...environment });

  beforeAll(async () => {
    [server, configDirectory] = await Promise.all([startServer(), temporaryConfigDirectory()]);
  });
  afterAll(async () => {
    await server?.stop();
    if (configDirectory) await rm(configDirectory, { recursive: true, force: true });
  });

  it('prints its version', async () => {
    const result = await platform(['--version']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('refuses a wrong key at login and saves nothing', async () => {
    const result = await platform(['login', '--api-key', 'sk-wrongwrongwrongwrong', '--url', server.apiUrl]);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/^error: 401 /);
    await expect(stat(join(configDirectory, 'config.json'))).rejects.toThrow();
  });

  it('logs in, saves the context 0600 in a 0700 directory, and tells who you are', async () => {
    const login = await platform(['login', '--api-key', server.adminKey, '--url', server.apiUrl]);
    expect(login.exitCode, login.stderr).toBe(0);
    expect(login.stdout).toContain('logged in to');
    expect(login.stdout).toContain('admin@localhost');
    const file = join(configDirectory, 'config.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(configDirectory)).mode & 0o777).toBe(0o700);
    const saved = JSON.parse(await readFile(file, 'utf8'));
    expect(saved).toMatchObject({
      currentContext: 'default',
      contexts: { default: { apiUrl: server.apiUrl, apiKey: server.adminKey } },
    });

    const whoami = await platform(['whoami']);
    expect(whoami.exitCode).toBe(0);
    expect(whoami.stdout).toContain('admin@localhost (admin) in account default');
    const me = jsonOf<{ email: string; account: { name: string } }>(
      await platform(['users', 'me', '--json']),
    );
    expect(me).toMatchObject({ email: 'admin@localhost', account: { name: 'default' } });
  });

  it('creates, lists and updates users, in tables and as JSON', async () => {
    const created = await platform([
      'users',
      'create',
      '--email',
      'Ann@Example.com',
      '--name',
      'Ann',
      '--role',
      'developer',
    ]);
    expect(created.exitCode, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/email:\s+ann@example\.com/);

    const list = await platform(['users', 'list']);
    expect(list.exitCode).toBe(0);
    expect(list.stdout.split('\n')[0]).toMatch(/^ID\s+EMAIL\s+NAME\s+ROLE\s+STATUS/);
    expect(list.stdout).toMatch(/ann@example\.com\s+Ann\s+developer\s+active/);

    const users = jsonOf<{ items: User[] }>(
      await platform(['users', 'list', '--role', 'developer', '--json']),
    );
    const ann = users.items.find((user) => user.email === 'ann@example.com');
    expect(ann).toBeDefined();
    expect(users.items.every((user) => user.role === 'developer')).toBe(true);

    const updated = jsonOf<User>(
      await platform(['users', 'update', String(ann?.id), '--role', 'viewer', '--json']),
    );
    expect(updated).toMatchObject({ email: 'ann@example.com', role: 'viewer' });
    const fetched = await platform(['users', 'get', String(ann?.id)]);
    expect(fetched.stdout).toMatch(/role:\s+viewer/);

    const all = jsonOf<{ items: User[] }>(
      await platform(['users', 'list', '--first', '1', '--all', '--json']),
    );
    expect(all.items.map((user) => user.email).sort()).toEqual(['admin@localhost', 'ann@example.com']);
  });

  it('reports API errors on stderr with status, server message and request id, exit code 1', async () => {
    const result = await platform(['users', 'get', '987654']);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^error: 404 user 987654 not found \(request id \S+\)/);
  });

  it('exits 2 on usage errors', async () => {
    const badId = await platform(['users', 'get', 'abc']);
    expect(badId.exitCode).toBe(2);
    expect(badId.stderr).toContain('must be a positive integer');
    const missing = await platform(['users', 'create']);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain('--email');
    const unknown = await platform(['users', 'frobnicate']);
    expect(unknown.exitCode).toBe(2);
  });

  it('creates an API key shown once, lists it, and deletes it so it stops working', async () => {
    const created = await platform(['api-keys', 'create', '--name', 'ci key']);
    expect(created.exitCode, created.stderr).toBe(0);
    const token = /token:\s+(sk-\S+)/.exec(created.stdout)?.[1];
    expect(token).toBeDefined();
    expect(created.stderr).toMatch(/shown only this once/);

    const list = await platform(['api-keys', 'list']);
    expect(list.stdout).toMatch(/ci key/);
    const keys = jsonOf<{ items: { id: number; name: string }[] }>(
      await platform(['api-keys', 'list', '--json']),
    );
    const key = keys.items.find((item) => item.name === 'ci key');
    expect(key).toBeDefined();
    expect(JSON.stringify(keys)).not.toContain(token);

    const withNewKey = await platform(['whoami'], { PLATFORM_API_KEY: token ?? '' });
    expect(withNewKey.exitCode, withNewKey.stderr).toBe(0);
    const deleted = await platform(['api-keys', 'delete', String(key?.id)]);
    expect(deleted.exitCode).toBe(0);
    expect(deleted.stdout).toContain(`deleted API key ${key?.id}`);
    const afterDelete = await platform(['whoami'], {
      PLATFORM_API_KEY: token ?? '',
      PLATFORM_AUTH_SCHEME: 'bearer',
    });
    expect(afterDelete.exitCode).toBe(1);
    expect(afterDelete.stderr).toMatch(/^error: 401 /);
  });

  it('shows the spec as a table, as JSON, and filtered by operationId or search text', async () => {
    const table = await platform(['spec']);
    expect(table.exitCode).toBe(0);
    expect(table.stdout.split('\n')[0]).toMatch(/^METHOD\s+PATH\s+OPERATION\s+SUMMARY/);
    expect(table.stdout).toMatch(/GET\s+\/api\/v1\/users\/me\s+getCurrentUser/);

    const document = jsonOf<{ openapi: string; paths: Record<string, object> }>(
      await platform(['spec', '--json']),
    );
    expect(document.openapi).toMatch(/^3\.1/);
    const one = jsonOf<{ paths: Record<string, Record<string, unknown>> }>(
      await platform(['spec', 'getUser', '--json']),
    );
    expect(Object.keys(one.paths)).toEqual(['/api/v1/users/{userId}']);
    expect(Object.keys(one.paths['/api/v1/users/{userId}'] ?? {})).toEqual(['get']);

    const searched = await platform(['spec', 'api-keys']);
    const rows = searched.stdout.trim().split('\n').slice(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.includes('api-keys'))).toBe(true);
    const none = await platform(['spec', 'no-such-thing-anywhere']);
    expect(none.exitCode).toBe(1);
    expect(none.stderr).toMatch(/^error: 404 /);
  });

  it('makes raw calls with api METHOD PATH, a body and repeated query parameters', async () => {
    const me = jsonOf<{ email: string }>(await platform(['api', 'GET', '/api/v1/users/me']));
    expect(me.email).toBe('admin@localhost');
    const created = jsonOf<User>(
      await platform(['api', 'POST', '/api/v1/users', '-d', '{"email":"raw@example.com","role":"viewer"}']),
    );
    expect(created).toMatchObject({ email: 'raw@example.com', role: 'viewer' });
    const viewers = jsonOf<{ items: User[] }>(
      await platform(['api', 'GET', '/api/v1/users', '-q', 'role=viewer', '-q', 'first=50']),
    );
    expect(viewers.items.map((user) => user.email)).toContain('raw@example.com');
    const badJson = await platform(['api', 'POST', '/api/v1/users', '-d', '{oops']);
    expect(badJson.exitCode).toBe(2);
  });

  it('logs out, after which commands ask for a login', async () => {
    const logout = await platform(['logout']);
    expect(logout.exitCode).toBe(0);
    const saved = JSON.parse(await readFile(join(configDirectory, 'config.json'), 'utf8'));
    expect(saved).toEqual({ currentContext: null, contexts: {}, agentKeys: {} });
    const whoami = await platform(['whoami']);
    expect(whoami.exitCode).toBe(1);
    expect(whoami.stderr).toContain('not logged in');
    // The environment alone is enough, without any saved context.
    const fromEnvironment = await platform(['whoami'], {
      PLATFORM_API_URL: server.apiUrl,
      PLATFORM_API_KEY: server.adminKey,
    });
    expect(fromEnvironment.exitCode, fromEnvironment.stderr).toBe(0);
  });
});
