import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ChatStreamMessage, chatOperations } from '@platform/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatClient } from '../src/client/chat-client.js';
import { ChatConversation } from '../src/commands/chat-conversation.js';
import { runInProcess } from './support/in-process-cli.js';
import { type RecordedRequest, recordingFetch } from './support/recording-fetch.js';

const agentId = '6f1c2a3e-0b4d-4e5f-8a9b-0c1d2e3f4a5b';
const streamPath = `/api/v1/public/acme/agents/${agentId}/chat/stream-chat-state`;
const abortPath = `/api/v1/public/acme/agents/${agentId}/chat/abort`;

const answerLines: ChatStreamMessage[] = [
  { id: '__cutoff__', role: 'assistant', sort: 0, state: { chatId: 'chat-9', isStreaming: true } },
  { id: '1731974400000-message', role: 'user', content: 'how many?', isDelta: false, sort: 1 },
  {
    id: 'a',
    role: 'assistant',
    content: 'There are 42.',
    isDelta: true,
    graphPath: ['platform_data_analyst_agent'],
  },
  { id: 'f', role: 'assistant', content: 'There are 42.', isDelta: false, graphPath: ['final'] },
  { id: '__state__', role: 'assistant', state: { chatId: 'chat-9', isStreaming: false, messages: [] } },
];

const ndjson = (lines: readonly unknown[]) => lines.map((line) => `${JSON.stringify(line)}\n`).join('');

/** What the chat listener's `GET /api/v1/spec?operationId=streamChatState` answers: the CLI asks it first. */
const chatSpec = { openapi: '3.1.0', paths: { [chatOperations.streamChatState.path]: { post: {} } } };

/** The management API (current user, agents, key creation) and the Chat API, as the server answers them. */
function platformAnswers(chatAnswer: (request: RecordedRequest) => { status: number; body?: unknown }) {
  let keys = 0;
  return (request: RecordedRequest) => {
    const path = request.url.pathname;
    if (request.url.host === 'chat.test' && request.method === 'GET' && path === '/api/v1/spec') {
      return { status: 200, body: chatSpec };
    }
    if (request.url.host === 'chat.test') return chatAnswer(request);
    if (path === '/api/v1/users/me') {
      return {
        status: 200,
        body: { email: 'Ana@Example.com', account: { id: 1, name: 'acme' }, credential: { role: 'admin' } },
      };
    }
    if (path === '/api/v1/deployments/3/agents') {
      return {
        status: 200,
        body: {
          items: [
            { id: 'other', isDefault: false },
            { id: agentId, isDefault: true },
          ],
        },
      };
    }
    if (path === `/api/v1/deployments/3/agents/${agentId}/api-keys` && request.method === 'POST') {
      keys += 1;
      return { status: 201, body: { id: keys, name: 'platform-cli', token: `sk-agent-${keys}` } };
    }
    return { status: 404, body: { message: `no route ${path}` } };
  };
}

