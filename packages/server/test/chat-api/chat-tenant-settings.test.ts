import type { ChatThreadAction, ChatThreadPolicy } from '@platform/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ChatThreadActor,
  type ChatThreadSubject,
  mayActOnChatThread,
} from '../../src/modules/chat/chat-thread-access.js';
import { createUserWithKey } from '../support/test-server.js';
import { type ChatAnswer, type ChatTestServer, startChatTestServer } from './chat-test-server.js';

let lastMessageTime = 0;
function newMessageId(): string {
  lastMessageTime = Math.max(Date.now(), lastMessageTime + 1);
  return `${lastMessageTime}-message`;
}

interface Line {
  id?: string;
  role?: string;
  content?: string;
  graphPath?: string[];
  toolCall?: { name: string; input: string; result?: string };
  state?: { chatId?: string };
}

const linesOf = (answer: ChatAnswer) => answer.lines as Line[];
const finalOf = (answer: ChatAnswer) =>
  linesOf(answer)
    .filter((line) => line.role === 'assistant' && line.graphPath?.[0] === 'final')
    .at(-1)?.content ?? '';
const chatIdOf = (answer: ChatAnswer) =>
  linesOf(answer).find((line) => line.id === '__cutoff__')?.state?.chatId;
const sqlCallOf = (answer: ChatAnswer) =>
  linesOf(answer).find((line) => line.toolCall?.name === 'platformSqlApi' && line.toolCall.result);

/** `YYYY-MM-DD` of now on the wall clock of the zone. */
function todayIn(timezone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(new Date());
}

/**
 * Tenant settings the Chat API obeys (API-NOTES.md "Tenant settings"), each written through
 * `PUT /api/v1/tenant/settings` and obeyed by the very next request.
 */
