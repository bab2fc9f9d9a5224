import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServerProcess } from './server-process.js';

interface Answer {
  status: number;
  body: string;
}

/** A POST whose body is sent in two halves, the second only when `finish` is called: a request in flight. */
function slowPost(url: string, headers: Record<string, string>, body: string) {
  const half = Math.floor(body.length / 2);
  let answer!: Promise<Answer>;
  const started = new Promise<ReturnType<typeof request>>((resolveStarted) => {
    answer = new Promise<Answer>((resolve, reject) => {
      const outgoing = request(
        url,
        { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => {
            text += chunk.toString();
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
          response.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.write(body.slice(0, half), () => resolveStarted(outgoing));
    });
  });
  return {
    answer,
    async finish() {
      (await started).end(body.slice(half));
    },
  };
}

async function waitForOutput(server: RunningServer, pattern: RegExp): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!pattern.test(server.output())) {
    if (Date.now() > deadline) throw new Error(`no ${pattern} in the output:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the compiled server process', () => {
  let dataDirectory: string;
  beforeAll(async () => {
    dataDirectory = await mkdtemp(join(tmpdir(), 'platform-stop-'));
  });
  afterAll(async () => {
    await rm(dataDirectory, { recursive: true, force: true });
  });

  it('answers its probes, and on SIGTERM finishes a request in flight, then exits 0', async () => {
    const server = await startServerProcess({ PLATFORM_DATA_DIR: dataDirectory, LOG_LEVEL: 'info' });
    try {
      const expectedChecks = {
        store: 'ok',
        ...(process.env.REDIS_URL ? { redis: 'ok' } : {}),
        warehouses: 'ok',
      };
      for (const url of [server.managementUrl, server.chatUrl]) {
        const health = await fetch(`${url}/healthz`);
        expect(health.status).toBe(200);
        expect(await health.json()).toEqual({ status: 'ok' });
        const ready = await fetch(`${url}/readyz`);
        expect(ready.status).toBe(200);
        expect(await ready.json()).toEqual({ status: 'ready', checks: expectedChecks });
      }

      const inFlight = slowPost(
        `${server.managementUrl}/api/v1/users`,
        { authorization: `Bearer ${server.adminKey}`, 'content-type': 'application/json' },
        JSON.stringify({ email: 'in-flight@example.com', role: 'viewer' }),
      );
      // The first half of the body has reached the server: the request is in flight when SIGTERM arrives.
      await new Promise((resolve) => setTimeout(resolve, 200));
      server.child.kill('SIGTERM');
      await waitForOutput(server, /stopping: no new connections/);
      await inFlight.finish();
      const answer = await inFlight.answer;
      expect(answer.status).toBe(201);
      expect(JSON.parse(answer.body)).toMatchObject({ email: 'in-flight@example.com' });
      expect(await server.exited).toBe(0);
      // The steps ran in order: listeners drained before jobs and modules closed.
      const output = server.output();
      const drained = output.indexOf('stop: drain listeners done');
      const closed = output.indexOf('stop: close jobs and modules done');
      expect(drained).toBeGreaterThan(-1);
      expect(closed).toBeGreaterThan(drained);
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  });
});
