import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChatStreamMessage } from '@platform/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatStreamReader } from './chat-stream-reader.js';
import {
  firstWords,
  type GatedOpenAiServer,
  lastWords,
  startGatedOpenAiServer,
} from './gated-openai-server.js';
import { type RunningServer, startServerProcess, stopServerProcess } from './server-process.js';

const databaseUrl = process.env.DATABASE_URL ?? '';
const redisUrl = process.env.REDIS_URL ?? '';

interface ChatPaths {
  streamUrl: string;
  abortUrl: string;
}

let lastMessageTime = 0;
/** `<timestamp>-message`, never the same twice in a test. */
function newMessageId(): string {
  lastMessageTime = Math.max(Date.now(), lastMessageTime + 1);
  return `${lastMessageTime}-message`;
}

const isFinal = (line: ChatStreamMessage) => line.role === 'assistant' && line.graphPath?.[0] === 'final';
const withoutCutoff = (lines: readonly ChatStreamMessage[]) =>
  lines.filter((line) => line.id !== '__cutoff__');

/**
 * Two real server processes sharing PostgreSQL (a schema of their own), Redis, the secret key and the
 * data directory, as two replicas behind a load balancer: a chat answer started on one is joined and
 * aborted from the other. The agent's model is a loopback OpenAI-compatible server that holds its
 * answer until the test releases it, so "mid-answer" is a state the test controls, not a race.
 */
