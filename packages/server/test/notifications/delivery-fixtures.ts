import type { NotificationRecipientInput } from '@platform/contract';
import { eq } from 'drizzle-orm';
import { recipientKeyOf } from '../../src/modules/notifications/notification-recipient-keys.js';
import {
  notificationRecipientsTable,
  notificationsTable,
} from '../../src/modules/notifications/notifications.tables.js';
import { sealUrl } from '../../src/platform/crypto/url-credentials.js';
import type { TestServer } from '../support/test-server.js';

/** A published dashboard (one text widget) in the deployment, made through the API. */
export async function publishTextDashboard(
  server: TestServer,
  deploymentId: number,
  title: string,
): Promise<{ id: number; publicId: string }> {
  const base = `/api/v1/deployments/${deploymentId}`;
  const workbook = await server.request({ method: 'POST', url: `${base}/workbooks`, body: { name: title } });
  if (workbook.status !== 201) throw new Error(`workbook: ${JSON.stringify(workbook.body)}`);
  const workbookId = (workbook.body as { id: number }).id;
  const config = {
    kind: 'CLASSIC',
    title,
    widgets: [
      { id: 'note', type: 'TEXT', position: { x: 0, y: 0, w: 6, h: 4 }, config: { markdown: '# Hello' } },
    ],
  };
  const published = await server.request({
    method: 'POST',
    url: `${base}/workbooks/${workbookId}/publish`,
    body: { workbookId, config },
  });
  if (published.status !== 200) throw new Error(`publish: ${JSON.stringify(published.body)}`);
  return published.body as { id: number; publicId: string };
}

export interface NotificationFixture {
  accountId: number;
  deploymentId: number;
  dashboardId: number;
  createdByUserId: number | null;
  schedule?: string;
  timezone?: string;
  nextRunAt?: Date | null;
  isEnabled?: boolean;
  format?: 'pdf' | 'png' | 'csv' | 'html';
  webhookSecret?: string;
  recipients?: NotificationRecipientInput[];
}

/** A notification row with its recipients, written as the notifications service stores them. */
export async function insertNotification(server: TestServer, fixture: NotificationFixture): Promise<number> {
  const { database } = server.container.platform.store;
  const { secretBox } = server.container.platform;
  const [row] = await database
    .insert(notificationsTable)
    .values({
      accountId: fixture.accountId,
      deploymentId: fixture.deploymentId,
      dashboardId: fixture.dashboardId,
      name: 'Daily numbers',
      schedule: fixture.schedule ?? '* * * * *',
      timezone: fixture.timezone ?? 'UTC',
      format: fixture.format ?? 'html',
      isEnabled: fixture.isEnabled ?? true,
      webhookSecret: fixture.webhookSecret ? secretBox.encrypt(fixture.webhookSecret) : null,
      createdByUserId: fixture.createdByUserId,
      nextRunAt: fixture.nextRunAt ?? null,
    })
    .returning({ id: notificationsTable.id });
  if (!row) throw new Error('no notification');
  for (const recipient of fixture.recipients ?? []) {
    const sealed = recipient.type === 'webhook' ? sealUrl(recipient.url, secretBox) : null;
    await database.insert(notificationRecipientsTable).values({
      notificationId: row.id,
      type: recipient.type,
      recipientKey: recipientKeyOf(recipient),
      userId: recipient.type === 'user' ? recipient.userId : null,
      email: recipient.type === 'email' ? recipient.email : null,
      embedTenantName: recipient.type === 'embedUser' ? recipient.embedTenantName : null,
      externalId: recipient.type === 'embedUser' ? recipient.externalId : null,
      url: sealed?.maskedUrl ?? null,
      urlSecret: sealed?.secretEncrypted ?? null,
    });
  }
  return row.id;
}

export async function notificationRow(server: TestServer, notificationId: number) {
  const [row] = await server.container.platform.store.database
    .select()
    .from(notificationsTable)
    .where(eq(notificationsTable.id, notificationId));
  if (!row) throw new Error(`no notification ${notificationId}`);
  return row;
}
