import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branchWithChannelPolicy, countIn } from './chat-row-level-policy.js';
import { type ChatTestServer, startChatTestServer } from './chat-test-server.js';

const sharedSecret = 'row-level-secret-4f2a9e61-long-enough-for-hs256';

/**
 * What a session says about its user reaches the analyst's data queries: on a branch whose `orders` cube
 * filters rows by `securityContext.channel`, the same question counts different orders per caller, and the
 * three channels add up to the unfiltered count of the deploy branch.
 */
describe('row-level security through the chat listener', () => {
  let chat: ChatTestServer;
  let branchName: string;

  beforeAll(async () => {
    chat = await startChatTestServer();
    await chat.setChatAuth(chat.demoDeploymentId, { enabled: true, secret: sharedSecret });
    branchName = await branchWithChannelPolicy(chat.server, chat.demoDeploymentId);
  });
  afterAll(async () => {
    await chat?.close();
  });

  async function ask(body: Record<string, unknown>, headers: Record<string, string>) {
    const answer = await chat.post(
      chat.agentUrl(chat.agentId, 'stream-chat-state'),
      { input: 'How many orders are there?', ...body },
      headers,
    );
    expect(answer.status, answer.text).toBe(200);
    expect(answer.lines.some((line) => 'error' in line)).toBe(false);
    return countIn(answer.lines);
  }

  it("filters the analyst's rows by the session's security context, from sessionSettings and from a token", async () => {
    const key = { authorization: `Api-Key ${chat.agentKey}` };
    const total = await ask({ sessionSettings: { externalId: 'rls-main' } }, key);
    const onBranch = (channel: string) => ({
      activeBranchName: branchName,
      sessionSettings: { externalId: `rls-${channel}`, securityContext: { channel } },
    });
    const web = await ask(onBranch('web'), key);
    const store = await ask(onBranch('store'), key);
    const token = await new SignJWT({ externalId: 'rls-token', scope: ['chat'], channel: 'app' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(sharedSecret));
    const app = await ask({ activeBranchName: branchName }, { 'x-platform-auth-token': token });
    expect(total).toBeGreaterThan(0);
    for (const count of [web, store, app]) {
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThan(total);
    }
    expect(web + store + app).toBe(total);
  });
});
