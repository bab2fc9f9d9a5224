import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, buildChatApp } from '../../src/app.js';
import { type Container, createContainer } from '../../src/container.js';
import { createLogger } from '../../src/logger.js';
import { type ChatTestServer, startChatTestServer } from './chat-test-server.js';

/** Polls until the check passes or the time is up; the change feed delivers asynchronously. */
async function eventually(check: () => Promise<boolean>, milliseconds = 3000): Promise<boolean> {
  const deadline = Date.now() + milliseconds;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}

/**
 * Two servers on one PostgreSQL database and schema, as two processes behind a load balancer: a tenant
 * setting written through one is obeyed by the other's very next requests. The other's settings are
 * cached (it answered before the write), so only the change feed can tell it.
 */
describe.runIf(process.env.DATABASE_URL)('tenant settings across two servers sharing PostgreSQL', () => {
  let chat: ChatTestServer;
  let second: Container;
  let secondChat: FastifyInstance;
  let secondApi: FastifyInstance;

  beforeAll(async () => {
    chat = await startChatTestServer('postgres');
    second = await createContainer(chat.server.config, createLogger('warn'), { isInMemory: true });
    await second.start({ writeKeyFile: false });
    secondChat = buildChatApp(second);
    secondApi = buildApp(second);
    await Promise.all([secondChat.ready(), secondApi.ready()]);
  });
  afterAll(async () => {
    await secondChat?.close();
    await secondApi?.close();
    await second?.close();
    await chat?.close();
  });

  const ask = async (app: FastifyInstance, externalId: string) =>
    (
      await app.inject({
        method: 'POST',
        url: chat.agentUrl(chat.agentId, 'stream-chat-state'),
        headers: { 'content-type': 'application/json', authorization: `Api-Key ${chat.agentKey}` },
        payload: JSON.stringify({ input: 'How many orders are there?', sessionSettings: { externalId } }),
      })
    ).statusCode;

  it('turns AI off on the other server as soon as one writes aiEnabled false, and on again', async () => {
    expect(await ask(secondChat, 'warm-second')).toBe(200);
    expect(await ask(chat.chatApp, 'warm-first')).toBe(200);

    const off = await chat.server.request({
      method: 'PUT',
      url: '/api/v1/tenant/settings',
      body: { aiEnabled: false },
    });
    expect(off.status).toBe(200);
    expect(await eventually(async () => (await ask(secondChat, 'after-off')) === 403)).toBe(true);
    expect(await ask(chat.chatApp, 'after-off')).toBe(403);

    const on = await secondApi.inject({
      method: 'PUT',
      url: '/api/v1/tenant/settings',
      headers: { authorization: `Bearer ${chat.server.adminKey}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ aiEnabled: true }),
    });
    expect(on.statusCode).toBe(200);
    expect(await eventually(async () => (await ask(chat.chatApp, 'after-on')) === 200)).toBe(true);
    expect(await ask(secondChat, 'after-on')).toBe(200);
  });

  it('applies a lowered externalUsersLimit on the other server at once', async () => {
    const provision = async (app: FastifyInstance, externalId: string) =>
      (
        await app.inject({
          method: 'POST',
          url: chat.agentUrl(chat.agentId, 'stream-chat-state'),
          headers: { 'content-type': 'application/json', authorization: `Api-Key ${chat.agentKey}` },
          payload: JSON.stringify({
            chatId: 'no-such-thread',
            sessionSettings: { externalId, isEphemeral: false },
          }),
        })
      ).statusCode;
    // 404: provisioned, then no such thread. The second server has read the settings (limit 10,000).
    expect(await provision(secondChat, 'kept-a')).toBe(404);
    await chat.server.request({
      method: 'PUT',
      url: '/api/v1/tenant/settings',
      body: { externalUsersLimit: 1 },
    });
    expect(await eventually(async () => (await provision(secondChat, 'kept-b')) === 403)).toBe(true);
    await chat.server.request({
      method: 'PUT',
      url: '/api/v1/tenant/settings',
      body: { externalUsersLimit: 2 },
    });
    expect(await eventually(async () => (await provision(secondChat, 'kept-b')) === 404)).toBe(true);
  });
});
