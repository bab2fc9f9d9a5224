import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  ChatAuthenticationFailure,
  ChatErrorBody,
  ChatStreamMessage,
  chatOperations,
  type OpenApiDocument,
} from '@platform/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatTestServer, startChatTestServer } from '../chat-api/chat-test-server.js';
import { operationIdsOf, reachableSchemas, structuralProblems } from './openapi-structure.js';

const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const run = promisify(execFile);

const chatPaths = [
  '/api/v1/public/{accountName}/agents/{agentId}/chat/stream-chat-state',
  '/api/v1/public/{accountName}/deployments/{deploymentId}/chat/stream-chat-state',
  '/api/v1/public/{accountName}/agents/{agentId}/chat/abort',
  '/api/v1/public/{accountName}/deployments/{deploymentId}/chat/abort',
];
const sorted = (values: string[]) => [...values].sort();
type Entry = Record<string, unknown> & { responses: Record<string, { content?: Record<string, unknown> }> };

/** The chat listener describes itself: GET /api/v1/spec there, without credentials, from `chatOperations`. */
describe('GET /api/v1/spec on the chat listener', () => {
  let chat: ChatTestServer;
  let document: OpenApiDocument;

  async function fetchSpec(query: string) {
    const answer = await chat.chatApp.inject({ method: 'GET', url: `/api/v1/spec${query}` });
    return { status: answer.statusCode, body: answer.json() as OpenApiDocument & Record<string, unknown> };
  }
  const entry = (path: string, method = 'post') => document.paths[path]?.[method] as Entry;

  beforeAll(async () => {
    chat = await startChatTestServer();
    const answer = await fetchSpec('');
    expect(answer.status).toBe(200);
    document = answer.body;
  });
  afterAll(async () => {
    await chat?.close();
  });

  it('is a structurally valid OpenAPI 3.1 document of every chat operation, every $ref resolving', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(structuralProblems(document)).toEqual([]);
    expect(sorted(operationIdsOf(document))).toEqual(sorted(Object.keys(chatOperations)));
    for (const path of chatPaths) expect(document.paths[path]?.post, path).toBeDefined();
    expect(document.servers).toEqual([{ url: chat.server.container.config.chatPublicUrl }]);
  });

  it('is the committed docs/chat-openapi.json, but for the server URL', async () => {
    const committed = JSON.parse(
      await readFile(join(repositoryRoot, 'docs/chat-openapi.json'), 'utf8'),
    ) as OpenApiDocument;
    expect({ ...document, servers: committed.servers }).toEqual(committed);
  });

  it('describes the stream: request schema, NDJSON lines, the authentication failure in the 200, errors', () => {
    const stream = entry(chatPaths[0] as string);
    expect(stream.requestBody).toEqual({
      required: true,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ChatStreamInput' } } },
    });
    const line = { $ref: '#/components/schemas/ChatStreamMessage' };
    expect(stream.responses['200']?.content).toEqual({
      'application/json': {
        schema: { oneOf: [line, { $ref: '#/components/schemas/ChatAuthenticationFailure' }] },
      },
      'application/x-ndjson': { schema: line },
    });
    expect(Object.keys(stream.responses)).toEqual(['200', '400', '403', '404', '409', '500']);
    expect(stream.responses['409']?.content).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/ChatErrorBody' } },
    });
    expect(stream.security).toEqual([{ agentApiKey: [] }, { platformToken: [] }]);
    // An API key names one agent: the deployment form takes platform tokens only.
    expect(entry(chatPaths[1] as string).security).toEqual([{ platformToken: [] }]);
    const abort = entry(chatPaths[2] as string);
    expect(Object.keys(abort.responses)).toEqual(['200', '204', '400', '403', '404', '409', '500']);
    expect(entry('/api/v1/spec', 'get').security).toEqual([]);
  });

  it('says what the listener really answers: stream lines, a refused key and an error body fit', async () => {
    const url = chat.agentUrl(chat.agentId, 'stream-chat-state');
    const body = { input: 'How many orders are there?', sessionSettings: { externalId: 'spec-reader' } };
    const stream = await chat.post(url, body, { authorization: `Api-Key ${chat.agentKey}` });
    expect(stream.status).toBe(200);
    expect(stream.lines.length).toBeGreaterThan(2);
    for (const line of stream.lines)
      expect(ChatStreamMessage.safeParse(line).success, JSON.stringify(line)).toBe(true);
    const refused = await chat.post(url, body, { authorization: 'Api-Key sk-not-a-key-000000000000' });
    expect(ChatAuthenticationFailure.safeParse(refused.body).success, refused.text).toBe(true);
    const missing = await chat.post(
      chat.agentUrl(chat.agentId, 'abort'),
      { chatId: 'no-such-thread', sessionSettings: { externalId: 'spec-reader' } },
      { authorization: `Api-Key ${chat.agentKey}` },
    );
    expect(missing.status).toBe(404);
    expect(ChatErrorBody.safeParse(missing.body).success, missing.text).toBe(true);
  });

  it('filters by operationId and search as the management spec does', async () => {
    const byId = await fetchSpec('?operationId=abortChat&operationId=streamDeploymentChatState');
    expect(byId.status).toBe(200);
    expect(sorted(operationIdsOf(byId.body))).toEqual(['abortChat', 'streamDeploymentChatState']);
    expect(structuralProblems(byId.body)).toEqual([]);
    expect(sorted(Object.keys(byId.body.components.schemas))).toEqual(
      sorted([...reachableSchemas(byId.body)]),
    );
    const bySearch = await fetchSpec('?search=ABORT');
    expect(sorted(operationIdsOf(bySearch.body))).toEqual(['abortChat', 'abortDeploymentChat']);
    const none = await fetchSpec('?search=zzz-no-such-text');
    expect(none.status).toBe(404);
    expect(ChatErrorBody.safeParse(none.body).success).toBe(true);
    expect(none.body).toMatchObject({
      code: 'NOT_FOUND',
      error: expect.stringMatching(/no operation matches/),
    });
  });
});

/** `npm run spec:check` fails on a stale chat document as it does on a stale management one. */
describe('the spec drift check', () => {
  let directory: string;
  const check = () =>
    run(
      process.execPath,
      ['--import', 'tsx', 'scripts/write-openapi.ts', '--check', '--docs-dir', directory],
      {
        cwd: repositoryRoot,
      },
    ).then(
      (result) => ({ code: 0, ...result }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'spec-drift-'));
    for (const file of ['openapi.json', 'chat-openapi.json']) {
      await copyFile(join(repositoryRoot, 'docs', file), join(directory, file));
    }
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('passes on the committed documents and fails when the chat document is stale or missing', async () => {
    const fresh = await check();
    expect(fresh.code, fresh.stderr).toBe(0);
    expect(fresh.stdout).toContain('docs/chat-openapi.json matches the contract');
    const chatFile = join(directory, 'chat-openapi.json');
    const stale = JSON.parse(await readFile(chatFile, 'utf8')) as OpenApiDocument;
    delete stale.paths[chatPaths[3] as string];
    await writeFile(chatFile, `${JSON.stringify(stale, null, 2)}\n`);
    const failed = await check();
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('docs/chat-openapi.json is out of date with the contract');
    expect(failed.stderr).not.toContain('docs/openapi.json is out of date');
    await rm(chatFile);
    expect((await check()).code).toBe(1);
  }, 60_000);
});
