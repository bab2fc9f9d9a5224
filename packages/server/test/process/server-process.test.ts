import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess } from './server-process.js';

describe('the server process', () => {
  let dataDirectory: string;
  beforeAll(async () => {
    dataDirectory = await mkdtemp(join(tmpdir(), 'platform-process-'));
  });
  afterAll(async () => {
    await rm(dataDirectory, { recursive: true, force: true });
  });

  it('bootstraps once, keeps everything across a restart, and stops cleanly on SIGTERM', async () => {
    const first = await startServerProcess({ PLATFORM_DATA_DIR: dataDirectory });
    expect(first.adminKey).toMatch(/^sk-/);
    const keyFile = join(dataDirectory, 'admin-key');
    expect((await readFile(keyFile, 'utf8')).trim()).toBe(first.adminKey);
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    expect((await stat(join(dataDirectory, 'secret-key'))).mode & 0o777).toBe(0o600);

    const headers = { authorization: `Bearer ${first.adminKey}`, 'content-type': 'application/json' };
    const created = await fetch(`${first.managementUrl}/api/v1/users`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: 'kept@example.com', role: 'viewer' }),
    });
    expect(created.status).toBe(201);
    // Code loaded lazily is bundled apart: a Vega-Lite spec is checked by ajv from its own chunk.
    const [deployment] = (
      (await (await fetch(`${first.managementUrl}/api/v1/deployments`, { headers })).json()) as {
        items: Array<{ id: number }>;
      }
    ).items;
    const onDeployment = `${first.managementUrl}/api/v1/deployments/${deployment?.id}`;
    const workbook = (await (
      await fetch(`${onDeployment}/workbooks`, { method: 'POST', headers, body: '{"name":"Charts"}' })
    ).json()) as { id: number };
    const chart = await fetch(`${onDeployment}/reports`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: 'Orders by status',
        workbookId: workbook.id,
        kind: 'vega',
        jsonQuery: { measures: ['orders.count'], dimensions: ['orders.status'] },
        spec: { mark: 'bar', encoding: { x: { field: 'orders\\.status', type: 'nominal' } } },
      }),
    });
    expect(chart.status, await chart.clone().text()).toBe(201);
    const badChart = await fetch(`${onDeployment}/reports`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Bad', workbookId: workbook.id, kind: 'vega', spec: { mark: 'nope' } }),
    });
    expect(badChart.status).toBe(400);
    for (const url of [first.managementUrl, first.chatUrl]) {
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
    }
    // The chat listener answers its own routes: an agent of an account that does not exist is a 404.
    const chatUnknown = await fetch(`${first.chatUrl}/api/v1/public/x/agents/1/chat/stream-chat-state`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Api-Key sk-unknown' },
      body: JSON.stringify({ input: 'hello', sessionSettings: { externalId: 'someone' } }),
    });
    expect(chatUnknown.status).toBe(404);
    expect(await chatUnknown.json()).toMatchObject({ code: 'NOT_FOUND' });

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = await startServerProcess({ PLATFORM_DATA_DIR: dataDirectory });
    expect(second.adminKey).toBeNull();
    expect(second.output()).not.toMatch(/sk-/);
    const users = await fetch(`${second.managementUrl}/api/v1/users`, { headers });
    expect(users.status).toBe(200);
    const emails = ((await users.json()) as { items: Array<{ email: string }> }).items.map(
      (user) => user.email,
    );
    expect(emails.filter((email) => email === 'admin@localhost')).toHaveLength(1);
    expect(emails).toContain('kept@example.com');

    // Requests in flight when SIGTERM arrives are answered in full: no response is cut off after its
    // headers. Requests that arrive after shutdown began get a 503 with the error body, or are refused at
    // the TCP level (refused or reset before any response) because the port is closing.
    const inFlight = Array.from({ length: 40 }, () =>
      fetch(`${second.managementUrl}/api/v1/users`, { headers }).then(
        async (response) => {
          try {
            const body = (await response.json()) as { items?: unknown; code?: string };
            const isComplete = Array.isArray(body.items) || body.code === 'SERVICE_UNAVAILABLE';
            return { outcome: isComplete ? `answered ${response.status}` : 'incomplete body' };
          } catch {
            return { outcome: 'cut off after headers' };
          }
        },
        () => ({ outcome: 'not accepted' }),
      ),
    );
    // Signal once the first answer is back, so the rest are still on their way.
    await Promise.race(inFlight);
    second.child.kill('SIGTERM');
    const outcomes = (await Promise.all(inFlight)).map((result) => result.outcome);
    expect(await second.exited).toBe(0);
    for (const outcome of outcomes)
      expect(['answered 200', 'answered 503', 'not accepted']).toContain(outcome);
    expect(outcomes).toContain('answered 200');
  });

  it('uses PLATFORM_BOOTSTRAP_API_KEY as the admin key of a first start', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'platform-process-'));
    const chosenKey = 'sk-chosen-bootstrap-key-0123456789';
    const server = await startServerProcess({
      PLATFORM_DATA_DIR: directory,
      PLATFORM_BOOTSTRAP_API_KEY: chosenKey,
    });
    try {
      expect(server.adminKey).toBe(chosenKey);
      const me = await fetch(`${server.managementUrl}/api/v1/users/me`, {
        headers: { authorization: `Api-Key ${chosenKey}` },
      });
      expect(me.status).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('refuses a malformed configuration with a clear message and exit code 1', async () => {
    await expect(startServerProcess({ PLATFORM_PORT: 'eighty' })).rejects.toThrow(
      /PLATFORM_PORT must be an integer/,
    );
  });
});
