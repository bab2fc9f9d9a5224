import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../http/expect-error-body.js';
import { findDeploymentId } from '../security/account-resources.js';
import {
  createOtherAccount,
  createUserWithKey,
  type StoreEngine,
  startTestServer,
  storeEngines,
  type TestServer,
} from '../support/test-server.js';
import { publishTextDashboard } from './delivery-fixtures.js';

interface Delivery {
  id: number;
  notificationId: number;
  trigger: string;
  status: string;
  attempts: number;
  recipients: Array<{
    recipient: { type: string; email: string | null };
    status: string;
    error: string | null;
  }>;
}

interface Page {
  items: Delivery[];
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
}

describe.each(storeEngines)('sending a notification now and its history on %s', (engine: StoreEngine) => {
  let server: TestServer;
  let base: string;
  let notificationId: number;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    const deploymentId = await findDeploymentId(server, 'demo');
    const dashboard = await publishTextDashboard(server, deploymentId, 'Sent board');
    const created = await server.request({
      method: 'POST',
      url: `/api/v1/deployments/${deploymentId}/notifications`,
      body: {
        dashboardId: dashboard.id,
        name: 'History',
        schedule: '0 9 * * 1',
        notificationFormat: 'html',
        // Disabled: sending now does not care.
        isEnabled: false,
        recipients: [{ type: 'email', email: 'history@example.com' }],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    notificationId = (created.body as { id: number }).id;
    base = `/api/v1/deployments/${deploymentId}/notifications/${notificationId}`;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers send with 202 and the pending delivery, and lists the history newest first', async () => {
    const sent: Delivery[] = [];
    for (let index = 0; index < 3; index += 1) {
      const answer = await server.request({ method: 'POST', url: `${base}/send` });
      expect(answer.status, JSON.stringify(answer.body)).toBe(202);
      sent.push(answer.body as Delivery);
    }
    expect(sent[0]).toMatchObject({
      notificationId,
      trigger: 'send',
      status: 'pending',
      attempts: 0,
      recipients: [
        { recipient: { type: 'email', email: 'history@example.com' }, status: 'pending', error: null },
      ],
    });
    await server.container.platform.jobs.idle();
    const all = (await server.request({ method: 'GET', url: `${base}/deliveries` })).body as Page;
    expect(all.items.map((delivery) => delivery.id)).toEqual(sent.map((delivery) => delivery.id).reverse());
    // Every delivery has ended, each recipient with its outcome (and why when it was not sent).
    for (const delivery of all.items) {
      expect(delivery.status).not.toBe('pending');
      for (const recipient of delivery.recipients) {
        expect(recipient.status).not.toBe('pending');
        if (recipient.status !== 'sent') expect(recipient.error).toMatch(/\S/);
      }
    }
    const first = (await server.request({ method: 'GET', url: `${base}/deliveries?first=1` })).body as Page;
    expect(first.items.map((delivery) => delivery.id)).toEqual([sent[2]?.id]);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const next = (
      await server.request({
        method: 'GET',
        url: `${base}/deliveries?first=5&after=${first.pageInfo.endCursor}`,
      })
    ).body as Page;
    expect(next.items.map((delivery) => delivery.id)).toEqual([sent[1]?.id, sent[0]?.id]);
  });

  it('refuses sending to a viewer (ContentEdit) and hides the notification from another account', async () => {
    const viewer = await createUserWithKey(server, 'viewer');
    expectErrorBody(
      await server.request({ method: 'POST', url: `${base}/send`, key: viewer.key }),
      'FORBIDDEN',
    );
    const other = await createOtherAccount(server);
    expectErrorBody(
      await server.request({ method: 'GET', url: `${base}/deliveries`, key: other.adminKey }),
      'NOT_FOUND',
    );
    expectErrorBody(
      await server.request({ method: 'POST', url: `${base}/send`, key: other.adminKey }),
      'NOT_FOUND',
    );
    expectErrorBody(
      await server.request({ method: 'GET', url: `${base.replace(/\d+$/, '999999')}/deliveries` }),
      'NOT_FOUND',
    );
  });
});
