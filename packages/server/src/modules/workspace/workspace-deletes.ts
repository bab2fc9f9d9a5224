import type { WorkspaceItemRef, WorkspaceItemType } from '@platform/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError, notFound } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import type { ContentScope } from './content-access.service.js';
import { foldersHoldingContent } from './folder-contents.js';
import { LockedFolderTree } from './folder-structure.js';
import { contentFoldersTable, reportsTable, workbooksTable } from './workspace.tables.js';
import { type LoadedItem, labelOf, loadWorkspaceItems } from './workspace-item-loader.js';
import { distinctRefs, type ItemOutcome, ItemOutcomes, refusalOf } from './workspace-item-outcome.js';

const vanished = (ref: WorkspaceItemRef) => notFound(labelOf(ref));

/**
 * Deletes folders, workbooks and reports, each on its own with manage rights on it. Reports go first,
 * then workbooks (with their reports, by the store's cascade), then folders deepest first, so that a
 * request naming a folder and what it holds deletes all of it even without `recursive`. A folder that
 * still holds anything fails with a 400 unless `recursive`, which deletes its contents with it.
 */
export async function deleteWorkspaceItems(
  database: Database,
  scope: ContentScope,
  refs: readonly WorkspaceItemRef[],
  recursive: boolean,
): Promise<ItemOutcome[]> {
  const items = distinctRefs(refs);
  const outcomes = new ItemOutcomes(items);
  const deploymentId = scope.deployment.id;
  const loaded = await loadWorkspaceItems(database, deploymentId, items);
  const permitted: LoadedItem[] = [];
  for (const ref of items) {
    const item = loaded.get(`${ref.type}:${ref.id}`);
    const refusal = item ? refusalOf(() => scope.require(item.access, 'manage')) : vanished(ref);
    if (refusal) outcomes.failed(ref, refusal);
    else if (item) permitted.push(item);
  }
  const idsOf = (type: WorkspaceItemType) =>
    permitted.filter((item) => item.ref.type === type).map((item) => item.ref.id);
  for (const type of ['REPORT', 'WORKBOOK'] as const) {
    const ids = idsOf(type);
    if (ids.length === 0) continue;
    for (const id of await deleteRows(database, deploymentId, type, ids)) outcomes.done({ type, id });
  }
  const folderIds = idsOf('FOLDER');
  if (folderIds.length === 0) return outcomes.inOrder(vanished);
  await database.transaction(async (transaction) => {
    const locked = await LockedFolderTree.lock(transaction, deploymentId);
    const holdingContent = recursive
      ? new Set<number>()
      : await foldersHoldingContent(transaction, deploymentId, folderIds);
    const deepestFirst = folderIds
      .filter((id) => locked.has(id))
      .sort((left, right) => locked.tree.depthOf(right) - locked.tree.depthOf(left));
    for (const id of deepestFirst) {
      const ref = { type: 'FOLDER', id } as const;
      if (!locked.has(id)) continue;
      if (!recursive && (locked.childrenOf(id).length > 0 || holdingContent.has(id))) {
        outcomes.failed(
          ref,
          new AppError(
            'BAD_REQUEST',
            `folder ${id} is not empty (it holds folders, workbooks or reports): pass recursive: true to delete it with everything in it`,
          ),
        );
        continue;
      }
      await transaction
        .delete(contentFoldersTable)
        .where(and(eq(contentFoldersTable.id, id), eq(contentFoldersTable.deploymentId, deploymentId)));
      locked.removed(id);
      outcomes.done(ref);
    }
  });
  return outcomes.inOrder(vanished);
}

async function deleteRows(
  database: Database,
  deploymentId: number,
  type: Exclude<WorkspaceItemType, 'FOLDER'>,
  ids: number[],
): Promise<number[]> {
  const table = type === 'WORKBOOK' ? workbooksTable : reportsTable;
  const rows = await database
    .delete(table)
    .where(and(eq(table.deploymentId, deploymentId), inArray(table.id, ids)))
    .returning({ id: table.id });
  return rows.map((row) => row.id);
}
