import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  notificationDeliveriesTable,
  notificationRecipientsTable,
} from '../../src/modules/notifications/notifications.tables.js';
import { expectErrorBody } from '../http/expect-error-body.js';
import { createDeployment } from '../security/account-resources.js';
import {
  createOtherAccount,
  type StoreEngine,
  storeEngines,
  type TestServer,
} from '../support/test-server.js';
import {
  type Notification,
  notificationApiHarness,
  type Page,
  type Recipient,
} from './notification-api-harness.js';
import { type PublishedDashboard, publishDashboard } from './notification-fixtures.js';

describe.each(storeEngines)(
  'notifications: recipients, lists, rights and deletion on %s',
  (engine: StoreEngine) => {
    const { state, database, call, create, expectMessage } = notificationApiHarness(engine);
    let server: TestServer;
    let deploymentId: number;
    let base: string;
    let dashboard: PublishedDashboard;
    let viewer: { userId: number; key: string };
    let developer: { userId: number; key: string };
    beforeAll(() => {
      ({ server, deploymentId, base, dashboard, viewer, developer } = state);
    });

    it('adds and removes recipients (a DELETE with a body), 404 for one that is not there, and changes nothing then', async () => {
      const created = await create({ recipients: [{ type: 'email', email: 'keep@example.com' }] });
      const recipients = `${base}/${created.id}/recipients`;
      const added = await call('POST', recipients, {
        recipients: [
          { type: 'email', email: 'KEEP@example.com', channelName: 'ignored' },
          { type: 'user', userId: viewer.userId },
          { type: 'embedUser', embedTenantName: 'acme', externalId: 'Alice' },
          { type: 'webhook', url: 'https://hooks.example.com/a' },
        ],
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      expect((added.body as Page<Recipient>).items).toMatchObject([
        { type: 'email', email: 'keep@example.com', channelName: null },
        { type: 'user', userId: viewer.userId },
        { type: 'embedUser', embedTenantName: 'acme', externalId: 'alice' },
        { type: 'webhook', url: 'https://hooks.example.com/a' },
      ]);
      const first = (await call('GET', `${recipients}?first=2`)).body as Page<Recipient>;
      expect(first.items).toHaveLength(2);
      expect(first.pageInfo.hasNextPage).toBe(true);
      const second = (await call('GET', `${recipients}?first=2&after=${first.pageInfo.endCursor}`))
        .body as Page<Recipient>;
      expect(second.items.map((item) => item.type)).toEqual(['embedUser', 'webhook']);
      const missing = await server.request({
        method: 'DELETE',
        url: recipients,
        body: {
          recipients: [
            { type: 'email', id: 'keep@example.com' },
            { type: 'email', id: 'nobody@example.com' },
          ],
        },
      });
      expectErrorBody(missing, 'NOT_FOUND');
      expectMessage(missing, /email nobody@example.com is not a recipient/);
      expect(((await call('GET', recipients)).body as Page<Recipient>).items).toHaveLength(4);
      const removed = await server.request({
        method: 'DELETE',
        url: recipients,
        body: {
          recipients: [
            { type: 'email', id: 'Keep@Example.com' },
            { type: 'user', id: String(viewer.userId) },
            { type: 'embedUser', id: 'ALICE', embedTenantName: 'acme' },
          ],
        },
      });
      expect(removed.status, JSON.stringify(removed.body)).toBe(200);
      expect((removed.body as Page<Recipient>).items).toMatchObject([{ type: 'webhook' }]);
      const byUrl = await server.request({
        method: 'DELETE',
        url: recipients,
        body: { recipients: [{ type: 'webhook', url: 'https://hooks.example.com/a' }] },
      });
      expect((byUrl.body as Page<Recipient>).items).toEqual([]);
    });

    it('lists with every filter and both pagings, in the deployment and account-wide', async () => {
      const listed = await publishDashboard(server, deploymentId, 'Listed');
      const toUser = await create({
        dashboardId: listed.id,
        recipients: [{ type: 'user', userId: viewer.userId }],
      });
      const toEmail = await create({
        dashboardId: listed.id,
        recipients: [{ type: 'email', email: 'list@example.com' }],
      });
      const toEmbed = await create({
        dashboardId: listed.id,
        recipients: [{ type: 'embedUser', embedTenantName: 'listed-tenant', externalId: 'bob' }],
      });
      const ids = async (query: string, url = base) => {
        const answer = await call('GET', `${url}?first=100&${query}`);
        expect(answer.status, `${query} ${JSON.stringify(answer.body)}`).toBe(200);
        return (answer.body as Page<Notification>).items.map((item) => item.id);
      };
      const all = [toUser.id, toEmail.id, toEmbed.id];
      expect(await ids(`dashboardId=${listed.id}`)).toEqual(all);
      expect(await ids(`dashboardPublicId=${listed.publicId}`)).toEqual(all);
      expect(await ids(`dashboardId=${listed.id}&recipientUserId=${viewer.userId}`)).toEqual([toUser.id]);
      expect(await ids('recipientEmail=LIST@example.com')).toEqual([toEmail.id]);
      expect(await ids('recipientEmbedTenantName=listed-tenant')).toEqual([toEmbed.id]);
      expect(await ids('recipientEmbedTenantName=listed-tenant&recipientExternalId=BOB')).toEqual([
        toEmbed.id,
      ]);
      expect(await ids('recipientEmbedTenantName=listed-tenant&recipientExternalId=carol')).toEqual([]);
      const alone = await call('GET', `${base}?recipientExternalId=bob`);
      expectErrorBody(alone, 'BAD_REQUEST');
      expectMessage(alone, /recipientExternalId: give it with recipientEmbedTenantName/);
      const page = (await call('GET', `${base}?dashboardId=${listed.id}&first=2`)).body as Page<Notification>;
      expect(page.items.map((item) => item.id)).toEqual(all.slice(0, 2));
      const next = (
        await call('GET', `${base}?dashboardId=${listed.id}&first=2&after=${page.pageInfo.endCursor}`)
      ).body as Page<Notification>;
      expect(next.items.map((item) => item.id)).toEqual(all.slice(2));
      expect(await ids(`dashboardId=${listed.id}&limit=1&offset=1`)).toEqual([toEmail.id]);
      const account = '/api/v1/notifications';
      const elsewhere = await createDeployment(server, `notifications-elsewhere-${engine}`);
      const elsewhereDashboard = await publishDashboard(server, elsewhere, 'Elsewhere');
      const elsewhereCreated = await call('POST', `/api/v1/deployments/${elsewhere}/notifications`, {
        dashboardId: elsewhereDashboard.id,
        name: 'Elsewhere',
        schedule: '0 9 * * *',
        recipients: [{ type: 'email', email: 'list@example.com' }],
      });
      expect(elsewhereCreated.status, JSON.stringify(elsewhereCreated.body)).toBe(201);
      const elsewhereId = (elsewhereCreated.body as Notification).id;
      expect(await ids('recipientEmail=list@example.com', account)).toEqual([toEmail.id, elsewhereId]);
      expect(await ids(`recipientEmail=list@example.com&deploymentId=${elsewhere}`, account)).toEqual([
        elsewhereId,
      ]);
      expect(
        await ids(`dashboardPublicId=${listed.publicId}&recipientUserId=${viewer.userId}`, account),
      ).toEqual([toUser.id]);
      expectErrorBody(await call('GET', `${account}?deploymentId=999999`), 'NOT_FOUND');
    });

    it('needs ContentRead and sight of the dashboard to read, ContentEdit to write, EmbedManage for embed users', async () => {
      const hidden = await publishDashboard(server, deploymentId, 'Hidden', { isShared: false });
      const hiddenNotification = await create({ dashboardId: hidden.id });
      const visible = await create({});
      const viewerIds = (
        (await call('GET', `${base}?first=100`, undefined, viewer.key)).body as Page<Notification>
      ).items.map((item) => item.id);
      expect(viewerIds).toContain(visible.id);
      expect(viewerIds).not.toContain(hiddenNotification.id);
      const accountIds = (
        (await call('GET', '/api/v1/notifications?first=100', undefined, viewer.key))
          .body as Page<Notification>
      ).items.map((item) => item.id);
      expect(accountIds).not.toContain(hiddenNotification.id);
      expectErrorBody(
        await call('GET', `${base}/${hiddenNotification.id}`, undefined, viewer.key),
        'NOT_FOUND',
      );
      expectErrorBody(
        await call('GET', `${base}/${hiddenNotification.id}/recipients`, undefined, viewer.key),
        'NOT_FOUND',
      );
      expect((await call('GET', `${base}/${visible.id}`, undefined, viewer.key)).status).toBe(200);
      expectErrorBody(
        await call('POST', base, { dashboardId: dashboard.id, name: 'x', schedule: '0 9 * * 1' }, viewer.key),
        'FORBIDDEN',
      );
      expectErrorBody(await call('PUT', `${base}/${visible.id}`, { name: 'x' }, viewer.key), 'FORBIDDEN');
      expectErrorBody(await call('DELETE', `${base}/${visible.id}`, undefined, viewer.key), 'FORBIDDEN');
      const mine = await create({ recipients: [{ type: 'email', email: 'dev@example.com' }] }, developer.key);
      expect(mine.createdByUserId).toBe(developer.userId);
      const embedUser = { type: 'embedUser', embedTenantName: 'acme', externalId: 'eve' };
      const embedRefused = await call(
        'POST',
        base,
        { dashboardId: dashboard.id, name: 'x', schedule: '0 9 * * 1', recipients: [embedUser] },
        developer.key,
      );
      expectErrorBody(embedRefused, 'FORBIDDEN');
      expectMessage(embedRefused, /EmbedManage/);
      expectErrorBody(
        await call('POST', `${base}/${mine.id}/recipients`, { recipients: [embedUser] }, developer.key),
        'FORBIDDEN',
      );
      expectErrorBody(
        await call('PUT', `${base}/${mine.id}`, { recipients: [embedUser] }, developer.key),
        'FORBIDDEN',
      );
      const removeEmbed = await call(
        'DELETE',
        `${base}/${mine.id}/recipients`,
        { recipients: [{ type: 'embedUser', id: 'eve', embedTenantName: 'acme' }] },
        developer.key,
      );
      expectErrorBody(removeEmbed, 'FORBIDDEN');
      const outsider = await createOtherAccount(server);
      for (const [method, suffix, body] of [
        ['GET', `/${visible.id}`, undefined],
        ['PUT', `/${visible.id}`, { name: 'x' }],
        ['DELETE', `/${visible.id}`, undefined],
        ['GET', '', undefined],
        ['GET', `/${visible.id}/recipients`, undefined],
        ['POST', `/${visible.id}/recipients`, { recipients: [{ type: 'email', email: 'x@example.com' }] }],
      ] as const) {
        expectErrorBody(
          await call(method, `${base}${suffix}`, body, outsider.adminKey),
          'NOT_FOUND',
          `${method} ${suffix}`,
        );
      }
      const outsiderAccount = (await call('GET', '/api/v1/notifications', undefined, outsider.adminKey))
        .body as Page<Notification>;
      expect(outsiderAccount.items).toEqual([]);
    });

    it('deletes a notification with its recipients and delivery history', async () => {
      const created = await create({ recipients: [{ type: 'email', email: 'gone@example.com' }] });
      await database()
        .insert(notificationDeliveriesTable)
        .values({ notificationId: created.id, trigger: 'send', scheduledFor: new Date() });
      const deleted = await call('DELETE', `${base}/${created.id}`);
      expect(deleted.status).toBe(204);
      expectErrorBody(await call('GET', `${base}/${created.id}`), 'NOT_FOUND');
      expect(
        await database()
          .select()
          .from(notificationDeliveriesTable)
          .where(eq(notificationDeliveriesTable.notificationId, created.id)),
      ).toEqual([]);
      expect(
        await database()
          .select()
          .from(notificationRecipientsTable)
          .where(eq(notificationRecipientsTable.notificationId, created.id)),
      ).toEqual([]);
      expectErrorBody(await call('DELETE', `${base}/${created.id}`), 'NOT_FOUND');
    });
  },
);
