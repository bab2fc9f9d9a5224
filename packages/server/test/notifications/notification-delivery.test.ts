import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardsTable } from '../../src/modules/dashboards/dashboards.tables.js';
import { createNotificationDelivery } from '../../src/modules/notifications/create-notification-delivery.js';
import { DeliveryFailure } from '../../src/modules/notifications/delivery-failure.js';
import { EmailChannel } from '../../src/modules/notifications/email-channel.js';
import type {
  NotificationRenderer,
  NotificationRenderRequest,
} from '../../src/modules/notifications/notification-content.js';
import { NotificationDeliveryJob } from '../../src/modules/notifications/notification-delivery.job.js';
import { recipientKeyOf } from '../../src/modules/notifications/notification-recipient-keys.js';
import {
  notificationDeliveriesTable,
  notificationDeliveryRecipientsTable,
  notificationRecipientsTable,
} from '../../src/modules/notifications/notifications.tables.js';
import {
  deriveUnsubscribeKey,
  UnsubscribeTokens,
} from '../../src/modules/notifications/unsubscribe-tokens.js';
import { WebhookChannel } from '../../src/modules/notifications/webhook-channel.js';
import { StoreJobRunner } from '../../src/platform/jobs/store-job-runner.js';
import { findDeploymentId } from '../security/account-resources.js';
import { orphanedJob } from '../support/orphaned-job.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { insertNotification, publishTextDashboard } from './delivery-fixtures.js';
import { type LocalSmtpServer, startLocalSmtpServer } from './local-smtp-server.js';
import { type LocalWebhookServer, startLocalWebhookServer } from './local-webhook-server.js';

const webhookSecret = 'a-webhook-secret-of-the-notification';

function headerLineOf(mail: ParsedMail, name: string): string | undefined {
  return mail.headerLines.find((header) => header.key === name)?.line;
}

/** The address of `List-Unsubscribe: <url>`, as a mail client reads it. */
function unsubscribeUrlOf(mail: ParsedMail): string {
  const url = /<([^>]+)>/.exec(headerLineOf(mail, 'list-unsubscribe') ?? '')?.[1];
  if (!url) throw new Error('the mail has no List-Unsubscribe address');
  return url;
}
const csv = 'month,revenue\n2026-11,42\n';

/**
 * The delivery engine on a real store, a real SMTP server and a real webhook receiver. Until the dashboard
 * renderer is in, the content is a fixed e-mail-safe HTML summary with a CSV attachment, and viewers in
 * `deniedUserIds` are refused as the renderer refuses a user without access.
 */
