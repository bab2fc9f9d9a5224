import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jsonOf,
  type PlatformResult,
  type RunningServer,
  runPlatform,
  startServer,
  temporaryConfigDirectory,
} from './support/platform-process.js';

interface Recipient {
  type: string;
  userId: number | null;
  email: string | null;
  embedTenantName: string | null;
  externalId: string | null;
  url: string | null;
}

interface Notification {
  id: number;
  name: string;
  dashboardId: number;
  timezone: string;
  humanReadableSchedule: string;
  notificationFormat: string;
  filters: unknown[] | null;
  isEnabled: boolean;
  nextRunAt: string | null;
  webhookSecret: string | null;
  recipients: Recipient[];
}

interface Page<Item> {
  items: Item[];
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
}

describe('platform notifications against a real server', () => {
  let server: RunningServer;
  let configDirectory: string;
  let deploymentId: string;
  let dashboardId: string;
  const platform = (args: string[]): Promise<PlatformResult> =>
    runPlatform(args, {
      PLATFORM_CONFIG_DIR: configDirectory,
      PLATFORM_API_URL: server.apiUrl,
      PLATFORM_API_KEY: server.adminKey,
    });

  async function api(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
    const answer = await fetch(`${server.apiUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${server.adminKey}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(answer.status, await answer.clone().text()).toBeLessThan(300);
    return (await answer.json()) as Record<string, unknown>;
  }

  beforeAll(async () => {
    [server, configDirectory] = await Promise.all([startServer(), temporaryConfigDirectory()]);
    const deployments = (await api('GET', '/api/v1/deployments')) as { items: Array<{ id: number }> };
    deploymentId = String(deployments.items[0]?.id);
    const workbook = await api('POST', `/api/v1/deployments/${deploymentId}/workbooks`, { name: 'Sales' });
    const published = await api(
      'POST',
      `/api/v1/deployments/${deploymentId}/workbooks/${workbook.id}/publish`,
      {
        config: {
          widgets: [
            {
              id: 'country',
              type: 'FILTER',
              position: { x: 0, y: 0, w: 3, h: 1 },
              config: { member: 'orders.country' },
            },
            {
              id: 'grain',
              type: 'TIME_GRAIN',
              position: { x: 3, y: 0, w: 3, h: 1 },
              config: { grain: 'month', grains: ['week', 'month'] },
            },
          ],
        },
      },
    );
    dashboardId = String(published.id);
  });
  afterAll(async () => {
    await server?.stop();
    if (configDirectory) await rm(configDirectory, { recursive: true, force: true });
  });

  it('creates, lists, shows, updates and deletes notifications and manages their recipients', async () => {
    const created = jsonOf<Notification>(
      await platform([
        'notifications',
        'create',
        '--deployment',
        deploymentId,
        '--dashboard',
        dashboardId,
        '--name',
        'Weekly revenue',
        '--schedule',
        '0 9 * * 1',
        '--timezone',
        'Europe/Berlin',
        '--format',
        'png',
        '--filters',
        '[{"widgetId":"country","values":["DE"]}]',
        '--time-grains',
        '[{"widgetId":"grain","grain":"week"}]',
        '--email',
        'ann@example.com',
        '--embed-user',
        'acme/Bob',
        '--webhook',
        'https://hook:s3cret@hooks.example.com/in',
        '--json',
      ]),
    );
    expect(created).toMatchObject({
      name: 'Weekly revenue',
      humanReadableSchedule: 'Every Monday at 09:00 Europe/Berlin',
      notificationFormat: 'png',
      filters: [{ widgetId: 'country', operator: 'equals', values: ['DE'] }],
      recipients: [
        { type: 'email', email: 'ann@example.com' },
        { type: 'embedUser', embedTenantName: 'acme', externalId: 'bob' },
        { type: 'webhook', url: 'https://hook:[ENCRYPTED]@hooks.example.com/in' },
      ],
    });
    expect(created.webhookSecret).toMatch(/^[\w-]{43}$/);
    const id = String(created.id);

    const bothDashboards = await platform([
      'notifications',
      'create',
      '--deployment',
      deploymentId,
      '--dashboard',
      dashboardId,
      '--dashboard-public-id',
      'abc',
      '--name',
      'x',
      '--schedule',
      '0 9 * * 1',
    ]);
    expect(bothDashboards.exitCode).toBe(2);
    const badCron = await platform([
      'notifications',
      'create',
      '--deployment',
      deploymentId,
      '--dashboard',
      dashboardId,
      '--name',
      'x',
      '--schedule',
      '0 25 * * 1',
    ]);
    expect(badCron.exitCode).toBe(1);
    expect(badCron.stderr).toMatch(/^error: 400 schedule: the hour field "25" is not valid/);

    const table = await platform(['notifications', 'list']);
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.stdout.split('\n')[0]).toMatch(/^ID\s+NAME\s+DEPLOYMENT\s+DASHBOARD\s+SCHEDULE/);
    expect(table.stdout).toMatch(
      /Weekly revenue\s+\d+\s+\d+\s+Every Monday at 09:00 Europe\/Berlin\s+png\s+yes/,
    );
    for (const filter of [
      ['--deployment', deploymentId],
      ['--dashboard', dashboardId],
      ['--email', 'ANN@example.com'],
      ['--embed-tenant', 'acme'],
      ['--embed-user', 'acme/bob'],
    ]) {
      const listed = jsonOf<Page<Notification>>(
        await platform(['notifications', 'list', ...filter, '--json']),
      );
      expect(
        listed.items.map((item) => item.id),
        filter.join(' '),
      ).toEqual([created.id]);
    }
    const none = jsonOf<Page<Notification>>(
      await platform(['notifications', 'list', '--email', 'nobody@example.com', '--json']),
    );
    expect(none.items).toEqual([]);

    const shown = await platform(['notifications', 'get', id, '--deployment', deploymentId]);
    expect(shown.stdout).toMatch(/webhook secret:\s+\[ENCRYPTED\]/);
    expect(shown.stdout).toMatch(/recipients:\s+ann@example.com, acme\/bob, https:\/\/hook:\[ENCRYPTED\]@/);

    const disabled = jsonOf<Notification>(
      await platform(['notifications', 'update', id, '--deployment', deploymentId, '--disable', '--json']),
    );
    expect(disabled).toMatchObject({ isEnabled: false, nextRunAt: null });
    const renamed = await platform([
      'notifications',
      'update',
      id,
      '--deployment',
      deploymentId,
      '--name',
      'Daily revenue',
      '--schedule',
      '30 7 * * *',
      '--enable',
    ]);
    expect(renamed.stdout).toMatch(/schedule:\s+30 7 \* \* \* \(Every day at 07:30 Europe\/Berlin\)/);
    const nothing = await platform(['notifications', 'update', id, '--deployment', deploymentId]);
    expect(nothing.exitCode).toBe(2);

    const added = await platform([
      'notifications',
      'recipients',
      'add',
      id,
      '--deployment',
      deploymentId,
      '--email',
      'cid@example.com',
      '--email',
      'ann@example.com',
    ]);
    expect(added.exitCode, added.stderr).toBe(0);
    expect(added.stdout.split('\n')[0]).toMatch(/^TYPE\s+RECIPIENT\s+CHANNEL/);
    const recipients = jsonOf<Page<Recipient>>(
      await platform(['notifications', 'recipients', 'list', id, '--deployment', deploymentId, '--json']),
    );
    expect(recipients.items.map((item) => item.email ?? item.externalId ?? item.url)).toEqual([
      'ann@example.com',
      'bob',
      'https://hook:[ENCRYPTED]@hooks.example.com/in',
      'cid@example.com',
    ]);
    const missing = await platform([
      'notifications',
      'recipients',
      'remove',
      id,
      '--deployment',
      deploymentId,
      '--email',
      'ann@example.com',
      '--email',
      'zed@example.com',
    ]);
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toMatch(/^error: 404 email zed@example.com is not a recipient/);
    const removed = jsonOf<Page<Recipient>>(
      await platform([
        'notifications',
        'recipients',
        'remove',
        id,
        '--deployment',
        deploymentId,
        '--email',
        'ann@example.com',
        '--embed-user',
        'acme/bob',
        '--webhook',
        'https://hook:s3cret@hooks.example.com/in',
        '--json',
      ]),
    );
    expect(removed.items.map((item) => item.email)).toEqual(['cid@example.com']);

    const deleted = await platform(['notifications', 'delete', id, '--deployment', deploymentId]);
    expect(deleted.exitCode, deleted.stderr).toBe(0);
    expect(deleted.stdout).toContain(`deleted notification ${id}`);
    const gone = await platform(['notifications', 'get', id, '--deployment', deploymentId]);
    expect(gone.stderr).toMatch(/^error: 404 notification \d+ not found/);
  });
});
