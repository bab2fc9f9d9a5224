import type { ChatStreamMessage } from '@platform/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatThreadsTable } from '../../src/modules/chat/chat-threads.tables.js';
import { chatUsersTable } from '../../src/modules/chat/chat-users.tables.js';
import { branchWithChannelPolicy, countIn } from '../chat-api/chat-row-level-policy.js';
import {
  authenticationFailure,
  type ChatAnswer,
  type ChatTestServer,
  startChatTestServer,
} from '../chat-api/chat-test-server.js';
import { createUserWithKey } from '../support/test-server.js';
import { claimsOf, embedTokenFor, updateTenantSettings } from './embed-test-support.js';

const question = 'How many orders are there?';

function chatIdOf(answer: ChatAnswer): string {
  const cutoff = (answer.lines as ChatStreamMessage[]).find((line) => line.id === '__cutoff__');
  const chatId = cutoff?.state?.chatId;
  if (!chatId) throw new Error(`no chatId in the answer: ${answer.text.slice(0, 500)}`);
  return chatId;
}

/**
 * The Chat API takes an embed token in `X-Platform-Auth-Token` (the deployment's own token auth stays
 * off): its user is the session's chat user, its security context reaches the analyst's queries, and
 * the listener answers a browser page of another origin.
 */
describe('chat with an embed token', () => {
  let chat: ChatTestServer;
  let deploymentId: number;
  let branchName: string;

  beforeAll(async () => {
    chat = await startChatTestServer();
    deploymentId = chat.demoDeploymentId;
    branchName = await branchWithChannelPolicy(chat.server, deploymentId);
  });
  afterAll(async () => {
    await chat?.close();
  });

  const streamUrl = () => chat.deploymentUrl(deploymentId, 'stream-chat-state');

  function session(externalId: string, extra: Record<string, unknown> = {}) {
    return embedTokenFor(chat.server, {
      deploymentId,
      externalId,
      settings: { showDashboardChat: true },
      ...extra,
    });
  }

  async function ask(token: string, body: Record<string, unknown> = {}, url = streamUrl()) {
    const answer = await chat.post(url, { input: question, ...body }, { 'x-platform-auth-token': token });
    expect(answer.status, answer.text).toBe(200);
    expect(
      answer.lines.some((line) => 'error' in line),
      answer.text,
    ).toBe(false);
    return answer;
  }

  it("answers an embed user with their session's rows only, on the session's branch", async () => {
    const key = { authorization: `Api-Key ${chat.agentKey}` };
    const total = countIn(
      (
        await chat.post(
          chat.agentUrl(chat.agentId, 'stream-chat-state'),
          { input: question, sessionSettings: { externalId: 'rls-reference' } },
          key,
        )
      ).lines,
    );
    const counts: Record<string, number> = {};
    for (const channel of ['web', 'store', 'app']) {
      const { token } = await session(`rls-${channel}`, { branchName, securityContext: { channel } });
      counts[channel] = countIn((await ask(token)).lines);
      // The same security context through an agent key counts the same rows.
      const reference = await chat.post(
        chat.agentUrl(chat.agentId, 'stream-chat-state'),
        {
          input: question,
          activeBranchName: branchName,
          sessionSettings: { externalId: `rls-key-${channel}`, securityContext: { channel } },
        },
        key,
      );
      expect(countIn(reference.lines)).toBe(counts[channel]);
    }
    for (const count of Object.values(counts)) {
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThan(total);
    }
    expect((counts.web ?? 0) + (counts.store ?? 0) + (counts.app ?? 0)).toBe(total);

    // The body cannot move the user off their session's branch (to rows its policies would not filter).
    const { token } = await session('rls-escape', { branchName, securityContext: { channel: 'web' } });
    const escaped = await ask(token, { isDefaultBranch: true });
    expect(countIn(escaped.lines)).toBe(counts.web);
  });

  it("keeps the thread the session's chat user's: the same user continues it, another is refused", async () => {
    const first = await session('thread-owner');
    const answer = await ask(first.token);
    const chatId = chatIdOf(answer);
    const claims = await claimsOf(chat.server, first.token);
    const [thread] = await chat.server.container.platform.store.database
      .select()
      .from(chatThreadsTable)
      .where(eq(chatThreadsTable.id, chatId));
    expect(thread).toMatchObject({ chatUserId: claims.chatUserId, deploymentId });
    // A second session of the same user is the same chat user: the thread is still theirs.
    const again = await session('thread-owner');
    expect((await claimsOf(chat.server, again.token)).chatUserId).toBe(claims.chatUserId);
    await ask(again.token, { chatId });
    const stranger = await session('thread-stranger');
    const refused = await chat.post(
      streamUrl(),
      { input: question, chatId },
      { 'x-platform-auth-token': stranger.token },
    );
    expect(refused.status).toBe(403);
    const abort = await chat.post(
      chat.deploymentUrl(deploymentId, 'abort'),
      { chatId },
      { 'x-platform-auth-token': stranger.token },
    );
    expect(abort.status).toBe(403);
  });

  it('refuses a token of another deployment, or of a session without chat (401)', async () => {
    const { token } = await session('elsewhere-user');
    const otherDeployment = await chat.post(
      chat.deploymentUrl(chat.otherDeploymentId, 'stream-chat-state'),
      { input: question },
      { 'x-platform-auth-token': token },
    );
    expect(otherDeployment.body).toEqual(authenticationFailure(/embed token is for another deployment/));
    const otherAgent = await chat.post(
      chat.agentUrl(chat.otherAgentId, 'stream-chat-state'),
      { input: question },
      { 'x-platform-auth-token': token },
    );
    expect(otherAgent.body).toEqual(authenticationFailure(/embed token is for another deployment/));

    const noChat = await embedTokenFor(chat.server, {
      deploymentId,
      externalId: 'no-chat-user',
      settings: { showDashboardChat: false },
    });
    const refused = await chat.post(
      streamUrl(),
      { input: question },
      { 'x-platform-auth-token': noChat.token },
    );
    expect(refused.body).toEqual(authenticationFailure(/embed session has no chat/));
  });

  it('lets an account user chat as themselves (internalId), with their own rights', async () => {
    const { userId } = await createUserWithKey(chat.server, 'viewer', 'embed-chatter@example.com');
    const { token } = await embedTokenFor(chat.server, {
      deploymentId,
      internalId: 'embed-chatter@example.com',
      settings: { showDashboardChat: true },
    });
    const claims = await claimsOf(chat.server, token);
    expect(claims.user).toEqual({ kind: 'internal', userId, email: 'embed-chatter@example.com' });
    const answer = await ask(token);
    const [thread] = await chat.server.container.platform.store.database
      .select()
      .from(chatThreadsTable)
      .where(eq(chatThreadsTable.id, chatIdOf(answer)));
    expect(thread?.chatUserId).toBe(claims.chatUserId);
    expect(countIn(answer.lines)).toBeGreaterThan(0);
  });

  it('refuses the token once its user is gone: an expired external user, a deactivated account user (401)', async () => {
    const external = await session('soon-expired');
    const claims = await claimsOf(chat.server, external.token);
    // The week of an ephemeral user passes: their row is removed (as provisioning sweeps it).
    await chat.server.container.platform.store.database
      .delete(chatUsersTable)
      .where(eq(chatUsersTable.id, claims.chatUserId));
    const expired = await chat.post(
      streamUrl(),
      { input: question },
      { 'x-platform-auth-token': external.token },
    );
    expect(expired.body).toEqual(
      authenticationFailure(/embed user has expired: generate a new embed session/),
    );
    // A new session provisions them again, as a new user.
    await ask((await session('soon-expired')).token);

    const { userId } = await createUserWithKey(chat.server, 'viewer', 'leaving@example.com');
    const internal = await embedTokenFor(chat.server, {
      deploymentId,
      internalId: 'leaving@example.com',
      settings: { showDashboardChat: true },
    });
    const deactivated = await chat.server.request({
      method: 'PUT',
      url: `/api/v1/users/${userId}`,
      body: { status: 'inactive' },
    });
    expect(deactivated.status, JSON.stringify(deactivated.body)).toBe(200);
    const refused = await chat.post(
      streamUrl(),
      { input: question },
      { 'x-platform-auth-token': internal.token },
    );
    expect(refused.body).toEqual(authenticationFailure(/leaving@example.com is no longer active/));
  });

  it('refuses embed tokens while embedding is turned off (403)', async () => {
    const { token } = await session('switched-off');
    await updateTenantSettings(chat.server, { embedding: { enabled: false } });
    try {
      const refused = await chat.post(streamUrl(), { input: question }, { 'x-platform-auth-token': token });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ error: expect.stringMatching(/embedding is disabled/) });
    } finally {
      await updateTenantSettings(chat.server, { embedding: { enabled: true } });
    }
    await ask(token);
  });

  it('answers a preflight from another origin and lets the page read the answer', async () => {
    const address = await chat.chatApp.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address}${streamUrl()}`;
    const preflight = await fetch(url, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:4000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-platform-auth-token',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toMatch(/POST/);
    const allowed = (preflight.headers.get('access-control-allow-headers') ?? '').split(/,\s*/);
    expect(allowed).toEqual(
      expect.arrayContaining(['content-type', 'authorization', 'x-platform-auth-token']),
    );

    const { token } = await session('cross-origin');
    const answer = await fetch(url, {
      method: 'POST',
      headers: {
        origin: 'http://127.0.0.1:4000',
        'content-type': 'application/json',
        'x-platform-auth-token': token,
      },
      body: JSON.stringify({ input: question }),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-expose-headers')).toMatch(/x-request-id/);
    expect(await answer.text()).toMatch(/__state__/);
    // Errors carry the header too, so the page can read why.
    const unknown = await fetch(
      `${address}/api/v1/public/default/deployments/999999/chat/stream-chat-state`,
      {
        method: 'POST',
        headers: {
          origin: 'http://127.0.0.1:4000',
          'content-type': 'application/json',
          'x-platform-auth-token': token,
        },
        body: JSON.stringify({ input: question }),
      },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('access-control-allow-origin')).toBe('*');
    // The management listener is not opened to other origins by this.
    const management = await chat.server.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/users/me',
      headers: { origin: 'http://elsewhere.example.com', 'access-control-request-method': 'GET' },
    });
    expect(management.headers['access-control-allow-origin']).toBeUndefined();
  });
});
