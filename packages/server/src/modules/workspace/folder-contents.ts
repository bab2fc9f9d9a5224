import type { Folder } from '@platform/contract';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { notFound } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import type { ContentItem, ContentLevelName, ContentScope } from './content-access.service.js';
import type { FolderTree } from './folder-tree.js';
import { type FolderRow, reportsTable, workbooksTable } from './workspace.tables.js';

export function toFolder(row: FolderRow, tree: FolderTree): Folder {
  return {
    id: row.id,
    name: row.name,
    parentId: row.parentId,
    position: row.position,
    folderPath: tree.pathTo(row.parentId),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A folder of the scope's deployment as the access check sees it; a 404 when there is none. */
export function folderItemOf(scope: ContentScope, folderId: number): ContentItem {
  const node = scope.tree.get(folderId);
  if (!node) throw notFound(`folder ${folderId}`);
  return { type: 'folder', id: folderId, parentId: node.parentId };
}

/** Throws unless the folder exists and the caller holds `level` on it (404 when they cannot see it). */
export function requireFolder(scope: ContentScope, folderId: number, level: ContentLevelName): void {
  scope.require(folderItemOf(scope, folderId), level);
}

/** Which of these folders directly hold a workbook or a report (subfolders are in the folder tree). */
export async function foldersHoldingContent(
  database: Database,
  deploymentId: number,
  folderIds: readonly number[],
): Promise<Set<number>> {
  if (folderIds.length === 0) return new Set();
  const ids = [...folderIds];
  const [workbooks, reports] = await Promise.all([
    database
      .selectDistinct({ folderId: workbooksTable.folderId })
      .from(workbooksTable)
      .where(
        and(
          eq(workbooksTable.deploymentId, deploymentId),
          isNotNull(workbooksTable.folderId),
          inArray(workbooksTable.folderId, ids),
        ),
      ),
    database
      .selectDistinct({ folderId: reportsTable.folderId })
      .from(reportsTable)
      .where(
        and(
          eq(reportsTable.deploymentId, deploymentId),
          isNotNull(reportsTable.folderId),
          inArray(reportsTable.folderId, ids),
        ),
      ),
  ]);
  return new Set([...workbooks, ...reports].map((row) => row.folderId as number));
}

/** `lower(name)` in byte order: the same on every engine and collation, so cursors compare as the list sorts. */
export function sortableName(column: unknown) {
  return sql<string>`lower(${column}) collate "C"`;
}
