import type { SQL } from 'drizzle-orm';
import type { Database } from '../../packages/server/src/platform/database/database.js';
import { adminCall } from './admin-call.js';
import type { PlatformServer } from './platform-server.js';

/** A published one-widget dashboard of the demo deployment, and the admin who made it (the notifications' creator). */
export async function publishBenchDashboard(
  server: PlatformServer,
): Promise<{ dashboardId: number; deploymentId: number; adminUserId: number }> {
  const me = await adminCall<{ id: number }>(server, 'GET', '/api/v1/users/me');
  const deployments = await adminCall<{ items: Array<{ id: number; name: string }> }>(
    server,
    'GET',
    '/api/v1/deployments',
  );
  const demo = deployments.items.find((deployment) => deployment.name === 'demo');
  if (!demo) throw new Error('no demo deployment');
  const base = `/api/v1/deployments/${demo.id}`;
  const workbook = await adminCall<{ id: number }>(server, 'POST', `${base}/workbooks`, {
    name: 'Notified board',
  });
  const dashboard = await adminCall<{ id: number }>(
    server,
    'POST',
    `${base}/workbooks/${workbook.id}/publish`,
    {
      workbookId: workbook.id,
      config: {
        kind: 'CLASSIC',
        title: 'Notified board',
        widgets: [
          { id: 'note', type: 'TEXT', position: { x: 0, y: 0, w: 6, h: 4 }, config: { markdown: 'hi' } },
        ],
      },
    },
  );
  return { dashboardId: dashboard.id, deploymentId: demo.id, adminUserId: me.id };
}

/** The rows of a raw statement (drizzle types `execute` per driver; both drivers answer `{rows}`). */
export async function rowsOf<Row>(database: Database, statement: SQL): Promise<Row[]> {
  return ((await database.execute(statement)) as unknown as { rows: Row[] }).rows;
}
