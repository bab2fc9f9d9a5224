import type { AddressInfo } from 'node:net';
import type { ChatStreamMessage } from '@platform/contract';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatStreamReader } from '../process/chat-stream-reader.js';
import {
  firstWords,
  type GatedOpenAiServer,
  startGatedOpenAiServer,
} from '../process/gated-openai-server.js';
import { type ChatTestServer, createAgentKey, startChatTestServer } from './chat-test-server.js';

const sharedSecret = 'stream-flow-secret-0b7d6c55-long-enough-for-hs256';

let lastMessageTime = 0;
/** `<timestamp>-message`, never the same twice in a test. */
function newMessageId(): string {
  lastMessageTime = Math.max(Date.now(), lastMessageTime + 1);
  return `${lastMessageTime}-message`;
}

const isFinal = (line: ChatStreamMessage) => line.role === 'assistant' && line.graphPath?.[0] === 'final';

function platformToken(externalId: string) {
  return new SignJWT({ externalId, scope: ['chat'] })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(new TextEncoder().encode(sharedSecret));
}

async function postJson(url: string, body: unknown, headers: Record<string, string>) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    text,
    body: text ? (JSON.parse(text.split('\n')[0] ?? '') as unknown) : null,
  };
}

/** The chat listener over real HTTP (127.0.0.1), the way clients read it: line by line while it streams. */
describe('a chat thread through the chat listener', () => {
  let chat: ChatTestServer;
  let model: GatedOpenAiServer;
  let base: string;
  let gatedAgentId: string;
  let gatedKey: string;

  beforeAll(async () => {
    chat = await startChatTestServer();
    model = await startGatedOpenAiServer();
    await chat.chatApp.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(chat.chatApp.server.address() as AddressInfo).port}`;
    const created = await chat.server.request({
      method: 'POST',
      url: `/api/v1/deployments/${chat.demoDeploymentId}/agents`,
      body: {
        name: 'gated analyst',
        model: { provider: 'openai-compatible', baseUrl: model.baseUrl, model: 'scripted', apiKey: 'test' },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    gatedAgentId = (created.body as { id: string }).id;
    gatedKey = await createAgentKey(chat.server, chat.demoDeploymentId, gatedAgentId);
    await chat.setChatAuth(chat.demoDeploymentId, { enabled: true, secret: sharedSecret });
  });
  afterAll(async () => {
    await model?.close();
    await chat?.close();
  });

  it('streams a full answer of the demo agent to a question, as application/json lines', async () => {
    const response = await fetch(`${base}${chat.agentUrl(chat.agentId, 'stream-chat-state')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Api-Key ${chat.agentKey}` },
      body: JSON.stringify({
        input: 'How many orders are there?',
        messageId: newMessageId(),
        sessionSettings: { externalId: 'flow-user', groups: ['analysts'], securityContext: { team: 'a' } },
      }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const lines = (await response.text())
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as ChatStreamMessage);
    expect(lines[0]).toMatchObject({ id: '__cutoff__', state: { chatId: expect.any(String) } });
    expect(lines[1]).toMatchObject({ role: 'user', content: 'How many orders are there?' });
    const final = lines.filter(isFinal).at(-1);
    expect(final?.content).toMatch(/\d/);
    expect(lines.find((line) => line.id === '__state__')).toBeDefined();
    expect(lines.some((line) => 'error' in line)).toBe(false);
  });

  it('refuses a second message while answering (409), joins the same one, and aborts for the owner only', async () => {
    const streamUrl = `${base}${chat.agentUrl(gatedAgentId, 'stream-chat-state')}`;
    const abortUrl = `${base}${chat.agentUrl(gatedAgentId, 'abort')}`;
    const owner = { externalId: 'gated-owner' };
    const messageId = newMessageId();
    model.hold();
    const first = await ChatStreamReader.open(streamUrl, gatedKey, {
      input: 'Count the orders',
      messageId,
      sessionSettings: owner,
    });
    expect(first.status).toBe(200);
    const cutoff = await first.until((line) => line.id === '__cutoff__');
    const chatId = cutoff.state?.chatId ?? '';
    await first.until((line) => (line.content ?? '').includes(firstWords));

    const key = { authorization: `Api-Key ${gatedKey}` };
    const conflict = await postJson(
      streamUrl,
      { input: 'Another question', chatId, messageId: newMessageId(), sessionSettings: owner },
      key,
    );
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({ error: 'Streaming for thread is in progress' });

    // The same messageId again (a client reconnecting) joins the running answer.
    const joined = await ChatStreamReader.open(streamUrl, gatedKey, {
      input: 'Count the orders',
      chatId,
      messageId,
      sessionSettings: owner,
    });
    expect(joined.status).toBe(200);
    await joined.until((line) => (line.content ?? '').includes(firstWords));

    const stranger = await postJson(
      abortUrl,
      { chatId, sessionSettings: { externalId: 'gated-stranger' } },
      key,
    );
    expect(stranger.status).toBe(403);
    const aborted = await postJson(abortUrl, { chatId, sessionSettings: owner }, key);
    expect(aborted.status).toBe(204);
    expect(aborted.text).toBe('');
    for (const reader of [first, joined]) {
      const rest = await reader.rest();
      expect(rest.some((line) => line.id === '__aborted__' || line.id === '__state__')).toBe(true);
    }
    model.release();
  });

  it('serves platform-token users on the deployment form, and aborts there for them only', async () => {
    const streamUrl = `${base}${chat.deploymentUrl(chat.demoDeploymentId, 'stream-chat-state')}`;
    const abortUrl = `${base}${chat.deploymentUrl(chat.demoDeploymentId, 'abort')}`;
    const token = { 'x-platform-auth-token': await platformToken('Token-Owner') };
    const answer = await postJson(
      streamUrl,
      { input: 'How many orders are there?', messageId: newMessageId() },
      token,
    );
    expect(answer.status).toBe(200);
    const chatId = (answer.body as ChatStreamMessage).state?.chatId ?? '';
    expect(chatId).not.toBe('');
    const other = { 'x-platform-auth-token': await platformToken('someone-else') };
    expect((await postJson(abortUrl, { chatId }, other)).status).toBe(403);
    // An idle thread: the abort is still accepted ("an active or recently completed thread").
    expect((await postJson(abortUrl, { chatId }, token)).status).toBe(204);
    // The owner reads the thread back through the agent form with the same token.
    const state = await postJson(
      `${base}${chat.agentUrl(chat.agentId, 'stream-chat-state')}`,
      { chatId },
      token,
    );
    expect(state.status).toBe(200);
  });
});
