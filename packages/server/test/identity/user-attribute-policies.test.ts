import type { ChatStreamMessage } from '@platform/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatTestServer, startChatTestServer } from '../chat-api/chat-test-server.js';
import { readFiles } from '../data-model/data-model-helpers.js';
import { deployModel, loadUrl } from '../semantic-api/semantic-api-helpers.js';
import { createUserWithKey } from '../support/test-server.js';

/**
 * Admins see every order; viewers see only the orders of the sales channel their `channel` attribute
 * names (their own value, else the attribute's default).
 */
const channelPolicy = `    access_policy:
      - group: admin
      - group: viewer
        row_level:
          filters:
            - member: channel
              operator: equals
              values: ["{ userAttributes.channel }"]
`;

const countQuery = { measures: ['orders.count'] };

const isFinal = (line: ChatStreamMessage) => line.role === 'assistant' && line.graphPath?.[0] === 'final';

/** The first whole number of the chat's final answer ("There are 1,234 orders." → 1234). */
function countIn(lines: Record<string, unknown>[]): number {
  const final = (lines as ChatStreamMessage[]).filter(isFinal).at(-1);
  const match = /\d[\d,]*/.exec(final?.content ?? '');
  if (!match) throw new Error(`no number in the answer: ${JSON.stringify(lines)}`);
  return Number(match[0].replaceAll(',', ''));
}

/**
 * One row-level policy on `userAttributes.channel` in the demo model: two account users with different
 * values get different rows for the same question through the data API, the Chat API and a report run,
 * and a value written applies from the next query on.
 */
describe('access policies read the user attributes of account users', () => {
  let chat: ChatTestServer;
  let channelAttributeId: number;
  let webUser: { userId: number; key: string; email: string };
  let storeUser: { userId: number; key: string; email: string };
  let countsByChannel: Record<string, number>;
  let reportId: number;

  beforeAll(async () => {
    chat = await startChatTestServer();
    const { server, demoDeploymentId } = chat;
    const files = await readFiles(server, `/build/api/v1/deployments/${demoDeploymentId}`);
    const [ordersPath, ordersText] =
      Object.entries(files).find(([, text]) => /- name: orders\n\s+sql_table: orders\n/.test(text)) ?? [];
    if (!ordersPath || !ordersText) throw new Error(`no orders cube in ${Object.keys(files).join(', ')}`);
    await deployModel(server, demoDeploymentId, {
      [ordersPath]: ordersText.replace(/(- name: orders\n\s+sql_table: orders\n)/, `$1${channelPolicy}`),
    });

    const attribute = await server.request({
      method: 'POST',
      url: '/api/v1/user-attributes',
      body: { name: 'channel', type: 'string', defaultValue: 'app' },
    });
    expect(attribute.status, JSON.stringify(attribute.body)).toBe(201);
    channelAttributeId = (attribute.body as { id: number }).id;
    const userOf = async (channel: string) => {
      const email = `${channel}.seller@example.com`;
      const user = { ...(await createUserWithKey(server, 'viewer', email)), email };
      const set = await server.request({
        method: 'POST',
        url: '/api/v1/user-attribute-values',
        body: { userId: String(user.userId), userAttributeId: String(channelAttributeId), value: channel },
      });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      return user;
    };
    webUser = await userOf('web');
    storeUser = await userOf('store');

    // What each channel holds, as the admin (no row filter) reads it.
    const byChannel = await server.request({
      method: 'GET',
      url: loadUrl(demoDeploymentId, { ...countQuery, dimensions: ['orders.channel'] }),
    });
    expect(byChannel.status, JSON.stringify(byChannel.body)).toBe(200);
    countsByChannel = Object.fromEntries(
      (byChannel.body as { data: Array<Record<string, unknown>> }).data.map((row) => [
        row['orders.channel'],
        Number(row['orders.count']),
      ]),
    );
    for (const channel of ['web', 'store', 'app']) expect(countsByChannel[channel]).toBeGreaterThan(0);
    expect(countsByChannel.web).not.toBe(countsByChannel.store);

    const report = await server.request({
      method: 'POST',
      url: `/api/v1/deployments/${demoDeploymentId}/reports`,
      body: { name: 'orders by the seller', jsonQuery: countQuery },
    });
    expect(report.status, JSON.stringify(report.body)).toBe(201);
    reportId = (report.body as { id: number }).id;
  });
  afterAll(async () => {
    await chat?.close();
  });

  async function loadCount(key: string): Promise<number> {
    const answer = await chat.server.request({
      method: 'GET',
      url: loadUrl(chat.demoDeploymentId, countQuery),
      key,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return Number((answer.body as { data: Array<Record<string, unknown>> }).data[0]?.['orders.count']);
  }

  async function reportCount(key: string): Promise<number> {
    const answer = await chat.server.request({
      method: 'POST',
      url: `/api/v1/deployments/${chat.demoDeploymentId}/reports/${reportId}/run`,
      key,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return Number((answer.body as { data: Array<Record<string, unknown>> }).data[0]?.['orders.count']);
  }

  async function chatCount(email: string): Promise<number> {
    const answer = await chat.post(
      chat.agentUrl(chat.agentId, 'stream-chat-state'),
      { input: 'How many orders are there?', sessionSettings: { internalId: email } },
      { authorization: `Api-Key ${chat.agentKey}` },
    );
    expect(answer.status, answer.text).toBe(200);
    expect(answer.lines.some((line) => 'error' in line)).toBe(false);
    return countIn(answer.lines);
  }

  it('filters the data API by each user’s value', async () => {
    expect(await loadCount(webUser.key)).toBe(countsByChannel.web);
    expect(await loadCount(storeUser.key)).toBe(countsByChannel.store);
  });

  it('filters a report run by the value of the user who runs it', async () => {
    expect(await reportCount(webUser.key)).toBe(countsByChannel.web);
    expect(await reportCount(storeUser.key)).toBe(countsByChannel.store);
  });

  it('filters the Chat API answers of an account user (internalId) by their value', async () => {
    expect(await chatCount(webUser.email)).toBe(countsByChannel.web);
    expect(await chatCount(storeUser.email)).toBe(countsByChannel.store);
  });

  it('applies a written value and a cleared one (the default) from the next query on', async () => {
    const setChannel = (value?: string) =>
      chat.server.request({
        method: 'POST',
        url: '/api/v1/user-attribute-values',
        body: { userId: webUser.userId, userAttributeId: channelAttributeId, ...(value ? { value } : {}) },
      });
    expect(await loadCount(webUser.key)).toBe(countsByChannel.web);
    expect((await setChannel('store')).status).toBe(200);
    expect(await loadCount(webUser.key)).toBe(countsByChannel.store);
    expect(await reportCount(webUser.key)).toBe(countsByChannel.store);
    expect((await setChannel()).status).toBe(200);
    expect(await loadCount(webUser.key)).toBe(countsByChannel.app);
    // A new default reaches every user without a value of their own at once.
    const changed = await chat.server.request({
      method: 'PUT',
      url: `/api/v1/user-attributes/${channelAttributeId}`,
      body: { defaultValue: 'web' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await loadCount(webUser.key)).toBe(countsByChannel.web);
    expect(await chatCount(webUser.email)).toBe(countsByChannel.web);
    expect(await loadCount(storeUser.key)).toBe(countsByChannel.store);
  });
});
