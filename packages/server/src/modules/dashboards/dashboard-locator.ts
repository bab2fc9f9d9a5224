import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/database/database.js';
import type { DashboardLocator } from '../workspace/content-item-locator.js';
import { dashboardsTable } from './dashboards.tables.js';

/**
 * What the workspace's resource policies need of a dashboard (registered with `useDashboards` when the
 * modules are built): where it belongs, and a `FOR SHARE` read that holds it while a grant is written.
 */
export const dashboardLocator: DashboardLocator = {
  async locate(reader: Database, dashboardId: number) {
    const [row] = await reader
      .select({
        accountId: dashboardsTable.accountId,
        deploymentId: dashboardsTable.deploymentId,
        workbookId: dashboardsTable.workbookId,
      })
      .from(dashboardsTable)
      .where(eq(dashboardsTable.id, dashboardId));
    return row ?? null;
  },
  async lock(transaction: Database, dashboardId: number) {
    const rows = await transaction
      .select({ id: dashboardsTable.id })
      .from(dashboardsTable)
      .where(eq(dashboardsTable.id, dashboardId))
      .for('share');
    return rows.length > 0;
  },
};
