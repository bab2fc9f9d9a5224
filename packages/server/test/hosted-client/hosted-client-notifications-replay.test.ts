import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PublishedDashboard, publishDashboard } from '../notifications/notification-fixtures.js';
import { findDeploymentId } from '../security/account-resources.js';
import { createUserWithKey, startTestServer, type TestServer } from '../support/test-server.js';
import { type HostedCliClient, listenForHostedCli, listOfAnswer } from './hosted-cli-client.js';

const listColumns = [
  'id',
  'dashboardId',
  'humanReadableSchedule',
  'timezone',
  'notificationFormat',
  'isEnabled',
];
const recipientColumns = ['type', 'userId', 'email', 'embedTenantName', 'externalId', 'channelName'];

/**
 * The hosted CLI's notifications rows (HOSTED-CLIENT.md), sent as it sends them over a real socket: the
 * list with every filter and `first`/`after`, get/create/update/delete with `-d` JSON (delete and a
 * body-less call with `Content-Length: 0`), recipients list, add, and remove as a DELETE with a JSON body
 * `{recipients:[{type, id, embedTenantName?}]}`. Every column the CLI tabulates is in the answers.
 */
describe('the hosted CLI, replayed: notifications and their recipients', () => {
  let server: TestServer;
  let cli: HostedCliClient;
  let base: string;
  let dashboard: PublishedDashboard;
  let userId: number;

  beforeAll(async () => {
    server = await startTestServer();
    cli = await listenForHostedCli(server);
    const deploymentId = await findDeploymentId(server, 'demo');
    base = `/api/v1/deployments/${deploymentId}/notifications`;
    dashboard = await publishDashboard(server, deploymentId, 'Replayed');
    userId = (await createUserWithKey(server, 'viewer')).userId;
  });
  afterAll(async () => {
    await server?.close();
  });

  async function create(body: Record<string, unknown>): Promise<{ id: number }> {
    const created = await cli.call('POST', base, {
      body: { dashboardId: dashboard.id, name: 'Replayed', schedule: '0 9 * * 1', ...body },
    });
    expect(created.status, created.text).toBe(201);
    return created.body as { id: number };
  }

  it('notifications create/get/update/delete: -d JSON, delete with Content-Length 0', async () => {
    const created = await cli.call('POST', base, {
      body: {
        dashboardPublicId: dashboard.publicId,
        name: 'Weekly',
        schedule: '0 9 * * 1',
        timezone: 'Europe/Berlin',
        notificationFormat: 'pdf',
        filters: [{ widgetId: 'country', values: ['DE'] }],
        recipients: [{ type: 'email', email: 'weekly@example.com' }],
      },
    });
    expect(created.status, created.text).toBe(201);
    const { id } = created.body as { id: number };
    expect(created.body).toMatchObject({
      humanReadableSchedule: 'Every Monday at 09:00 Europe/Berlin',
      webhookSecret: expect.stringMatching(/^[\w-]{43}$/),
    });
    const read = await cli.call('GET', `${base}/${id}`);
    expect(read.status, read.text).toBe(200);
    expect(read.body).toMatchObject({ id, name: 'Weekly', webhookSecret: '[ENCRYPTED]' });
    const updated = await cli.call('PUT', `${base}/${id}`, {
      body: { isEnabled: false, name: 'Weekly (off)' },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({ id, name: 'Weekly (off)', isEnabled: false, nextRunAt: null });
    const deleted = await cli.call('DELETE', `${base}/${id}`);
    expect(deleted.status, deleted.text).toBe(204);
    expect((await cli.call('GET', `${base}/${id}`)).status).toBe(404);
  });

  it('notifications list: every filter, first and after, the columns the CLI shows', async () => {
    const toUser = await create({ recipients: [{ type: 'user', userId }] });
    const toEmail = await create({ recipients: [{ type: 'email', email: 'replayed@example.com' }] });
    const toEmbed = await create({
      recipients: [{ type: 'embedUser', embedTenantName: 'replayed-tenant', externalId: 'ann' }],
    });
    const idsOf = async (query: Array<[string, string]>) => {
      const answer = await cli.call('GET', base, { query: [['first', '100'], ...query] });
      expect(answer.status, answer.text).toBe(200);
      const items = listOfAnswer(answer);
      for (const item of items) for (const column of listColumns) expect(item).toHaveProperty(column);
      return items.map((item) => item.id);
    };
    expect(await idsOf([['dashboardId', String(dashboard.id)]])).toEqual(
      expect.arrayContaining([toUser.id, toEmail.id, toEmbed.id]),
    );
    expect(await idsOf([['dashboardPublicId', dashboard.publicId]])).toEqual(
      expect.arrayContaining([toUser.id, toEmail.id, toEmbed.id]),
    );
    expect(await idsOf([['recipientUserId', String(userId)]])).toEqual([toUser.id]);
    expect(await idsOf([['recipientEmail', 'replayed@example.com']])).toEqual([toEmail.id]);
    expect(await idsOf([['recipientEmbedTenantName', 'replayed-tenant']])).toEqual([toEmbed.id]);
    expect(
      await idsOf([
        ['recipientEmbedTenantName', 'replayed-tenant'],
        ['recipientExternalId', 'ann'],
      ]),
    ).toEqual([toEmbed.id]);
    const first = await cli.call('GET', base, { query: [['first', '1']] });
    const { endCursor, hasNextPage } = (
      first.body as { pageInfo: { endCursor: string; hasNextPage: boolean } }
    ).pageInfo;
    expect(hasNextPage).toBe(true);
    const next = await cli.call('GET', base, {
      query: [
        ['first', '1'],
        ['after', endCursor],
      ],
    });
    expect(next.status, next.text).toBe(200);
    expect(listOfAnswer(next)[0]?.id).toBeGreaterThan(listOfAnswer(first)[0]?.id as number);
  });

  it('notifications recipients list/add/remove: first and after; remove as a DELETE with a JSON body', async () => {
    const { id } = await create({ recipients: [{ type: 'email', email: 'first@example.com' }] });
    const recipients = `${base}/${id}/recipients`;
    const added = await cli.call('POST', recipients, {
      body: {
        recipients: [
          { type: 'user', userId },
          { type: 'embedUser', embedTenantName: 'replayed-tenant', externalId: 'bob', channelName: 'Bob' },
          { type: 'webhook', url: 'https://hooks.example.com/replayed' },
        ],
      },
    });
    expect(added.status, added.text).toBe(200);
    expect(listOfAnswer(added)).toHaveLength(4);
    for (const item of listOfAnswer(added))
      for (const column of recipientColumns) expect(item).toHaveProperty(column);
    const first = await cli.call('GET', recipients, { query: [['first', '2']] });
    expect(listOfAnswer(first).map((item) => item.type)).toEqual(['email', 'user']);
    const { endCursor } = (first.body as { pageInfo: { endCursor: string } }).pageInfo;
    const next = await cli.call('GET', recipients, {
      query: [
        ['first', '2'],
        ['after', endCursor],
      ],
    });
    expect(listOfAnswer(next).map((item) => item.type)).toEqual(['embedUser', 'webhook']);
    const removed = await cli.call('DELETE', recipients, {
      body: {
        recipients: [
          { type: 'email', id: 'first@example.com' },
          { type: 'user', id: userId },
          { type: 'embedUser', id: 'bob', embedTenantName: 'replayed-tenant' },
          { type: 'webhook', id: 'https://hooks.example.com/replayed' },
        ],
      },
    });
    expect(removed.status, removed.text).toBe(200);
    expect(listOfAnswer(removed)).toEqual([]);
    const missing = await cli.call('DELETE', recipients, {
      body: { recipients: [{ type: 'email', id: 'first@example.com' }] },
    });
    expect(missing.status, missing.text).toBe(404);
  });
});
