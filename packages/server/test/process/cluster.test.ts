import { randomBytes } from 'node:crypto';
import type { ChatStreamMessage } from '@platform/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bigModel } from './big-model.js';
import { ChatStreamReader } from './chat-stream-reader.js';
import {
  callApi,
  configureDemoAgent,
  requestApi,
  SharedInstallation,
  waitUntil,
} from './cluster-processes.js';
import {
  firstWords,
  type GatedOpenAiServer,
  lastWords,
  startGatedOpenAiServer,
} from './gated-openai-server.js';
import { type RoleProcess, startRoleProcess, stopServerProcess } from './server-process.js';

const databaseUrl = process.env.DATABASE_URL ?? '';
const redisUrl = process.env.REDIS_URL ?? '';

const isFinal = (line: ChatStreamMessage) => line.role === 'assistant' && line.graphPath?.[0] === 'final';
const withoutCutoff = (lines: readonly ChatStreamMessage[]) =>
  lines.filter((line) => line.id !== '__cutoff__');

/**
 * The topology of compose.yaml (keep the two describing the same thing) as real compiled processes on one
 * PostgreSQL schema, one Redis, one data directory and one secret key: two `api` processes, one `ai` (and
 * a second one to re-join from), and a `worker` (and a second one to take a killed worker's build over).
 * The cases run in order: the first starts the worker the others rely on.
 */