describe('the Chat API under tenant settings', () => {
  let chat: ChatTestServer;
  let accountId: number;
  const key = () => ({ authorization: `Api-Key ${chat.agentKey}` });
  const otherKey = () => ({ authorization: `Api-Key ${chat.otherAgentKey}` });
  const streamUrl = () => chat.agentUrl(chat.agentId, 'stream-chat-state');

  async function writeSettings(body: Record<string, unknown>): Promise<void> {
    const answer = await chat.server.request({ method: 'PUT', url: '/api/v1/tenant/settings', body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }

  beforeAll(async () => {
    chat = await startChatTestServer();
    accountId = (await chat.server.container.services.accounts.accountByName('default'))?.id ?? 0;
  });
  afterAll(async () => {
    await chat?.close();
  });

  // The AI widget of a published dashboard of the demo deployment (set up by the aiEnabled tests).
  let dashboardUrl: string;

  describe('aiEnabled', () => {
    beforeAll(async () => {
      const url = (path: string) => `/api/v1/deployments/${chat.demoDeploymentId}${path}`;
      const workbook = await chat.server.request({
        method: 'POST',
        url: url('/workbooks'),
        body: { name: 'AI' },
      });
      const workbookId = (workbook.body as { id: number }).id;
      const dashboard = await chat.server.request({
        method: 'POST',
        url: url(`/workbooks/${workbookId}/publish`),
        body: {
          config: { widgets: [{ id: 'assistant', type: 'AI', position: { x: 0, y: 0, w: 6, h: 6 } }] },
        },
      });
      expect(dashboard.status, JSON.stringify(dashboard.body)).toBe(200);
      dashboardUrl = url(`/dashboards/${(dashboard.body as { id: number }).id}/widgets/assistant/chat`);
    });

    it('refuses every chat request that would answer while off (403, nothing stored), and answers when on again', async () => {
      const asked = await chat.post(
        streamUrl(),
        { input: 'How many orders are there?', sessionSettings: { externalId: 'before-off' } },
        key(),
      );
      expect(asked.status).toBe(200);
      const chatId = chatIdOf(asked);

      await writeSettings({ aiEnabled: false });
      const refused = await chat.post(
        streamUrl(),
        { input: 'How many orders are there?', sessionSettings: { externalId: 'while-off' } },
        key(),
      );
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        code: 'FORBIDDEN',
        error: 'AI is turned off for this account (tenant setting aiEnabled)',
      });
      // Nothing is stored for a refused request: not even the user.
      const users = chat.server.container.services.chatUsers;
      expect(await users.find(accountId, { externalId: 'while-off' })).toBeNull();
      for (const body of [
        { chatId, sessionSettings: { externalId: 'before-off' } },
        {
          chatId,
          input: 'And now?',
          messageId: newMessageId(),
          sessionSettings: { externalId: 'before-off' },
        },
      ]) {
        const answer = await chat.post(streamUrl(), body, key());
        expect(answer.status, answer.text).toBe(403);
      }
      const widget = await chat.server.request({
        method: 'POST',
        url: dashboardUrl,
        body: { input: 'How many orders are there?' },
      });
      expect(widget.status).toBe(403);
      expect(widget.body).toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/aiEnabled/) });
      // Stopping an answer makes none: abort still works (nothing runs, so 204).
      const aborted = await chat.post(
        chat.agentUrl(chat.agentId, 'abort'),
        { chatId, sessionSettings: { externalId: 'before-off' } },
        key(),
      );
      expect(aborted.status).toBe(204);

      await writeSettings({ aiEnabled: true });
      const again = await chat.post(
        streamUrl(),
        { input: 'How many orders are there?', sessionSettings: { externalId: 'while-off' } },
        key(),
      );
      expect(again.status).toBe(200);
      expect(finalOf(again)).toMatch(/\d/);
      const widgetAgain = await chat.server.request({
        method: 'POST',
        url: dashboardUrl,
        body: { input: 'How many orders are there?' },
      });
      expect(widgetAgain.status).toBe(200);
    });
  });

  describe('externalUsersLimit', () => {
    // Reading a thread that does not exist provisions the user first, answers nothing, and is a 404:
    // a 403 instead is the cap refusing the user.
    const provision = (externalId: string, isEphemeral: boolean) =>
      chat.post(
        streamUrl(),
        { chatId: 'no-such-thread', sessionSettings: { externalId, isEphemeral } },
        key(),
      );

    it('caps kept external users at the setting, counts no ephemeral user, and lets one more in when raised', async () => {
      await writeSettings({ externalUsersLimit: 2 });
      try {
        expect((await provision('kept-1', false)).status).toBe(404);
        expect((await provision('kept-2', false)).status).toBe(404);
        const refused = await provision('kept-3', false);
        expect(refused.status).toBe(403);
        expect(refused.body).toMatchObject({
          code: 'FORBIDDEN',
          error: expect.stringMatching(/already keeps 2 non-ephemeral external users.*externalUsersLimit/),
        });
        expect(
          await chat.server.container.services.chatUsers.find(accountId, { externalId: 'kept-3' }),
        ).toBeNull();
        expect((await provision('passing-1', true)).status).toBe(404);
        expect((await provision('passing-2', true)).status).toBe(404);
        // A kept user comes back freely at the cap; an ephemeral one may not become kept.
        expect((await provision('kept-1', false)).status).toBe(404);
        expect((await provision('passing-1', false)).status).toBe(403);

        await writeSettings({ externalUsersLimit: 3 });
        expect((await provision('kept-3', false)).status).toBe(404);
        expect((await provision('kept-4', false)).status).toBe(403);
      } finally {
        await writeSettings({ externalUsersLimit: 10_000 });
      }
    });
  });

  describe('chatThreadPolicies', () => {
    const alice = 'alice.policies@example.com';
    const bob = 'bob.policies@example.com';
    const admin = 'admin@localhost';
    let aliceThread: string;
    let aliceOtherThread: string;
    let externalThread: string;

    async function startThread(url: string, headers: Record<string, string>, sessionSettings: object) {
      const answer = await chat.post(url, { input: 'How many orders are there?', sessionSettings }, headers);
      expect(answer.status, answer.text).toBe(200);
      const chatId = chatIdOf(answer);
      if (!chatId) throw new Error(`no thread: ${answer.text}`);
      return chatId;
    }

    beforeAll(async () => {
      await createUserWithKey(chat.server, 'viewer', alice);
      await createUserWithKey(chat.server, 'viewer', bob);
      aliceThread = await startThread(streamUrl(), key(), { internalId: alice });
      aliceOtherThread = await startThread(
        chat.agentUrl(chat.otherAgentId, 'stream-chat-state'),
        otherKey(),
        { internalId: alice },
      );
      externalThread = await startThread(streamUrl(), key(), { externalId: 'thread-owner' });
    });
    afterAll(async () => {
      await writeSettings({ chatThreadPolicies: [] });
    });

    /** A policy whose resources may be read when the row runs (the ids exist only after set-up). */
    interface PolicyRow {
      actions: ChatThreadAction[];
      effect: 'allow' | 'deny';
      resourceType: 'agent' | 'deployment';
      resources: string[] | (() => string[]);
    }
    const policy =
      (effect: PolicyRow['effect']) =>
      (
        actions: ChatThreadAction[],
        resourceType: PolicyRow['resourceType'],
        resources: PolicyRow['resources'],
      ): PolicyRow => ({ actions, effect, resourceType, resources });
    const allow = policy('allow');
    const deny = policy('deny');
    const demoDeployment = () => [String(chat.demoDeploymentId)];
    const demoAgent = () => [chat.agentId];

    interface Row {
      name: string;
      policies: PolicyRow[];
      actor: { internalId: string } | { externalId: string };
      thread: 'alice' | 'aliceOther' | 'external';
      action: 'read' | 'write' | 'abort';
      status: 200 | 204 | 403 | 404;
      message?: RegExp;
    }

    const rows: Row[] = [
      {
        name: 'no policy: the owner reads',
        policies: [],
        actor: { internalId: alice },
        thread: 'alice',
        action: 'read',
        status: 200,
      },
      {
        name: 'no policy: another user may not read',
        policies: [],
        actor: { internalId: bob },
        thread: 'alice',
        action: 'read',
        status: 403,
        message: /belongs to another user$/,
      },
      {
        name: 'no policy: another user may not abort',
        policies: [],
        actor: { internalId: bob },
        thread: 'alice',
        action: 'abort',
        status: 403,
      },
      {
        name: 'no policy: an admin is no exception',
        policies: [],
        actor: { internalId: admin },
        thread: 'alice',
        action: 'read',
        status: 403,
      },
      {
        name: 'allow read on every deployment',
        policies: [allow(['read'], 'deployment', ['*'])],
        actor: { internalId: bob },
        thread: 'alice',
        action: 'read',
        status: 200,
      },
      {
        name: 'allow read: not write',
        policies: [allow(['read'], 'deployment', ['*'])],
        actor: { internalId: bob },
        thread: 'alice',
        action: 'write',
        status: 403,
        message: /let you read it, not write it/,
      },
      {
        name: 'allow read: not abort',
        policies: [allow(['read'], 'deployment', ['*'])],
        actor: { internalId: bob },
        thread: 'alice',
        action: 'abort',
        status: 403,
        message: /not abort it/,
      },
      {
        name: 'allow write without read is no write',
        policies: [allow(['write'], 'deployment', ['*'])],
        actor: { internalId: bob },
        thread: 'alice',
        action: 'write',
        status: 403,
      },
      {
        name: 'allow read and write on the agent: write',
        policies: [allow(['read', 'write'], 'agent', demoAgent)],
        actor: { internalId: bob },
        thread: 'alice',
        action: 'write',
        status: 200,
      },
      {
        name: 'allow on one agent: not a thread of another agent',
        policies: [allow(['read'], 'agent', demoAgent)],
        actor: { internalId: bob },
        thread: 'aliceOther',
        action: 'read',
        status: 403,
      },
      {
        name: 'allow abort on the deployment: abort',
        policies: [allow(['read', 'abort'], 'deployment', demoDeployment)],
        actor: { internalId: bob },
        thread: 'alice',
        action: 'abort',
        status: 204,
      },
      {
        name: 'a deny wins over an allow listed before it',
        policies: [allow(['read'], 'deployment', ['*']), deny(['read'], 'deployment', demoDeployment)],
        actor: { internalId: bob },
        thread: 'alice',
        action: 'read',
        status: 403,
      },
      {
        name: 'a deny wins over an allow listed after it',
        policies: [deny(['read'], 'agent', demoAgent), allow(['read'], 'agent', ['*'])],
        actor: { internalId: bob },
        thread: 'alice',
        action: 'read',
        status: 403,
      },
      {
        name: 'a deny of one deployment leaves the others',
        policies: [allow(['read'], 'deployment', ['*']), deny(['read'], 'deployment', demoDeployment)],
        actor: { internalId: bob },
        thread: 'aliceOther',
        action: 'read',
        status: 200,
      },
      {
        name: "a deny never takes a user's own thread",
        policies: [deny(['read', 'write', 'abort', 'delete'], 'deployment', ['*'])],
        actor: { internalId: alice },
        thread: 'alice',
        action: 'read',
        status: 200,
      },
      {
        name: "policies never reach an external user's thread",
        policies: [allow(['read'], 'deployment', ['*'])],
        actor: { internalId: bob },
        thread: 'external',
        action: 'read',
        status: 403,
      },
      {
        name: 'policies never let an external user in',
        policies: [allow(['read'], 'deployment', ['*'])],
        actor: { externalId: 'thread-owner' },
        thread: 'alice',
        action: 'read',
        status: 403,
      },
      {
        name: 'the policy of another resource type does not match',
        policies: [allow(['read'], 'agent', demoDeployment)],
        actor: { internalId: bob },
        thread: 'alice',
        action: 'read',
        status: 403,
      },
    ];

    it.each(rows)('$name → $status', async (row) => {
      await writeSettings({
        chatThreadPolicies: row.policies.map((policy) => ({
          ...policy,
          resources: typeof policy.resources === 'function' ? policy.resources() : policy.resources,
        })),
      });
      const chatId = { alice: aliceThread, aliceOther: aliceOtherThread, external: externalThread }[
        row.thread
      ];
      const isOther = row.thread === 'aliceOther';
      const agentId = isOther ? chat.otherAgentId : chat.agentId;
      const headers = isOther ? otherKey() : key();
      const answer =
        row.action === 'abort'
          ? await chat.post(chat.agentUrl(agentId, 'abort'), { chatId, sessionSettings: row.actor }, headers)
          : await chat.post(
              chat.agentUrl(agentId, 'stream-chat-state'),
              {
                chatId,
                sessionSettings: row.actor,
                ...(row.action === 'write'
                  ? { input: 'How many orders are there?', messageId: newMessageId() }
                  : {}),
              },
              headers,
            );
      expect(answer.status, answer.text).toBe(row.status);
      if (row.message) expect(answer.body).toMatchObject({ error: expect.stringMatching(row.message) });
      if (row.status === 200) expect(linesOf(answer).some((line) => line.id === '__state__')).toBe(true);
    });

    it("keeps a dashboard AI widget's follow-ups in the asker's own threads, whatever the policies", async () => {
      const viewer = await createUserWithKey(chat.server, 'viewer');
      const asked = await chat.server.request({
        method: 'POST',
        url: dashboardUrl,
        body: { input: 'How many orders are there?' },
      });
      expect(asked.status).toBe(200);
      const adminThread = String(asked.body).match(/"chatId":"([^"]+)"/)?.[1];
      expect(adminThread).toBeDefined();
      await writeSettings({ chatThreadPolicies: [allow(['read', 'write'], 'deployment', ['*'])] });
      const followUp = await chat.server.request({
        method: 'POST',
        url: dashboardUrl,
        body: { input: 'And yesterday?', chatId: adminThread },
        key: viewer.key,
      });
      expect(followUp.status).toBe(403);
    });

    it('finds no thread of another deployment through an agent of this one (404), whatever the policies', async () => {
      await writeSettings({ chatThreadPolicies: [allow(['read'], 'deployment', ['*'])] });
      const answer = await chat.post(
        streamUrl(),
        { chatId: aliceOtherThread, sessionSettings: { internalId: bob } },
        key(),
      );
      expect(answer.status).toBe(404);
    });

    describe('the rule itself, delete included (no operation deletes threads yet)', () => {
      const thread: ChatThreadSubject = { ownerId: 1, ownerIsInternal: true, agentId: 'a1', deploymentId: 7 };
      const actor = (policies: ChatThreadPolicy[], userId = 2): ChatThreadActor => ({
        userId,
        isInternal: true,
        policies,
      });
      const everyAction = ['read', 'write', 'abort', 'delete'] as const;
      const decisions: Array<[string, ChatThreadActor, ChatThreadAction, boolean]> = [
        ['own thread, no policy', actor([], 1), 'delete', true],
        ['another, no policy', actor([]), 'delete', false],
        [
          'allow delete on every agent',
          actor([allow(['delete'], 'agent', ['*']) as ChatThreadPolicy]),
          'delete',
          true,
        ],
        [
          'allow delete on deployment 7',
          actor([allow(['delete'], 'deployment', ['7']) as ChatThreadPolicy]),
          'delete',
          true,
        ],
        [
          'allow delete on deployment 8',
          actor([allow(['delete'], 'deployment', ['8']) as ChatThreadPolicy]),
          'delete',
          false,
        ],
        [
          'allow read is not delete',
          actor([allow(['read'], 'deployment', ['*']) as ChatThreadPolicy]),
          'delete',
          false,
        ],
        [
          'deny delete on agent a1 wins',
          actor([
            allow([...everyAction], 'deployment', ['*']) as ChatThreadPolicy,
            deny(['delete'], 'agent', ['a1']) as ChatThreadPolicy,
          ]),
          'delete',
          false,
        ],
        [
          'deny delete leaves read',
          actor([
            allow([...everyAction], 'deployment', ['*']) as ChatThreadPolicy,
            deny(['delete'], 'agent', ['a1']) as ChatThreadPolicy,
          ]),
          'read',
          true,
        ],
        [
          'an unknown user (null) acts on nothing, whatever the policies',
          {
            userId: null,
            isInternal: true,
            policies: [allow(['abort'], 'deployment', ['*']) as ChatThreadPolicy],
          },
          'abort',
          false,
        ],
      ];
      it.each(decisions)('%s', (_name, who, action, expected) => {
        expect(mayActOnChatThread(who, thread, action)).toBe(expected);
      });
    });
  });

  describe('defaultTimezone and defaultLocale', () => {
    afterAll(async () => {
      await writeSettings({ defaultTimezone: 'UTC', defaultLocale: 'en-US' });
    });

    const ask = (input: string, sessionSettings: object) =>
      chat.post(streamUrl(), { input, sessionSettings }, key());

    it("reads relative periods on the tenant's wall clock unless the session names its own zone", async () => {
      // Fourteen hours ahead of UTC: its date differs from UTC's for most of the day.
      const zone = 'Pacific/Kiritimati';
      await writeSettings({ defaultTimezone: zone });
      const inTenantZone = await ask('What is the total revenue today?', { externalId: 'zone-user' });
      expect(inTenantZone.status).toBe(200);
      const tenantSql = JSON.parse(sqlCallOf(inTenantZone)?.toolCall?.input ?? '{}').sqlQuery as string;
      expect(tenantSql).toContain(todayIn(zone));

      const inSessionZone = await ask('What is the total revenue today?', {
        externalId: 'zone-user',
        timezone: 'UTC',
      });
      const sessionSql = JSON.parse(sqlCallOf(inSessionZone)?.toolCall?.input ?? '{}').sqlQuery as string;
      expect(sessionSql).toContain(todayIn('UTC'));
    });

    it("writes the answer's numbers for the tenant's locale", async () => {
      await writeSettings({ defaultLocale: 'de-DE' });
      const answer = await ask('What is the total revenue?', { externalId: 'locale-user' });
      expect(answer.status).toBe(200);
      const result = JSON.parse(sqlCallOf(answer)?.toolCall?.result ?? '{}') as { data: unknown[][] };
      const revenue = Number(result.data[0]?.[0]);
      expect(revenue).toBeGreaterThan(1000);
      const german = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 }).format(revenue);
      expect(german).toMatch(/^\d{1,3}(\.\d{3})+(,\d+)?$/);
      expect(finalOf(answer)).toContain(german);

      await writeSettings({ defaultLocale: 'en-US' });
      const english = await ask('What is the total revenue?', { externalId: 'locale-user' });
      expect(finalOf(english)).toContain(
        new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(revenue),
      );
    });
  });
});
