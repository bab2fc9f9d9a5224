import type { WorkspaceItem, WorkspaceItemRef, WorkspaceItemType } from '@platform/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../platform/database/database.js';
import type { ContentItem } from './content-access.service.js';
import { contentFoldersTable, reportsTable, workbooksTable } from './workspace.tables.js';

/** A folder, workbook or report named by a workspace request, with what its access check needs. */
export interface LoadedItem {
  ref: WorkspaceItemRef;
  access: ContentItem;
  name: string;
  folderId: number | null;
}

export function keyOf(ref: { type: WorkspaceItemType; id: number }): string {
  return `${ref.type}:${ref.id}`;
}

export function labelOf(ref: { type: WorkspaceItemType; id: number }): string {
  return `${ref.type.toLowerCase()} ${ref.id}`;
}

export function toWorkspaceItem(
  type: WorkspaceItemType,
  row: { id: number; name: string; folderId: number | null; updatedAt: Date },
): WorkspaceItem {
  return { type, id: row.id, name: row.name, folderId: row.folderId, updatedAt: row.updatedAt.toISOString() };
}

const idsOfType = (refs: readonly WorkspaceItemRef[], type: WorkspaceItemType) =>
  refs.filter((ref) => ref.type === type).map((ref) => ref.id);

/**
 * Loads the named items of one deployment in one query per type (a report's workbook joined in, since
 * its rights flow to the report). An item of another deployment or account is simply absent, as a
 * missing one is: a 404 for that item, its existence not leaked.
 */
export async function loadWorkspaceItems(
  database: Database,
  deploymentId: number,
  refs: readonly WorkspaceItemRef[],
): Promise<Map<string, LoadedItem>> {
  const folderIds = idsOfType(refs, 'FOLDER');
  const workbookIds = idsOfType(refs, 'WORKBOOK');
  const reportIds = idsOfType(refs, 'REPORT');
  const [folders, workbooks, reports] = await Promise.all([
    folderIds.length === 0
      ? []
      : database
          .select({
            id: contentFoldersTable.id,
            name: contentFoldersTable.name,
            parentId: contentFoldersTable.parentId,
          })
          .from(contentFoldersTable)
          .where(
            and(
              eq(contentFoldersTable.deploymentId, deploymentId),
              inArray(contentFoldersTable.id, folderIds),
            ),
          ),
    workbookIds.length === 0
      ? []
      : database
          .select()
          .from(workbooksTable)
          .where(and(eq(workbooksTable.deploymentId, deploymentId), inArray(workbooksTable.id, workbookIds))),
    reportIds.length === 0
      ? []
      : database
          .select({ report: reportsTable, workbook: workbooksTable })
          .from(reportsTable)
          .leftJoin(workbooksTable, eq(workbooksTable.id, reportsTable.workbookId))
          .where(and(eq(reportsTable.deploymentId, deploymentId), inArray(reportsTable.id, reportIds))),
  ]);
  const loaded = new Map<string, LoadedItem>();
  for (const folder of folders) {
    const ref = { type: 'FOLDER', id: folder.id } as const;
    loaded.set(keyOf(ref), {
      ref,
      access: { type: 'folder', id: folder.id, parentId: folder.parentId },
      name: folder.name,
      folderId: folder.parentId,
    });
  }
  for (const workbook of workbooks) {
    const ref = { type: 'WORKBOOK', id: workbook.id } as const;
    loaded.set(keyOf(ref), {
      ref,
      access: {
        type: 'workbook',
        id: workbook.id,
        folderId: workbook.folderId,
        ownerUserId: workbook.ownerUserId,
        isShared: workbook.isShared,
      },
      name: workbook.name,
      folderId: workbook.folderId,
    });
  }
  for (const { report, workbook } of reports) {
    const ref = { type: 'REPORT', id: report.id } as const;
    loaded.set(keyOf(ref), {
      ref,
      access: {
        type: 'report',
        id: report.id,
        folderId: report.folderId,
        ownerUserId: report.ownerUserId,
        workbook: workbook && {
          id: workbook.id,
          folderId: workbook.folderId,
          ownerUserId: workbook.ownerUserId,
          isShared: workbook.isShared,
        },
      },
      name: report.name,
      folderId: report.folderId,
    });
  }
  return loaded;
}