describe.skipIf(!databaseUrl || !redisUrl)('a cluster of api, ai and worker processes', () => {
  let installation: SharedInstallation;
  let model: GatedOpenAiServer;
  const processes: RoleProcess[] = [];
  let firstApi: RoleProcess;
  let secondApi: RoleProcess;
  let firstAi: RoleProcess;
  let secondAi: RoleProcess;
  let worker: RoleProcess;

  const start = async (role: RoleProcess['role']) => {
    const server = await startRoleProcess(role, installation.environment);
    processes.push(server);
    return server;
  };

  beforeAll(async () => {
    installation = await SharedInstallation.create(databaseUrl, redisUrl);
    model = await startGatedOpenAiServer();
    // An api process first: it migrates the schema and bootstraps the account, the demo and its data.
    firstApi = await start('api');
    [secondApi, firstAi, secondAi] = await Promise.all([start('api'), start('ai'), start('ai')]);
  }, 180_000);

  afterAll(async () => {
    model?.release();
    await Promise.all(processes.map((server) => stopServerProcess(server)));
    await model?.close();
    await installation?.remove();
  }, 60_000);

  it('runs no jobs on the api processes: the demo build waits for a worker, which serves only its health routes', async () => {
    // The api that enqueued the demo's build would have woken its own runner at once; four processes later,
    // the build has still not been claimed.
    const queued = await installation.jobs();
    expect(queued.length).toBeGreaterThan(0);
    for (const job of queued) expect(job).toMatchObject({ state: 'queued', attempt: 0 });

    worker = await start('worker');
    await waitUntil(
      async () => (await installation.jobs()).every((job) => job.state === 'succeeded'),
      'the worker to build the demo',
      processes,
    );
    for (const api of [firstApi, secondApi]) {
      expect(api.output()).not.toMatch(/working jobs|"component":"jobs"/);
    }
    expect(worker.output()).toMatch(/working jobs/);

    const health = worker.healthUrl;
    expect(health).not.toBeNull();
    expect((await fetch(`${health}/healthz`)).status).toBe(200);
    const ready = await fetch(`${health}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', checks: { store: 'ok', redis: 'ok' } });
    const deployments = await fetch(`${health}/api/v1/deployments`, {
      headers: { authorization: `Bearer ${installation.adminKey}` },
    });
    expect(deployments.status).toBe(404);
  }, 180_000);

  it('refuses a key on one api process as soon as it is revoked through the other', async () => {
    const created = await callApi<{ id: number; token: string }>(
      firstApi,
      installation.adminKey,
      'POST',
      '/api/v1/api-keys',
      { name: `revoked-${randomBytes(3).toString('hex')}` },
    );
    // The second process verifies the key and caches it (for an hour, see the installation's environment).
    expect((await requestApi(secondApi, created.token, 'GET', '/api/v1/users/me')).status).toBe(200);
    await callApi(firstApi, installation.adminKey, 'DELETE', `/api/v1/api-keys/${created.id}`);
    // Only the change feed's delivery stands between the revocation and the refusal.
    await waitUntil(
      async () => (await requestApi(secondApi, created.token, 'GET', '/api/v1/users/me')).status !== 200,
      'the second api process to drop the revoked key',
      processes,
      10,
    );
    expect((await requestApi(secondApi, created.token, 'GET', '/api/v1/users/me')).status).toBe(401);
    expect((await requestApi(firstApi, created.token, 'GET', '/api/v1/users/me')).status).toBe(401);
  });

  it('re-joins a chat answer streaming on one ai process from the other', async () => {
    const agent = await configureDemoAgent(secondApi, installation.adminKey, model.baseUrl);
    model.hold();
    const question = {
      input: 'How many orders are there?',
      messageId: `${Date.now()}-message`,
      sessionSettings: { externalId: 'cluster-user' },
    };
    const started = await ChatStreamReader.open(agent.streamUrl(firstAi), agent.agentKey, question);
    expect(started.status).toBe(200);
    const cutoff = await started.until((line) => line.id === '__cutoff__');
    const chatId = cutoff.state?.chatId ?? '';
    expect(chatId).not.toBe('');
    await started.until((line) => line.content === firstWords);

    const joined = await ChatStreamReader.open(agent.streamUrl(secondAi), agent.agentKey, {
      ...question,
      chatId,
    });
    expect(joined.status).toBe(200);
    // The backlog reaches the second process while the model still holds the rest of the answer.
    await joined.until((line) => line.content === firstWords);
    expect(joined.lines.some(isFinal)).toBe(false);
    model.release();
    const [onFirst, onSecond] = await Promise.all([started.rest(), joined.rest()]);
    expect(onFirst.filter(isFinal).map((line) => line.content)).toEqual([`${firstWords}${lastWords}`]);
    expect(withoutCutoff(onSecond)).toEqual(withoutCutoff(onFirst));
  });

  it('finishes on another worker a build whose worker was killed with SIGKILL mid-build', async () => {
    const key = installation.adminKey;
    const deployment = await callApi<{ id: number }>(firstApi, key, 'POST', '/build/api/v1/deployments', {
      name: `takeover-${randomBytes(3).toString('hex')}`,
    });
    const base = `/build/api/v1/deployments/${deployment.id}`;
    const { branchName } = await callApi<{ branchName: string }>(
      firstApi,
      key,
      'POST',
      `${base}/dev-mode`,
      {},
    );
    await callApi(firstApi, key, 'PUT', `${base}/data-model/files`, {
      files: [{ path: 'model/cubes/many.yml', content: bigModel() }],
    });
    const jobsBefore = (await installation.jobs()).length;
    // Enqueued through the other api process: any api enqueues, only workers claim.
    await callApi(secondApi, key, 'POST', `${base}/commit`, {
      message: 'a model that takes a while to build',
    });
    await waitUntil(
      async () => (await installation.jobs()).slice(jobsBefore).some((job) => job.state === 'running'),
      'the worker to claim the build',
      processes,
    );
    worker.child.kill('SIGKILL');
    await worker.exited;
    const [killed] = (await installation.jobs()).slice(jobsBefore);
    // The kill landed mid-build: the job was still running its first attempt.
    expect(killed).toMatchObject({ state: 'running', attempt: 1 });

    const secondWorker = await start('worker');
    const statusPath = `/api/v1/deployments/${deployment.id}/build-status?branchName=${branchName}`;
    const status = () =>
      callApi<{ status: string; errorText: string | null }>(secondApi, key, 'GET', statusPath);
    await waitUntil(
      async () => (await status()).status !== 'building',
      'the second worker to finish the build',
      processes,
      180,
    );
    expect(await status()).toMatchObject({ status: 'built', errorText: null });
    // The handler records the build before the runner ends the job's row: wait for that end too.
    await waitUntil(
      async () => (await installation.jobs()).slice(jobsBefore)[0]?.state !== 'running',
      'the second worker to end the job',
      processes,
    );
    const [finished] = (await installation.jobs()).slice(jobsBefore);
    expect(finished).toMatchObject({ id: killed?.id, state: 'succeeded', attempt: 2 });
    expect(secondWorker.output()).toMatch(/took over job/);
    for (const api of [firstApi, secondApi]) expect(api.output()).not.toMatch(/took over job|working jobs/);
  }, 300_000);
});
