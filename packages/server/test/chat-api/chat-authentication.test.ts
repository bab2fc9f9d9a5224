import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeployment } from '../security/account-resources.js';
import { type StoreEngine, storeEngines } from '../support/test-server.js';
import {
  authenticationFailure,
  type ChatAnswer,
  type ChatTestServer,
  createAgentKey,
  startChatTestServer,
} from './chat-test-server.js';

const sharedSecret = 'chat-shared-secret-7c1f0e2a-at-least-32-bytes';
const externalSession = { sessionSettings: { externalId: 'auth-user' } };

function hs256(claims: JWTPayload, options: { secret?: string; expiresIn?: string } = {}) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '5m')
    .sign(new TextEncoder().encode(options.secret ?? sharedSecret));
}

/**
 * Authentication passed when the request reaches the stream service: a body without `input` and
 * `chatId` is then refused by it with its own 400, never as a JSON-RPC authentication failure.
 */
function expectAuthenticated(answer: ChatAnswer) {
  expect(answer.status, answer.text).toBe(400);
  expect(answer.body).toMatchObject({ error: expect.stringMatching(/^Either input .* or chatId/) });
}

/** A JWKS endpoint on loopback serving one RSA key, as an identity provider would. */
async function startJwksServer() {
  const keys = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'chat-test-key', alg: 'RS256', use: 'sig' };
  const server: Server = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    sign: (claims: JWTPayload) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'chat-test-key' })
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(keys.privateKey),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(storeEngines)('Chat API authentication on %s', (engine: StoreEngine) => {
  let chat: ChatTestServer;
  let jwks: Awaited<ReturnType<typeof startJwksServer>>;

  beforeAll(async () => {
    // At trace level everything the server can log is written, so the secrets check below sees the most.
    chat = await startChatTestServer(engine, { LOG_LEVEL: 'trace' });
    jwks = await startJwksServer();
    await chat.setChatAuth(chat.demoDeploymentId, {
      enabled: true,
      secret: sharedSecret,
      issuer: null,
      audience: null,
    });
    await chat.setChatAuth(chat.otherDeploymentId, {
      enabled: true,
      jwksUrl: jwks.url,
      issuer: 'https://idp.example.com/',
      audience: 'platform-chat',
    });
  });
  afterAll(async () => {
    await jwks?.close();
    await chat?.close();
  });

  it('never logs an agent key, a platform token or the shared secret', async () => {
    const token = await hs256({ externalId: 'logged-user', scope: ['chat'] });
    const url = chat.agentUrl(chat.agentId, 'stream-chat-state');
    await chat.post(url, externalSession, { authorization: `Api-Key ${chat.agentKey}` });
    await chat.post(url, {}, { 'x-platform-auth-token': token });
    await chat.post(url, {}, { 'x-platform-auth-token': `${token}x` });
    const log = chat.server.logLines.join('');
    expect(log).toContain('/chat/stream-chat-state');
    for (const secret of [chat.agentKey, token, sharedSecret]) expect(log).not.toContain(secret);
  });

  describe('with an agent API key', () => {
    it("streams the agent's answer as application/json lines for the agent's own key", async () => {
      const answer = await chat.post(
        chat.agentUrl(chat.agentId, 'stream-chat-state'),
        { input: 'How many orders are there?', ...externalSession },
        { authorization: `Api-Key ${chat.agentKey}` },
      );
      expect(answer.status, answer.text).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.lines[0]).toMatchObject({ id: '__cutoff__', role: 'assistant' });
      expect(answer.lines.find((line) => line.id === '__state__')).toBeDefined();
    });

    it('answers an unknown key, a malformed header and no credentials with a JSON-RPC error in a 200', async () => {
      const url = chat.agentUrl(chat.agentId, 'stream-chat-state');
      const unknown = await chat.post(url, externalSession, { authorization: 'Api-Key sk-not-a-key' });
      expect(unknown.status).toBe(200);
      expect(unknown.body).toEqual(authenticationFailure('the API key is not valid'));
      const bearer = await chat.post(url, externalSession, { authorization: `Bearer ${chat.agentKey}` });
      expect(bearer.body).toEqual(authenticationFailure(/Api-Key <API key>/));
      const none = await chat.post(url, externalSession);
      expect(none.status).toBe(200);
      expect(none.body).toEqual(authenticationFailure(/no credentials/));
    });

    it('refuses the key of another agent and a management API key', async () => {
      const url = chat.agentUrl(chat.agentId, 'stream-chat-state');
      const other = await chat.post(url, externalSession, { authorization: `Api-Key ${chat.otherAgentKey}` });
      expect(other.body).toEqual(authenticationFailure(`the API key is not a key of agent ${chat.agentId}`));
      const management = await chat.post(url, externalSession, {
        authorization: `Api-Key ${chat.server.adminKey}`,
      });
      expect(management.body).toEqual(authenticationFailure('the API key is not valid'));
    });

    it('lets Authorization win when both headers are sent', async () => {
      const url = chat.agentUrl(chat.agentId, 'stream-chat-state');
      const validToken = await hs256({ externalId: 'token-user', scope: ['chat'] });
      const keyWins = await chat.post(url, externalSession, {
        authorization: `Api-Key ${chat.agentKey}`,
        'x-platform-auth-token': 'not-a-jwt',
      });
      expectAuthenticated(keyWins);
      const badKeyWins = await chat.post(url, externalSession, {
        authorization: 'Api-Key sk-wrong',
        'x-platform-auth-token': validToken,
      });
      expect(badKeyWins.body).toEqual(authenticationFailure('the API key is not valid'));
    });

    it('refuses an API key on the deployment form with 403 and the prescribed message', async () => {
      for (const endpoint of ['stream-chat-state', 'abort'] as const) {
        const answer = await chat.post(
          chat.deploymentUrl(chat.demoDeploymentId, endpoint),
          { chatId: 'any', ...externalSession },
          { authorization: `Api-Key ${chat.agentKey}` },
        );
        expect(answer.status).toBe(403);
        expect(answer.body).toMatchObject({ error: 'agentId is required for Api-Key authentication' });
      }
    });
  });

  describe('with a platform token', () => {
    const url = () => chat.agentUrl(chat.agentId, 'stream-chat-state');
    const withToken = (token: string) => ({ 'x-platform-auth-token': token });

    it('accepts a valid HS256 token, ignores sessionSettings and provisions the token user', async () => {
      const token = await hs256({ externalId: 'Token-User', scope: ['chat'], email: 'token@example.com' });
      const answer = await chat.post(
        url(),
        { sessionSettings: { internalId: 'nobody@example.com', groups: ['ignored'] } },
        withToken(token),
      );
      expectAuthenticated(answer);
      const accountId = (await chat.server.container.services.accounts.accountByName('default'))?.id ?? 0;
      const user = await chat.server.container.services.chatUsers.find(accountId, {
        externalId: 'token-user',
      });
      expect(user).toMatchObject({ externalId: 'token-user', email: 'token@example.com', internalId: null });
    });

    it('uses sub when the token has no externalId, on the deployment form too', async () => {
      const token = await hs256({ sub: 'Subject-Only', scope: ['chat'] });
      expectAuthenticated(await chat.post(url(), {}, withToken(token)));
      expectAuthenticated(
        await chat.post(chat.deploymentUrl(chat.demoDeploymentId, 'stream-chat-state'), {}, withToken(token)),
      );
    });

    it('refuses an expired token, a bad signature, a token without user or chat scope', async () => {
      const expired = await hs256({ externalId: 'late', scope: ['chat'] }, { expiresIn: '-1m' });
      expect((await chat.post(url(), {}, withToken(expired))).body).toEqual(
        authenticationFailure('the platform token has expired'),
      );
      const forged = await hs256(
        { externalId: 'forger', scope: ['chat'] },
        { secret: `${sharedSecret}-wrong` },
      );
      expect((await chat.post(url(), {}, withToken(forged))).body).toEqual(
        authenticationFailure(/signature is not valid/),
      );
      const anonymous = await hs256({ scope: ['chat'] });
      expect((await chat.post(url(), {}, withToken(anonymous))).body).toEqual(
        authenticationFailure('the platform token has neither an externalId nor a sub claim'),
      );
      const noScope = await hs256({ externalId: 'reader', scope: ['dashboards'] });
      expect((await chat.post(url(), {}, withToken(noScope))).body).toEqual(
        authenticationFailure(/scope does not include "chat"/),
      );
      expect((await chat.post(url(), {}, withToken('not.a.jwt'))).status).toBe(200);
    });

    it('refuses tokens where the deployment has not enabled them (the default)', async () => {
      const deploymentId = await createDeployment(chat.server, 'chat-tokens-off');
      const created = await chat.server.request({
        method: 'POST',
        url: `/api/v1/deployments/${deploymentId}/agents`,
        body: { name: 'closed analyst' },
      });
      const agentId = (created.body as { id: string }).id;
      const token = await hs256({ externalId: 'someone', scope: ['chat'] });
      const answer = await chat.post(chat.agentUrl(agentId, 'stream-chat-state'), {}, withToken(token));
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(
        authenticationFailure('platform tokens are not enabled for this deployment'),
      );
      // The key still works there: only the token method is off.
      const key = await createAgentKey(chat.server, deploymentId, agentId);
      expectAuthenticated(
        await chat.post(chat.agentUrl(agentId, 'stream-chat-state'), externalSession, {
          authorization: `Api-Key ${key}`,
        }),
      );
    });

    it('checks RS256 tokens against the JWKS URL, with issuer and audience', async () => {
      const otherUrl = chat.agentUrl(chat.otherAgentId, 'stream-chat-state');
      const claims = { externalId: 'jwks-user', scope: ['chat'], region: 'emea' };
      const valid = await jwks.sign({ ...claims, iss: 'https://idp.example.com/', aud: 'platform-chat' });
      expectAuthenticated(await chat.post(otherUrl, {}, withToken(valid)));
      const wrongAudience = await jwks.sign({ ...claims, iss: 'https://idp.example.com/', aud: 'elsewhere' });
      expect((await chat.post(otherUrl, {}, withToken(wrongAudience))).body).toEqual(
        authenticationFailure(/aud/),
      );
      const wrongIssuer = await jwks.sign({
        ...claims,
        iss: 'https://evil.example.com/',
        aud: 'platform-chat',
      });
      expect((await chat.post(otherUrl, {}, withToken(wrongIssuer))).body).toEqual(
        authenticationFailure(/iss/),
      );
      // An HS256 token signed with some secret is no use where only the JWKS is configured.
      const symmetric = await hs256({ ...claims, iss: 'https://idp.example.com/', aud: 'platform-chat' });
      expect((await chat.post(otherUrl, {}, withToken(symmetric))).body).toEqual(
        authenticationFailure(/secret/),
      );
    });
  });
});
