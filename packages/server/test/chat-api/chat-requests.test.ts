import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StoreEngine, storeEngines } from '../support/test-server.js';
import { type ChatTestServer, startChatTestServer } from './chat-test-server.js';

/** Request rules of the chat paths: 400 naming the field, 404 for what does not exist. */
describe.each(storeEngines)('Chat API requests on %s', (engine: StoreEngine) => {
  let chat: ChatTestServer;
  let key: Record<string, string>;
  let url: string;

  beforeAll(async () => {
    chat = await startChatTestServer(engine);
    key = { authorization: `Api-Key ${chat.agentKey}` };
    url = chat.agentUrl(chat.agentId, 'stream-chat-state');
    const attribute = await chat.server.request({
      method: 'POST',
      url: '/api/v1/user-attributes',
      body: { name: 'region' },
    });
    expect(attribute.status).toBe(201);
  });
  afterAll(async () => {
    await chat?.close();
  });

  async function expectBadRequest(body: unknown, message: RegExp) {
    const answer = await chat.post(url, body, key);
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body).toMatchObject({ error: expect.stringMatching(message), code: 'BAD_REQUEST' });
  }

  it('requires sessionSettings with an API key, naming exactly one user', async () => {
    await expectBadRequest({ input: 'hi' }, /sessionSettings: required with Api-Key authentication/);
    await expectBadRequest({ input: 'hi', sessionSettings: {} }, /externalId or internalId is required/);
    await expectBadRequest(
      { input: 'hi', sessionSettings: { externalId: 'a', internalId: 'someone@example.com' } },
      /either externalId or internalId, not both/,
    );
  });

  it('refuses groups, security context and user attributes with internalId', async () => {
    await expectBadRequest(
      {
        input: 'hi',
        sessionSettings: { internalId: 'someone@example.com', groups: ['g'], securityContext: {} },
      },
      /groups, securityContext must not be sent with internalId/,
    );
  });

  it('accepts the e-mail of any stored user as internalId, in any case, and refuses everyone else', async () => {
    const accountId = (await chat.server.container.services.accounts.accountByName('default'))?.id ?? 0;
    // The first admin every server creates, and a user on a single-label intranet domain.
    const created = await chat.server.request({
      method: 'POST',
      url: '/api/v1/users',
      body: { email: 'Ops@Intranet', role: 'viewer' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    for (const internalId of ['admin@localhost', 'ADMIN@LocalHost', 'ops@intranet']) {
      const answer = await chat.post(url, { input: 'hi', sessionSettings: { internalId } }, key);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.lines.some((line) => line.role === 'assistant')).toBe(true);
      const user = await chat.server.container.services.chatUsers.find(accountId, { internalId });
      expect(user).toMatchObject({ internalId: internalId.toLowerCase(), externalId: null });
    }
    await expectBadRequest(
      { input: 'hi', sessionSettings: { internalId: 'nobody@localhost' } },
      /sessionSettings.internalId: no active user of the account has the e-mail nobody@localhost/,
    );
    await expectBadRequest(
      { input: 'hi', sessionSettings: { internalId: 'admin' } },
      /sessionSettings.internalId/,
    );
  });

  it('names user attributes the account has not configured', async () => {
    await expectBadRequest(
      {
        input: 'hi',
        sessionSettings: {
          externalId: 'attr-user',
          userAttributes: [
            { name: 'region', value: 'EMEA' },
            { name: 'clearance', value: 'top' },
          ],
        },
      },
      /userAttributes: "clearance" is not a user attribute of the account/,
    );
  });

  it('checks the message id, the time zone, the external id and unknown fields', async () => {
    const session = { externalId: 'format-user' };
    await expectBadRequest(
      { input: 'hi', messageId: '123-message', sessionSettings: session },
      /body messageId/,
    );
    await expectBadRequest(
      { input: 'hi', sessionSettings: { ...session, timezone: 'Mars/Olympus_Mons' } },
      /sessionSettings.timezone: "Mars\/Olympus_Mons" is not an IANA time zone/,
    );
    await expectBadRequest(
      { input: 'hi', sessionSettings: { externalId: 'Has Spaces' } },
      /sessionSettings.externalId: must be lowercase with no spaces/,
    );
    await expectBadRequest({ input: 'hi', sessionSettings: session, surprise: true }, /surprise/);
    await expectBadRequest(
      { input: 'hi', sessionSettings: { ...session, ephemeralTtlSeconds: 8 * 24 * 3600 } },
      /ephemeralTtlSeconds/,
    );
    await expectBadRequest('{"input": ', /not valid JSON/);
  });

  it('checks input before credentials: a bad body is a 400 even without credentials', async () => {
    const answer = await chat.post(url, { input: 'hi', messageId: 'nope' });
    expect(answer.status).toBe(400);
  });

  it('answers 404 for an unknown account, agent or deployment', async () => {
    const body = { input: 'hi', sessionSettings: { externalId: 'lost' } };
    const unknownAccount = await chat.post(
      `/api/v1/public/no-such-account/agents/${chat.agentId}/chat/stream-chat-state`,
      body,
      key,
    );
    expect(unknownAccount.status).toBe(404);
    expect(unknownAccount.body).toMatchObject({
      error: expect.stringMatching(/not found/),
      code: 'NOT_FOUND',
    });
    for (const agentId of ['3f0c6f8e-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect((await chat.post(chat.agentUrl(agentId, 'stream-chat-state'), body, key)).status).toBe(404);
    }
    for (const deploymentId of ['999999', 'demo']) {
      const answer = await chat.post(chat.deploymentUrl(deploymentId, 'stream-chat-state'), body, {
        'x-platform-auth-token': 'irrelevant',
      });
      expect(answer.status).toBe(404);
    }
  });

  it('answers 404 for an unknown chatId, on streaming and on abort', async () => {
    const session = { sessionSettings: { externalId: 'thread-less' } };
    const read = await chat.post(url, { chatId: 'no-such-thread', ...session }, key);
    expect(read.status).toBe(404);
    const abort = await chat.post(
      chat.agentUrl(chat.agentId, 'abort'),
      { chatId: 'no-such-thread', ...session },
      key,
    );
    expect(abort.status).toBe(404);
    expect(abort.body).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('requires chatId on abort and keeps other routes a JSON 404', async () => {
    const abort = await chat.post(
      chat.agentUrl(chat.agentId, 'abort'),
      { sessionSettings: { externalId: 'x' } },
      key,
    );
    expect(abort.status).toBe(400);
    expect(abort.body).toMatchObject({ error: expect.stringMatching(/body chatId/) });
    const elsewhere = await chat.post('/api/v1/users', {});
    expect(elsewhere.status).toBe(404);
  });
});