describe.skipIf(!databaseUrl || !redisUrl)('a chat thread across two server processes', () => {
  const schema = `chat_two_${randomBytes(5).toString('hex')}`;
  const sessionSettings = { externalId: 'two-processes-user' };
  let dataDirectory: string;
  let model: GatedOpenAiServer;
  let first: RunningServer | undefined;
  let second: RunningServer | undefined;
  let agentKey: string;
  let onFirst: ChatPaths;
  let onSecond: ChatPaths;
  let chatId: string;

  beforeAll(async () => {
    dataDirectory = await mkdtemp(join(tmpdir(), 'platform-chat-two-'));
    model = await startGatedOpenAiServer();
    const environment = {
      DATABASE_URL: databaseUrl,
      PLATFORM_DATABASE_SCHEMA: schema,
      REDIS_URL: redisUrl,
      PLATFORM_SECRET_KEY: randomBytes(32).toString('base64url'),
      PLATFORM_DATA_DIR: dataDirectory,
      PLATFORM_DEMO_SCALE: '0.05',
    };
    // One after the other: the first bootstraps the account, the demo and its data; the second finds them.
    first = await startServerProcess(environment);
    second = await startServerProcess(environment);
    const adminKey = first.adminKey;
    if (!adminKey) throw new Error(`the first process printed no admin key:\n${first.output()}`);
    const management = async <Value>(method: string, path: string, body?: object): Promise<Value> => {
      const response = await fetch(`${first?.managementUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${adminKey}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as Value;
    };
    const me = await management<{ account: { name: string } }>('GET', '/api/v1/users/me');
    const deployments = await management<{ items: Array<{ id: number; name: string }> }>(
      'GET',
      '/api/v1/deployments',
    );
    const demo = deployments.items.find((deployment) => deployment.name === 'demo');
    if (!demo) throw new Error('the first start created no demo deployment');
    const agents = await management<{ items: Array<{ id: string; isDefault: boolean }> }>(
      'GET',
      `/api/v1/deployments/${demo.id}/agents`,
    );
    const agent = agents.items.find((candidate) => candidate.isDefault);
    if (!agent) throw new Error('the demo deployment has no default agent');
    await management('PUT', `/api/v1/deployments/${demo.id}/agents/${agent.id}`, {
      model: { provider: 'openai-compatible', baseUrl: model.baseUrl, model: 'scripted-model' },
    });
    agentKey = (
      await management<{ token: string }>(
        'POST',
        `/api/v1/deployments/${demo.id}/agents/${agent.id}/api-keys`,
        {
          name: 'two-processes',
        },
      )
    ).token;
    const pathsOf = (server: RunningServer): ChatPaths => {
      const base = `${server.chatUrl}/api/v1/public/${encodeURIComponent(me.account.name)}/agents/${agent.id}/chat`;
      return { streamUrl: `${base}/stream-chat-state`, abortUrl: `${base}/abort` };
    };
    onFirst = pathsOf(first);
    onSecond = pathsOf(second);
  });

  afterAll(async () => {
    model?.release();
    await Promise.all([stopServerProcess(first), stopServerProcess(second)]);
    await model?.close();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    } finally {
      await client.end();
    }
    if (dataDirectory) await rm(dataDirectory, { recursive: true, force: true });
  });

  it('joins an answer streaming on the first process from the second: the backlog, then the rest, once', async () => {
    model.hold();
    const messageId = newMessageId();
    const question = { input: 'How many orders are there?', messageId, sessionSettings };
    const started = await ChatStreamReader.open(onFirst.streamUrl, agentKey, question);
    expect(started.status).toBe(200);
    const cutoff = await started.until((line) => line.id === '__cutoff__');
    expect(cutoff.state?.isStreaming).toBe(true);
    chatId = cutoff.state?.chatId ?? '';
    expect(chatId).not.toBe('');
    await started.until((line) => line.content === firstWords);

    const joined = await ChatStreamReader.open(onSecond.streamUrl, agentKey, { ...question, chatId });
    expect(joined.status).toBe(200);
    // The backlog arrives on the second process while the model still holds the rest of the answer.
    await joined.until((line) => line.content === firstWords);
    expect(joined.lines.some(isFinal)).toBe(false);
    model.release();
    const [onFirstLines, onSecondLines] = await Promise.all([started.rest(), joined.rest()]);

    expect(onFirstLines.filter(isFinal).map((line) => line.content)).toEqual([`${firstWords}${lastWords}`]);
    expect(withoutCutoff(onSecondLines)).toEqual(withoutCutoff(onFirstLines));
    const sorts = onSecondLines.flatMap((line) => (line.sort === undefined ? [] : [line.sort]));
    expect(new Set(sorts).size).toBe(sorts.length);
    expect(sorts).toEqual([...sorts].sort((left, right) => left - right));
    expect(onSecondLines.filter((line) => line.id === messageId)).toHaveLength(1);
    expect(onSecondLines.map((line) => line.id)).toContain('__state__');
  });

  it('refuses another question from the second process while the first streams, and aborts from it', async () => {
    model.hold();
    const requestsBefore = model.requestCount();
    const streaming = await ChatStreamReader.open(onFirst.streamUrl, agentKey, {
      input: 'And how many were cancelled?',
      chatId,
      messageId: newMessageId(),
      sessionSettings,
    });
    expect(streaming.status).toBe(200);
    await streaming.until((line) => line.content === firstWords);
    expect(model.requestCount()).toBe(requestsBefore + 1);

    const post = (url: string, body: object) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Api-Key ${agentKey}` },
        body: JSON.stringify(body),
      });
    const conflict = await post(onSecond.streamUrl, {
      input: 'Something else',
      chatId,
      messageId: newMessageId(),
      sessionSettings,
    });
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toMatchObject({ error: 'Streaming for thread is in progress' });

    const abort = await post(onSecond.abortUrl, { chatId, sessionSettings });
    expect(abort.status).toBe(204);
    expect(await abort.text()).toBe('');
    const lines = await streaming.rest();
    expect(lines.at(-1)?.id).toBe('__aborted__');
    expect(lines.some(isFinal)).toBe(false);

    // The aborted thread is idle again: the second process answers the next question in it.
    model.release();
    const next = await ChatStreamReader.open(onSecond.streamUrl, agentKey, {
      input: 'How many orders are there?',
      chatId,
      messageId: newMessageId(),
      sessionSettings,
    });
    expect(next.status).toBe(200);
    const after = await next.rest();
    expect(after.filter(isFinal).map((line) => line.content)).toEqual([`${firstWords}${lastWords}`]);
  });
});