describe('notification deliveries', () => {
  let server: TestServer;
  let smtp: LocalSmtpServer;
  let receiver: LocalWebhookServer;
  let runner: StoreJobRunner;
  let email: EmailChannel;
  let base: { accountId: number; deploymentId: number; dashboardId: number; createdByUserId: number };
  const renders: NotificationRenderRequest[] = [];
  const deniedUserIds = new Set<number>();

  const renderer: NotificationRenderer = {
    async render(request) {
      renders.push(request);
      if (request.viewer.kind === 'user' && deniedUserIds.has(request.viewer.userId)) {
        return {
          kind: 'denied',
          reason: `user ${request.viewer.userId} may not read dashboard ${request.dashboardId}`,
        };
      }
      return {
        kind: 'content',
        content: {
          subject: `${request.notificationName}: Delivered board`,
          html: '<html><body><h1>Revenue</h1><p>42</p></body></html>',
          text: 'Revenue: 42',
          attachments: [{ filename: 'revenue.csv', contentType: 'text/csv', content: Buffer.from(csv) }],
          keyNumbers: [{ widgetId: 'kpi', title: 'Revenue', value: '42' }],
          dashboardUrl: 'http://platform.test/dashboards/board',
        },
      };
    },
  };

  beforeAll(async () => {
    smtp = await startLocalSmtpServer();
    receiver = await startLocalWebhookServer();
    server = await startTestServer();
    // This suite's own engine works the delivery jobs: the process's runner and ticks stop.
    await server.container.services.notificationScheduler.close();
    await server.container.platform.jobs.close();
    const { database } = server.container.platform.store;
    email = new EmailChannel({ smtpUrl: smtp.url, smtpFrom: 'platform@example.com' });
    runner = new StoreJobRunner(database, server.container.logger, {
      leaseSeconds: 30,
      pollMilliseconds: 50,
    });
    new NotificationDeliveryJob({
      database,
      jobs: runner,
      logger: server.container.logger,
      secretBox: server.container.platform.secretBox,
      renderer,
      email,
      webhooks: new WebhookChannel(2_000),
      unsubscribeTokens: new UnsubscribeTokens(deriveUnsubscribeKey(server.container.platform.secretKey)),
      users: server.container.services.users,
      chatUsers: server.container.services.chatUsers,
      dashboards: server.container.services.dashboards,
      settings: { publicUrl: () => 'http://platform.test', retrySeconds: 0.05 },
    });
    runner.startWorking();
    const deploymentId = await findDeploymentId(server, 'demo');
    const dashboard = await publishTextDashboard(server, deploymentId, 'Delivered board');
    const [row] = await database
      .select({ accountId: dashboardsTable.accountId, createdByUserId: dashboardsTable.createdByUserId })
      .from(dashboardsTable)
      .where(eq(dashboardsTable.id, dashboard.id));
    base = {
      accountId: row?.accountId ?? 0,
      deploymentId,
      dashboardId: dashboard.id,
      createdByUserId: row?.createdByUserId ?? 0,
    };
  });
  afterAll(async () => {
    await runner?.close();
    // The pooled SMTP connections go first: the SMTP server waits for open ones when it closes.
    await email?.close();
    await server?.close();
    await smtp?.close();
    await receiver?.close();
  });

  const database = () => server.container.platform.store.database;

  /** Makes a delivery now, as `send` does, and waits until its rounds are over. */
  async function deliver(notificationId: number) {
    const deliveryId = await database().transaction((transaction) =>
      createNotificationDelivery(transaction, runner, {
        notificationId,
        trigger: 'send',
        scheduledFor: new Date(),
      }),
    );
    await runner.idle();
    const [delivery] = await database()
      .select()
      .from(notificationDeliveriesTable)
      .where(eq(notificationDeliveriesTable.id, deliveryId ?? 0));
    const recipients = await database()
      .select()
      .from(notificationDeliveryRecipientsTable)
      .where(eq(notificationDeliveryRecipientsTable.deliveryId, deliveryId ?? 0));
    if (!delivery) throw new Error('no delivery');
    return { delivery, recipients };
  }

  it('mails each recipient the content as their viewer sees it, rendered once per viewer', async () => {
    const before = smtp.mails.length;
    renders.length = 0;
    const notificationId = await insertNotification(server, {
      ...base,
      recipients: [
        // The creator, by user and by address of no user (rendered with the creator's rights): one render.
        { type: 'user', userId: base.createdByUserId },
        { type: 'email', email: 'Outside@Example.com' },
      ],
    });
    const { delivery, recipients } = await deliver(notificationId);
    expect(delivery).toMatchObject({ status: 'sent', attempts: 1 });
    expect(delivery.startedAt).not.toBeNull();
    expect(delivery.finishedAt).not.toBeNull();
    expect(recipients.map((recipient) => [recipient.status, recipient.attempts, recipient.error])).toEqual([
      ['sent', 1, null],
      ['sent', 1, null],
    ]);
    expect(renders.map((request) => request.viewer)).toEqual([
      { kind: 'user', userId: base.createdByUserId },
    ]);
    const mails = (await smtp.received(before + 2)).slice(before);
    const addresses = mails
      .map((mail) => (Array.isArray(mail.to) ? '' : mail.to?.text?.toLowerCase()))
      .sort();
    expect(addresses).toEqual([expect.stringMatching(/^admin@/), 'outside@example.com']);
    for (const mail of mails) {
      expect(mail.subject).toBe('Daily numbers: Delivered board');
      expect(mail.html).toContain('<h1>Revenue</h1>');
      expect(mail.attachments.map((attachment) => [attachment.filename, attachment.contentType])).toEqual([
        ['revenue.csv', 'text/csv'],
      ]);
      expect(mail.attachments[0]?.content.toString()).toBe(csv);
      const unsubscribeUrl = unsubscribeUrlOf(mail);
      expect(unsubscribeUrl).toMatch(/^http:\/\/platform\.test\/api\/v1\/notifications\/unsubscribe\?token=/);
      expect(headerLineOf(mail, 'list-unsubscribe-post')).toBe(
        'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
      );
      expect(mail.text).toContain(unsubscribeUrl);
      expect(mail.html).toContain(unsubscribeUrl);
    }
  });

  it('posts webhooks signed with the notification secret, naming the delivery', async () => {
    const before = receiver.received.length;
    const notificationId = await insertNotification(server, {
      ...base,
      webhookSecret,
      recipients: [{ type: 'webhook', url: `${receiver.url}/hooks/numbers` }],
    });
    const { delivery, recipients } = await deliver(notificationId);
    expect(delivery.status).toBe('sent');
    expect(recipients[0]).toMatchObject({ status: 'sent', attempts: 1 });
    const [hook] = receiver.received.slice(before);
    if (!hook) throw new Error('no webhook arrived');
    const expected = `sha256=${createHmac('sha256', webhookSecret).update(hook.body).digest('hex')}`;
    expect(hook.headers['x-platform-signature']).toBe(expected);
    expect(hook.headers['x-platform-delivery']).toBe(String(delivery.id));
    expect(hook.path).toBe('/hooks/numbers');
    const body = JSON.parse(hook.body.toString('utf8'));
    expect(body).toMatchObject({
      event: 'notification.delivery',
      notification: { id: notificationId, name: 'Daily numbers' },
      delivery: { id: delivery.id, trigger: 'send', scheduledFor: delivery.scheduledFor.toISOString() },
      dashboard: {
        id: base.dashboardId,
        title: 'Delivered board',
        url: 'http://platform.test/dashboards/board',
      },
      format: 'html',
      keyNumbers: [{ widgetId: 'kpi', title: 'Revenue', value: '42' }],
    });
    expect(body.dashboard.publicId).toMatch(/\S/);
    expect(Buffer.from(body.attachments[0].contentBase64, 'base64').toString()).toBe(csv);
  });

  it('retries a webhook answering 500 with backoff: 500, 500, 200 is sent after 3 attempts', async () => {
    const before = receiver.received.length;
    receiver.answerWith([500, 500, 200]);
    const notificationId = await insertNotification(server, {
      ...base,
      webhookSecret,
      recipients: [{ type: 'webhook', url: `${receiver.url}/flaky` }],
    });
    const { delivery, recipients } = await deliver(notificationId);
    expect(delivery).toMatchObject({ status: 'sent', attempts: 3 });
    expect(recipients[0]).toMatchObject({ status: 'sent', attempts: 3, error: null });
    expect(receiver.received.length - before).toBe(3);
  });

  it('does not retry a webhook answering 400: failed after 1 attempt, the answer recorded', async () => {
    const before = receiver.received.length;
    receiver.answerWith([400]);
    const notificationId = await insertNotification(server, {
      ...base,
      webhookSecret,
      recipients: [{ type: 'webhook', url: `${receiver.url}/refusing` }],
    });
    const { delivery, recipients } = await deliver(notificationId);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1 });
    expect(recipients[0]).toMatchObject({ status: 'failed', attempts: 1 });
    expect(recipients[0]?.error).toMatch(/answered 400: receiver refused/);
    expect(receiver.received.length - before).toBe(1);
  });

  it('gives up on a recipient after 3 failed attempts, and reports the others that were sent', async () => {
    receiver.answerWith([503, 503, 503]);
    const notificationId = await insertNotification(server, {
      ...base,
      webhookSecret,
      recipients: [
        { type: 'webhook', url: `${receiver.url}/down` },
        { type: 'email', email: 'steady@example.com' },
      ],
    });
    const { delivery, recipients } = await deliver(notificationId);
    expect(delivery).toMatchObject({ status: 'partially_sent', attempts: 3 });
    const byType = Object.fromEntries(recipients.map((recipient) => [recipient.recipient.type, recipient]));
    expect(byType.webhook).toMatchObject({ status: 'failed', attempts: 3 });
    expect(byType.webhook?.error).toMatch(/answered 503/);
    expect(byType.email).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('skips a recipient who may not see the dashboard, recording why, and one with no rights to render with', async () => {
    const { userId } = await (async () => {
      const created = await server.request({
        method: 'POST',
        url: '/api/v1/users',
        body: { email: 'no-access@example.com', role: 'viewer' },
      });
      return { userId: (created.body as { id: number }).id };
    })();
    deniedUserIds.add(userId);
    const withoutAccess = await insertNotification(server, {
      ...base,
      recipients: [{ type: 'user', userId }],
    });
    const denied = await deliver(withoutAccess);
    expect(denied.delivery.status).toBe('failed');
    expect(denied.recipients[0]).toMatchObject({
      status: 'skipped',
      error: `user ${userId} may not read dashboard ${base.dashboardId}`,
    });
    const orphaned = await insertNotification(server, {
      ...base,
      createdByUserId: null,
      webhookSecret,
      recipients: [{ type: 'webhook', url: `${receiver.url}/orphan` }],
    });
    const noCreator = await deliver(orphaned);
    expect(noCreator.recipients[0]?.status).toBe('skipped');
    expect(noCreator.recipients[0]?.error).toMatch(/creator was deleted/);
  });

  it('refuses a webhook to a link-local (metadata) address when sending, without retrying', async () => {
    const notificationId = await insertNotification(server, {
      ...base,
      webhookSecret,
      recipients: [{ type: 'webhook', url: 'http://169.254.169.254/latest/meta-data' }],
    });
    const { recipients } = await deliver(notificationId);
    expect(recipients[0]).toMatchObject({ status: 'failed', attempts: 1 });
    expect(recipients[0]?.error).toMatch(/169\.254\.169\.254 is a link-local address/);
  });

  it('counts a receiver that does not answer in time as a failure worth retrying', async () => {
    receiver.hold();
    const failure = await new WebhookChannel(300)
      .send(
        { url: `${receiver.url}/slow`, secret: webhookSecret, deliveryId: 1, body: {} },
        new AbortController().signal,
      )
      .catch((error: unknown) => error);
    receiver.release();
    expect(failure).toBeInstanceOf(DeliveryFailure);
    expect((failure as DeliveryFailure).isRetryable).toBe(true);
    expect((failure as DeliveryFailure).message).toMatch(/no answer within 0.3 s/);
  });

  it('fails an e-mail recipient with a clear error when SMTP is not configured', async () => {
    const failure = await new EmailChannel({ smtpUrl: null, smtpFrom: 'platform@example.com' })
      .send({
        to: 'a@example.com',
        subject: 's',
        html: '',
        text: '',
        attachments: [],
        unsubscribeUrl: 'http://x',
      })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DeliveryFailure);
    expect((failure as DeliveryFailure).isRetryable).toBe(false);
    expect((failure as DeliveryFailure).message).toMatch(/set PLATFORM_SMTP_URL/);
  });

  it('does not count a recipient attempt for mail sent while the process stops (its job runs again)', async () => {
    const closing = new EmailChannel({ smtpUrl: smtp.url, smtpFrom: 'platform@example.com' });
    await closing.close();
    const failure = await closing
      .send({
        to: 'a@example.com',
        subject: 's',
        html: '',
        text: '',
        attachments: [],
        unsubscribeUrl: 'http://x',
      })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(DeliveryFailure);
  });

  it('unsubscribes a recipient with the link of their mail: the page asks, the one-click post removes', async () => {
    const before = smtp.mails.length;
    const notificationId = await insertNotification(server, {
      ...base,
      recipients: [
        { type: 'email', email: 'leaving@example.com' },
        { type: 'email', email: 'staying@example.com' },
      ],
    });
    await deliver(notificationId);
    const mails = (await smtp.received(before + 2)).slice(before);
    const leaving = mails.find((mail) => !Array.isArray(mail.to) && mail.to?.text === 'leaving@example.com');
    if (!leaving) throw new Error('no mail to leaving@example.com');
    const link = new URL(unsubscribeUrlOf(leaving));
    const path = `${link.pathname}${link.search}`;
    const page = await server.request({ method: 'GET', url: path, key: null });
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain('<form method="post"');
    const remaining = () =>
      database()
        .select({ key: notificationRecipientsTable.recipientKey })
        .from(notificationRecipientsTable)
        .where(eq(notificationRecipientsTable.notificationId, notificationId));
    expect(await remaining()).toHaveLength(2);
    const posted = await server.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.body).toContain('Unsubscribed');
    expect(await remaining()).toEqual([
      { key: recipientKeyOf({ type: 'email', email: 'staying@example.com' }) },
    ]);
    // Twice is the same answer; a token this server did not sign is a 400.
    expect((await server.app.inject({ method: 'POST', url: path })).statusCode).toBe(200);
    const forged = await server.request({
      method: 'POST',
      url: `${link.pathname}?token=${link.searchParams.get('token')?.slice(0, -2)}xx`,
      key: null,
    });
    expect(forged.status).toBe(400);
  });

  it('fails what is left of a delivery whose job ran out of attempts (its processes kept stopping)', async () => {
    const notificationId = await insertNotification(server, {
      ...base,
      recipients: [{ type: 'email', email: 'never@example.com' }],
    });
    // What a delivery looks like when the last process to run its last attempt died mid-send.
    const [delivery] = await database()
      .insert(notificationDeliveriesTable)
      .values({ notificationId, trigger: 'send', scheduledFor: new Date(), startedAt: new Date() })
      .returning();
    if (!delivery) throw new Error('no delivery');
    await database()
      .insert(notificationDeliveryRecipientsTable)
      .values({
        deliveryId: delivery.id,
        recipientKey: recipientKeyOf({ type: 'email', email: 'never@example.com' }),
        recipient: {
          type: 'email',
          userId: null,
          email: 'never@example.com',
          embedTenantName: null,
          externalId: null,
          url: null,
          channelName: null,
        },
      });
    await orphanedJob(database(), {
      name: 'notification-delivery',
      payload: { deliveryId: delivery.id },
      attempt: 3,
      maxAttempts: 3,
    });
    const deadline = Date.now() + 15_000;
    let ended = delivery;
    while (ended.status === 'pending' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const [row] = await database()
        .select()
        .from(notificationDeliveriesTable)
        .where(eq(notificationDeliveriesTable.id, delivery.id));
      if (row) ended = row;
    }
    expect(ended).toMatchObject({ status: 'failed', attempts: 1 });
    expect(ended.finishedAt).not.toBeNull();
    const [recipient] = await database()
      .select()
      .from(notificationDeliveryRecipientsTable)
      .where(eq(notificationDeliveryRecipientsTable.deliveryId, delivery.id));
    expect(recipient).toMatchObject({
      status: 'failed',
      error: 'the processes making the delivery kept stopping',
    });
  });
});
