import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeployment } from '../security/account-resources.js';
import { type StoreEngine, storeEngines } from '../support/test-server.js';
import {
  authenticationFailure,
  type ChatAnswer,
  type ChatTestServer,
  startChatTestServer,
} from './chat-test-server.js';

const checkPassword = 'custom-check-password-5d1e';

/**
 * A deployment's own token check on loopback: `accept-*` tokens get claims, `reject-*` a 401, `slow-*`
 * no answer for 3 s, `empty-*` a 200 without claims. It counts the requests per token.
 */
async function startCustomCheck() {
  const calls = new Map<string, number>();
  const authorizations: string[] = [];
  const server: Server = createServer(async (request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const { token } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { token: string };
    calls.set(token, (calls.get(token) ?? 0) + 1);
    authorizations.push(request.headers.authorization ?? '');
    response.setHeader('content-type', 'application/json');
    if (token.startsWith('slow-')) {
      setTimeout(
        () => response.end(JSON.stringify({ claims: { externalId: 'late', scope: ['chat'] } })),
        3_000,
      );
    } else if (token.startsWith('reject-')) {
      response.writeHead(401).end(JSON.stringify({ error: 'unknown token' }));
    } else if (token.startsWith('empty-')) {
      response.end(JSON.stringify({ ok: true }));
    } else {
      response.end(
        JSON.stringify({ claims: { externalId: 'Checked-User', scope: ['chat'], region: 'emea' } }),
      );
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://checker:${checkPassword}@127.0.0.1:${port}/check`,
    callsOf: (token: string) => calls.get(token) ?? 0,
    authorizations,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function expectAuthenticated(answer: ChatAnswer) {
  expect(answer.status, answer.text).toBe(400);
  expect(answer.body).toMatchObject({ error: expect.stringMatching(/^Either input .* or chatId/) });
}

describe.each(storeEngines)('platform-token custom check on %s', (engine: StoreEngine) => {
  let chat: ChatTestServer;
  let check: Awaited<ReturnType<typeof startCustomCheck>>;
  let deploymentId: number;
  let agentId: string;
  const url = () => chat.agentUrl(agentId, 'stream-chat-state');
  const withToken = (token: string) => ({ 'x-platform-auth-token': token });

  beforeAll(async () => {
    chat = await startChatTestServer(engine, { LOG_LEVEL: 'trace' });
    check = await startCustomCheck();
    deploymentId = await createDeployment(chat.server, 'custom-check');
    const created = await chat.server.request({
      method: 'POST',
      url: `/api/v1/deployments/${deploymentId}/agents`,
      body: { name: 'checked analyst' },
    });
    agentId = (created.body as { id: string }).id;
  });
  afterAll(async () => {
    await check?.close();
    await chat?.close();
  });

  it('stores the URL sealed: reads it masked, keeps the secret on a masked write-back, clears it', async () => {
    const settingsUrl = `/api/v1/deployments/${deploymentId}/chat-auth`;
    const set = await chat.server.request({
      method: 'PUT',
      url: settingsUrl,
      body: { enabled: true, customCheckUrl: check.url },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const masked = check.url.replace(checkPassword, '[ENCRYPTED]');
    expect(set.body).toMatchObject({ enabled: true, secret: null, jwksUrl: null, customCheckUrl: masked });
    const read = await chat.server.request({ method: 'GET', url: settingsUrl });
    expect(read.body).toMatchObject({ customCheckUrl: masked });
    const writtenBack = await chat.server.request({
      method: 'PUT',
      url: settingsUrl,
      body: { enabled: true, customCheckUrl: masked },
    });
    expect(writtenBack.status).toBe(200);
    const other = await createDeployment(chat.server, 'custom-check-cleared');
    const cleared = await chat.server.request({
      method: 'PUT',
      url: `/api/v1/deployments/${other}/chat-auth`,
      body: { enabled: true, customCheckUrl: null },
    });
    expect(cleared.status).toBe(400);
    expect((cleared.body as { message: string }).message).toContain('customCheckUrl');
    const rows = await chat.server.container.platform.store.database.execute(
      sql`SELECT custom_check_url, custom_check_url_secret_encrypted FROM deployment_chat_auth WHERE deployment_id = ${deploymentId}`,
    );
    expect(JSON.stringify(rows)).not.toContain(checkPassword);
  });

  it('accepts a token the check answers with claims, asking once while the answer is cached', async () => {
    // A JWT signed with a key the platform never sees: only the check can vouch for it.
    const token = await new SignJWT({ sub: 'anything' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('a-key-only-the-customer-knows-0123456789abcdef'));
    for (let attempt = 0; attempt < 3; attempt += 1)
      expectAuthenticated(await chat.post(url(), {}, withToken(token)));
    expect(check.callsOf(token)).toBe(1);
    expect(check.authorizations.at(-1)).toBe(
      `Basic ${Buffer.from(`checker:${checkPassword}`).toString('base64')}`,
    );
    const accountId = (await chat.server.container.services.accounts.accountByName('default'))?.id ?? 0;
    const user = await chat.server.container.services.chatUsers.find(accountId, {
      externalId: 'checked-user',
    });
    expect(user).toMatchObject({ externalId: 'checked-user' });
    const opaque = 'accept-opaque-token';
    expectAuthenticated(await chat.post(url(), {}, withToken(opaque)));
    expectAuthenticated(await chat.post(url(), {}, withToken(opaque)));
    expect(check.callsOf(opaque)).toBe(1);
  });

  it('rejects a token the check refuses or answers without claims, with a clear message', async () => {
    const refused = await chat.post(url(), {}, withToken('reject-this-token'));
    expect(refused.body).toEqual(
      authenticationFailure(/custom token check refused the platform token \(HTTP 401\)/),
    );
    await chat.post(url(), {}, withToken('reject-this-token'));
    expect(check.callsOf('reject-this-token')).toBe(1);
    expect((await chat.post(url(), {}, withToken('empty-claims'))).body).toEqual(
      authenticationFailure(/without a claims object/),
    );
  });

  it('rejects when the check does not answer within 2 s, and asks again next time', async () => {
    const started = Date.now();
    const answer = await chat.post(url(), {}, withToken('slow-token'));
    expect(answer.body).toEqual(authenticationFailure(/did not answer within 2 s/));
    expect(Date.now() - started).toBeLessThan(2_900);
    await chat.post(url(), {}, withToken('slow-token'));
    expect(check.callsOf('slow-token')).toBe(2);
  });

  it('does not reuse an answer past the token exp', async () => {
    const expiring = await new SignJWT({ sub: 'short' })
      .setProtectedHeader({ alg: 'HS512' })
      .setExpirationTime(Math.floor(Date.now() / 1000) + 1)
      .sign(new TextEncoder().encode('a-key-the-platform-never-sees-0123456789abcdef0123456789abcdef'));
    expectAuthenticated(await chat.post(url(), {}, withToken(expiring)));
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expectAuthenticated(await chat.post(url(), {}, withToken(expiring)));
    expect(check.callsOf(expiring)).toBe(2);
  });

  it('never logs the token or the check URL password', async () => {
    await chat.post(url(), {}, withToken('accept-logged-token'));
    const log = chat.server.logLines.join('');
    expect(log).not.toContain('accept-logged-token');
    expect(log).not.toContain(checkPassword);
  });
});