describe('platform chat, in process', () => {
  let configDirectory: string;
  beforeEach(async () => {
    configDirectory = await mkdtemp(join(tmpdir(), 'platform-chat-config-'));
  });
  afterEach(async () => {
    await rm(configDirectory, { recursive: true, force: true });
  });
  const environment = () => ({ PLATFORM_CONFIG_DIR: configDirectory, PLATFORM_CHAT_URL: 'http://chat.test' });

  it("answers one question with the deployment's default agent, and keeps the key it made for the next", async () => {
    const recorder = recordingFetch(platformAnswers(() => ({ status: 200, body: ndjson(answerLines) })));
    const first = await runInProcess(['chat', '--deployment', '3', 'how many?'], recorder, environment());
    expect(first.exitCode, first.stderr).toBe(0);
    expect(first.stdout).toBe('There are 42.\n');
    expect(first.stderr).toContain('--chat chat-9');
    const chat = recorder.requests.find((request) => request.url.pathname === streamPath);
    expect(chat?.headers.authorization).toBe('Api-Key sk-agent-1');
    expect(chat?.body).toMatchObject({
      input: 'how many?',
      sessionSettings: { externalId: 'ana@example.com' },
    });
    expect((chat?.body as { messageId?: string } | undefined)?.messageId).toMatch(/^\d{13,}-message$/);
    const config = JSON.parse(await readFile(join(configDirectory, 'config.json'), 'utf8'));
    expect(config.agentKeys[agentId]).toEqual({ apiUrl: 'http://cli.test', token: 'sk-agent-1' });

    const second = await runInProcess(
      ['chat', '--deployment', '3', '--chat', 'chat-9', 'and now?', '--json'],
      recorder,
      environment(),
    );
    expect(second.exitCode, second.stderr).toBe(0);
    const keyCreations = recorder.requests.filter((request) => request.url.pathname.endsWith('/api-keys'));
    expect(keyCreations).toHaveLength(1);
    const continued = recorder.requests.filter((request) => request.url.pathname === streamPath).at(-1);
    expect(continued?.body).toMatchObject({ chatId: 'chat-9', input: 'and now?' });
    expect(
      second.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual(answerLines);
  });

  it('replaces a saved key the Chat API refuses, once', async () => {
    let calls = 0;
    const recorder = recordingFetch(
      platformAnswers((request) => {
        calls += 1;
        if (request.headers.authorization === 'Api-Key sk-agent-1') {
          return {
            status: 200,
            body: ndjson([{ jsonrpc: '2.0', id: null, error: { code: -32001, message: 'unknown key' } }]),
          };
        }
        return { status: 200, body: ndjson(answerLines) };
      }),
    );
    expect((await runInProcess(['chat', '--deployment', '3', 'q'], recorder, environment())).exitCode).toBe(
      1,
    );
    const retried = await runInProcess(['chat', '--deployment', '3', 'q'], recorder, environment());
    expect(retried.exitCode, retried.stderr).toBe(0);
    expect(calls).toBe(3);
    const config = JSON.parse(await readFile(join(configDirectory, 'config.json'), 'utf8'));
    expect(config.agentKeys[agentId].token).toBe('sk-agent-2');
  });

  it('exits non-zero for a failure in the stream, an abort, a refused question and a given key that fails', async () => {
    const cases: Array<{ body: string; status: number; message: RegExp }> = [
      {
        status: 200,
        body: ndjson([answerLines[0], { error: 'the model endpoint is unreachable' }]),
        message: /the answer failed: the model endpoint is unreachable/,
      },
      {
        status: 200,
        body: ndjson([answerLines[0], { id: '__aborted__', role: 'assistant' }]),
        message: /the answer was aborted/,
      },
      {
        status: 409,
        body: JSON.stringify({ error: 'Streaming for thread is in progress' }),
        message: /^error: 409 Streaming for thread is in progress/,
      },
      {
        status: 200,
        body: ndjson([{ jsonrpc: '2.0', id: null, error: { code: -32001, message: 'bad key' } }]),
        message: /refused the agent key: bad key/,
      },
    ];
    for (const { status, body, message } of cases) {
      const recorder = recordingFetch(platformAnswers(() => ({ status, body })));
      const result = await runInProcess(
        ['chat', '--agent', agentId, '--account', 'acme', '--agent-key', 'sk-given', 'q'],
        recorder,
        environment(),
      );
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toMatch(message);
    }
  });

  it('aborts the answer a thread is streaming with --abort, and needs --chat for it', async () => {
    const recorder = recordingFetch(platformAnswers(() => ({ status: 204 })));
    const result = await runInProcess(
      [
        'chat',
        '--agent',
        agentId,
        '--account',
        'acme',
        '--agent-key',
        'sk-given',
        '--chat',
        'chat-9',
        '--abort',
      ],
      recorder,
      { ...environment(), PLATFORM_API_KEY: '' },
    );
    expect(result.exitCode, result.stderr).toBe(0);
    expect(recorder.requests.map((request) => [request.method, request.url.pathname])).toEqual([
      ['POST', abortPath],
    ]);
    expect(recorder.requests[0]?.headers.authorization).toBe('Api-Key sk-given');
    expect(recorder.requests[0]?.body).toEqual({
      chatId: 'chat-9',
      sessionSettings: { externalId: 'cli-user' },
    });
    const refused = recordingFetch(platformAnswers(() => ({ status: 403, body: { error: 'not yours' } })));
    const notOwner = await runInProcess(
      [
        'chat',
        '--agent',
        agentId,
        '--account',
        'acme',
        '--agent-key',
        'sk-given',
        '--chat',
        'chat-9',
        '--abort',
      ],
      refused,
      { ...environment(), PLATFORM_API_KEY: '' },
    );
    expect(notOwner.exitCode).toBe(1);
    const usage = await runInProcess(['chat', '--agent', agentId, '--abort'], recorder, environment());
    expect(usage.exitCode).toBe(2);
    expect(usage.stderr).toContain('--abort needs --chat');
  });

  it('needs no management API with an agent, an account and a key', async () => {
    const recorder = recordingFetch(platformAnswers(() => ({ status: 200, body: ndjson(answerLines) })));
    const result = await runInProcess(
      ['chat', '--agent', agentId, '--account', 'acme', '--agent-key', 'sk-given', 'q'],
      recorder,
      { ...environment(), PLATFORM_API_KEY: '' },
    );
    expect(result.exitCode, result.stderr).toBe(0);
    expect(recorder.requests.map((request) => request.url.host)).toEqual(['chat.test']);
    expect(recorder.requests[0]?.body).toMatchObject({ sessionSettings: { externalId: 'cli-user' } });
  });

  it('asks the server where the Chat API is, and makes no key when it does not answer there', async () => {
    const answers = platformAnswers(() => ({ status: 200, body: ndjson(answerLines) }));
    const serverSays = (aiUrl: string) => (request: RecordedRequest) => {
      if (request.url.pathname === '/api/v1/regions') {
        return { status: 200, body: { items: [{ id: 'local', name: 'local', isDefault: true, aiUrl }] } };
      }
      if (request.url.pathname === '/api/v1/deployments/3/settings') {
        return { status: 200, body: { id: 3, region: 'local' } };
      }
      if (request.url.host === 'gone.test') return { status: 502, body: 'Bad Gateway' };
      return answers(request);
    };
    const noChatUrl = { PLATFORM_CONFIG_DIR: configDirectory, PLATFORM_API_KEY: 'sk-test-key' };
    const found = recordingFetch(serverSays('http://chat.test'));
    const chat = await runInProcess(['chat', '--deployment', '3', 'how many?'], found, noChatUrl);
    expect(chat.exitCode, chat.stderr).toBe(0);
    expect(found.requests.at(-1)?.url.href).toBe(`http://chat.test${streamPath}`);

    const gone = recordingFetch(serverSays('http://gone.test'));
    await rm(join(configDirectory, 'config.json'), { force: true });
    const failed = await runInProcess(['chat', '--deployment', '3', 'how many?'], gone, noChatUrl);
    expect(failed.exitCode).toBe(1);
    expect(failed.stderr).toContain('http://gone.test answered HTTP 502 to GET /api/v1/spec');
    expect(failed.stderr).toContain('that is where the server says its Chat API listens');
    expect(failed.stderr).toContain('Nothing was created.');
    expect(gone.requests.some((request) => request.method === 'POST')).toBe(false);
    await expect(readFile(join(configDirectory, 'config.json'), 'utf8')).rejects.toThrow(/ENOENT/);
  });

  it('takes the chat URL saved at login, and logout forgets the agent keys made through it', async () => {
    const recorder = recordingFetch(platformAnswers(() => ({ status: 200, body: ndjson(answerLines) })));
    const noChatUrl = { PLATFORM_CONFIG_DIR: configDirectory };
    const login = await runInProcess(
      ['login', '--api-key', 'sk-test-key', '--url', 'http://cli.test', '--chat-url', 'http://chat.test/'],
      recorder,
      noChatUrl,
    );
    expect(login.exitCode, login.stderr).toBe(0);
    const chat = await runInProcess(['chat', '--deployment', '3', 'q'], recorder, noChatUrl);
    expect(chat.exitCode, chat.stderr).toBe(0);
    expect(recorder.requests.at(-1)?.url.href).toBe(`http://chat.test${streamPath}`);
    const relogin = await runInProcess(['login', '--api-key', 'sk-test-key'], recorder, noChatUrl);
    expect(relogin.exitCode, relogin.stderr).toBe(0);
    const kept = JSON.parse(await readFile(join(configDirectory, 'config.json'), 'utf8'));
    expect(kept.contexts.default.chatUrl).toBe('http://chat.test');
    expect(Object.keys(kept.agentKeys)).toEqual([agentId]);

    expect((await runInProcess(['logout'], recorder, noChatUrl)).exitCode).toBe(0);
    const config = JSON.parse(await readFile(join(configDirectory, 'config.json'), 'utf8'));
    expect(config.agentKeys).toEqual({});
  });

  it('asks for --agent or --deployment, and refuses an empty question', async () => {
    const recorder = recordingFetch(platformAnswers(() => ({ status: 200, body: '' })));
    const noAgent = await runInProcess(['chat', '--account', 'acme', 'q'], recorder, {
      ...environment(),
      PLATFORM_API_KEY: '',
    });
    expect(noAgent.exitCode).toBe(1);
    expect(noAgent.stderr).toMatch(/finding the default agent needs the management API/);
    const empty = await runInProcess(['chat', '--deployment', '3', '  '], recorder, environment());
    expect(empty.exitCode).toBe(2);
  });
});

describe('a conversation interrupted while the answer streams', () => {
  it('asks the server to abort the thread and ends with the stream, keeping the thread id', async () => {
    const encoder = new TextEncoder();
    let pushLine: (line: unknown) => void = () => undefined;
    let endStream: () => void = () => undefined;
    const requests: Array<{ path: string; body: unknown }> = [];
    const fetchFunction = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      const url = new URL(String(input));
      requests.push({ path: url.pathname, body: JSON.parse(String(init?.body)) });
      if (url.pathname === abortPath) {
        // The server ends the answer with __aborted__ once it accepted the abort.
        pushLine({ id: '__aborted__', role: 'assistant', state: { chatId: 'chat-9', isStreaming: false } });
        endStream();
        return new Response(null, { status: 204 });
      }
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          pushLine = (line) => controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
          endStream = () => controller.close();
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
    };
    let written = '';
    const conversation = new ChatConversation({
      target: {
        chatUrl: 'http://chat.test',
        accountName: 'acme',
        agentId,
        agentKey: 'sk-given',
        externalId: 'ana@example.com',
        replaceKey: null,
      },
      chatId: null,
      output: { write: (text) => (written += text), isJson: false, isTerminal: false },
      makeClient: (target) =>
        new ChatClient({ ...target, userAgent: 'test', fetch: fetchFunction as typeof fetch }),
    });
    const answer = conversation.ask('a long question');
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    pushLine(answerLines[0]);
    pushLine({
      id: 'a',
      role: 'assistant',
      content: 'Counting',
      isDelta: true,
      graphPath: ['platform_data_analyst_agent'],
    });
    await vi.waitFor(() => expect(written).toBe('Counting'));
    expect(conversation.isStreaming).toBe(true);
    conversation.interrupt();
    const outcome = await answer;
    expect(outcome).toMatchObject({ chatId: 'chat-9', isAborted: true, finalAnswer: null });
    expect(requests[1]).toEqual({
      path: abortPath,
      body: { chatId: 'chat-9', sessionSettings: { externalId: 'ana@example.com' } },
    });
    expect(written).toBe('Counting\n(answer aborted)\n');
    expect(conversation.chatId).toBe('chat-9');
    expect(conversation.isStreaming).toBe(false);
  });
});
