import type { ResourcePolicyResourceType } from '@platform/contract';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../platform/database/database.js';
import type { ContentItem } from './content-access.service.js';
import { contentFoldersTable, reportsTable, workbooksTable } from './workspace.tables.js';

/** A content item found by its global id: the account and deployment it belongs to, and what rights read. */
export interface LocatedContentItem {
  accountId: number;
  deploymentId: number;
  item: ContentItem;
}

const reportWorkbooks = alias(workbooksTable, 'report_workbook');

/**
 * What the dashboards module tells of its dashboards for grants on them (it registers itself with
 * `ResourcePoliciesService.useDashboards` when the modules are built: its tables are its own).
 */
export interface DashboardLocator {
  /** The dashboard's account, deployment and workbook; null when there is none. */
  locate(
    database: Database,
    dashboardId: number,
  ): Promise<{ accountId: number; deploymentId: number; workbookId: number } | null>;
  /** Reads the dashboard `FOR SHARE` inside `transaction`; false when there is none. */
  lock(transaction: Database, dashboardId: number): Promise<boolean>;
}

/**
 * Finds a folder, workbook, report or dashboard by id alone (ids are global), for operations that name an item
 * without its deployment (resource policies). Null when there is none; the caller checks the account.
 */
export async function locateContentItem(
  database: Database,
  type: ResourcePolicyResourceType,
  id: number,
  dashboards: DashboardLocator | null,
): Promise<LocatedContentItem | null> {
  switch (type) {
    case 'dashboard': {
      const dashboard = await dashboards?.locate(database, id);
      if (!dashboard) return null;
      const [workbook] = await database
        .select()
        .from(workbooksTable)
        .where(eq(workbooksTable.id, dashboard.workbookId));
      if (!workbook) return null;
      const { folderId, ownerUserId, isShared } = workbook;
      return {
        accountId: dashboard.accountId,
        deploymentId: dashboard.deploymentId,
        item: { type, id, workbook: { id: workbook.id, folderId, ownerUserId, isShared } },
      };
    }
    case 'folder': {
      const [row] = await database
        .select({
          accountId: contentFoldersTable.accountId,
          deploymentId: contentFoldersTable.deploymentId,
          parentId: contentFoldersTable.parentId,
        })
        .from(contentFoldersTable)
        .where(eq(contentFoldersTable.id, id));
      return row ? { ...row, item: { type, id, parentId: row.parentId } } : null;
    }
    case 'workbook': {
      const [row] = await database.select().from(workbooksTable).where(eq(workbooksTable.id, id));
      if (!row) return null;
      const { accountId, deploymentId, folderId, ownerUserId, isShared } = row;
      return { accountId, deploymentId, item: { type, id, folderId, ownerUserId, isShared } };
    }
    case 'report': {
      const [row] = await database
        .select({ report: reportsTable, workbook: reportWorkbooks })
        .from(reportsTable)
        .leftJoin(reportWorkbooks, eq(reportWorkbooks.id, reportsTable.workbookId))
        .where(eq(reportsTable.id, id));
      if (!row) return null;
      const { report, workbook } = row;
      return {
        accountId: report.accountId,
        deploymentId: report.deploymentId,
        item: {
          type,
          id,
          folderId: report.folderId,
          ownerUserId: report.ownerUserId,
          workbook: workbook && {
            id: workbook.id,
            folderId: workbook.folderId,
            ownerUserId: workbook.ownerUserId,
            isShared: workbook.isShared,
          },
        },
      };
    }
  }
}

const tableOf = {
  folder: contentFoldersTable,
  workbook: workbooksTable,
  report: reportsTable,
} as const;

/**
 * Reads the item `FOR SHARE` inside `transaction`: a deletion of it waits until the transaction ends
 * (and then removes what was written for it), or has committed before and the item is not found.
 */
export async function lockContentItem(
  transaction: Database,
  type: ResourcePolicyResourceType,
  id: number,
  dashboards: DashboardLocator | null,
): Promise<boolean> {
  if (type === 'dashboard') return (await dashboards?.lock(transaction, id)) ?? false;
  const table = tableOf[type];
  const rows = await transaction.select({ id: table.id }).from(table).where(eq(table.id, id)).for('share');
  return rows.length > 0;
}
