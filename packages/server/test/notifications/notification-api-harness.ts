import { afterAll, beforeAll, expect } from 'vitest';
import { findDeploymentId } from '../security/account-resources.js';
import {
  createUserWithKey,
  type StoreEngine,
  startTestServer,
  type TestServer,
} from '../support/test-server.js';
import { type PublishedDashboard, publishDashboard } from './notification-fixtures.js';

export interface Recipient {
  type: string;
  userId: number | null;
  email: string | null;
  embedTenantName: string | null;
  externalId: string | null;
  url: string | null;
  channelName: string | null;
}

export interface Notification {
  id: number;
  deploymentId: number;
  dashboardId: number;
  dashboardPublicId: string;
  name: string;
  schedule: string;
  timezone: string;
  humanReadableSchedule: string;
  notificationFormat: string;
  filters: unknown[] | null;
  timeGrains: unknown[] | null;
  isEnabled: boolean;
  recipients: Recipient[];
  webhookSecret: string | null;
  createdByUserId: number | null;
  nextRunAt: string | null;
  lastRunAt: string | null;
}

export interface Page<Item> {
  items: Item[];
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
}

/** What the notifications API suites share: one server per file, two dashboards, a viewer and a developer. */
export interface NotificationApiState {
  server: TestServer;
  deploymentId: number;
  /** `/api/v1/deployments/{demo}/notifications`. */
  base: string;
  adminUserId: number;
  dashboard: PublishedDashboard;
  other: PublishedDashboard;
  viewer: { userId: number; key: string };
  developer: { userId: number; key: string };
}

/**
 * Starts the file's server before its tests (registered in the calling `describe`), and the calls every
 * notifications API test makes: `state` is filled once the server is up.
 */
export function notificationApiHarness(engine: StoreEngine) {
  const state = {} as NotificationApiState;
  beforeAll(async () => {
    state.server = await startTestServer({ engine });
    state.deploymentId = await findDeploymentId(state.server, 'demo');
    state.base = `/api/v1/deployments/${state.deploymentId}/notifications`;
    const me = await state.server.request({ method: 'GET', url: '/api/v1/users/me' });
    state.adminUserId = (me.body as { id: number }).id;
    state.dashboard = await publishDashboard(state.server, state.deploymentId, 'Weekly sales');
    state.other = await publishDashboard(state.server, state.deploymentId, 'Other sales');
    state.viewer = await createUserWithKey(state.server, 'viewer');
    state.developer = await createUserWithKey(state.server, 'developer');
  });
  afterAll(async () => {
    await state.server?.close();
  });

  const database = () => state.server.container.platform.store.database;
  const call = (method: string, url: string, body?: unknown, key?: string) =>
    state.server.request({ method, url, body, ...(key === undefined ? {} : { key }) });
  async function create(body: Record<string, unknown>, key?: string): Promise<Notification> {
    const answer = await call(
      'POST',
      state.base,
      { dashboardId: state.dashboard.id, name: 'n', schedule: '0 9 * * 1', ...body },
      key,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body as Notification;
  }
  const expectMessage = (answer: { body: unknown }, pattern: RegExp) =>
    expect((answer.body as { message: string }).message).toMatch(pattern);
  return { state, database, call, create, expectMessage };
}
