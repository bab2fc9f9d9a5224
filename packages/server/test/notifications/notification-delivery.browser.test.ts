import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDeploymentId } from '../security/account-resources.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { publishTextDashboard } from './delivery-fixtures.js';
import { type LocalSmtpServer, startLocalSmtpServer } from './local-smtp-server.js';
import { type LocalWebhookServer, startLocalWebhookServer } from './local-webhook-server.js';

interface Delivery {
  id: number;
  status: string;
  attempts: number;
  recipients: Array<{ recipient: { type: string }; status: string; error: string | null; attempts: number }>;
}

/**
 * The whole path through the server: a notification made with the API, `send`, the server's own job
 * runner, the Chromium renderer, a real SMTP server and webhook receiver, and the history. What the PDF
 * shows is the renderer's own test; here the mail and the webhook carry it.
 */
describe('a notification sent through the server', () => {
  let server: TestServer;
  let smtp: LocalSmtpServer;
  let receiver: LocalWebhookServer;
  let base: string;
  let dashboardId: number;

  beforeAll(async () => {
    smtp = await startLocalSmtpServer();
    receiver = await startLocalWebhookServer();
    server = await startTestServer({
      environment: { PLATFORM_SMTP_URL: smtp.url, PLATFORM_SMTP_FROM: 'Platform <platform@example.com>' },
    });
    // Chromium loads the dashboard's render page from the server: it listens, at the public URL.
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    server.config.publicUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    const deploymentId = await findDeploymentId(server, 'demo');
    dashboardId = (await publishTextDashboard(server, deploymentId, 'Mailed board')).id;
    base = `/api/v1/deployments/${deploymentId}/notifications`;
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
    await receiver?.close();
  });

  it('mails the PDF and posts it to the webhook, and the history says sent', {
    timeout: 120_000,
  }, async () => {
    const created = await server.request({
      method: 'POST',
      url: base,
      body: {
        dashboardId,
        name: 'Weekly board',
        schedule: '0 9 * * 1',
        notificationFormat: 'pdf',
        recipients: [
          { type: 'email', email: 'reader@example.com' },
          { type: 'webhook', url: `${receiver.url}/board` },
        ],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { id, webhookSecret } = created.body as { id: number; webhookSecret: string };
    const sent = await server.request({ method: 'POST', url: `${base}/${id}/send` });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    await server.container.platform.jobs.idle();
    const history = (await server.request({ method: 'GET', url: `${base}/${id}/deliveries` })).body as {
      items: Delivery[];
    };
    expect(history.items[0], JSON.stringify(history.items[0])).toMatchObject({ status: 'sent', attempts: 1 });
    const [mail] = await smtp.received(1);
    expect(Array.isArray(mail?.to) ? null : mail?.to?.text).toBe('reader@example.com');
    expect(mail?.from?.text).toContain('platform@example.com');
    expect(mail?.subject).toMatch(/Weekly board/);
    const pdf = mail?.attachments.find((attachment) => attachment.contentType === 'application/pdf');
    expect(pdf?.content.subarray(0, 5).toString()).toBe('%PDF-');
    const [hook] = receiver.received;
    if (!hook) throw new Error('no webhook arrived');
    expect(hook.headers['x-platform-signature']).toBe(
      `sha256=${createHmac('sha256', webhookSecret).update(hook.body).digest('hex')}`,
    );
    const body = JSON.parse(hook.body.toString('utf8'));
    expect(body.format).toBe('pdf');
    const attachment = body.attachments.find(
      (candidate: { contentType: string }) => candidate.contentType === 'application/pdf',
    );
    expect(Buffer.from(attachment.contentBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });
});
