import type { WorkspaceItemRef, WorkspaceItemType } from '@platform/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { notFound } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import type { ContentScope } from './content-access.service.js';
import { folderExists, LockedFolderTree, lockFolderTree } from './folder-structure.js';
import { reportFollowsWorkbook } from './report-changes.js';
import { contentFoldersTable, reportsTable, workbooksTable } from './workspace.tables.js';
import { type LoadedItem, labelOf, loadWorkspaceItems, toWorkspaceItem } from './workspace-item-loader.js';
import { distinctRefs, type ItemOutcome, ItemOutcomes, refusalOf } from './workspace-item-outcome.js';

const vanished = (ref: WorkspaceItemRef) => notFound(labelOf(ref));

/**
 * Moves folders, workbooks and reports into one folder (null: the root), each item on its own: edit
 * rights on the item and in the target, and for a folder the tree's rules (not under itself, within
 * the depth limit, its name free there). Workbooks and reports move in one statement per type; folders
 * one by one on the locked tree, each seeing the moves before it. Only the folder changes: ids and
 * public ids stay.
 */
export async function moveWorkspaceItems(
  database: Database,
  scope: ContentScope,
  refs: readonly WorkspaceItemRef[],
  targetId: number | null,
): Promise<ItemOutcome[]> {
  const items = distinctRefs(refs);
  const outcomes = new ItemOutcomes(items);
  const targetRefusal = refusalOf(() => scope.requireEditIn(targetId));
  if (targetRefusal) {
    for (const ref of items) outcomes.failed(ref, targetRefusal);
    return outcomes.inOrder(vanished);
  }
  const deploymentId = scope.deployment.id;
  const loaded = await loadWorkspaceItems(database, deploymentId, items);
  const permitted: LoadedItem[] = [];
  for (const ref of items) {
    const item = loaded.get(`${ref.type}:${ref.id}`);
    const refusal = item
      ? refusalOf(() => {
          scope.require(item.access, 'edit');
          requireMovableAlone(item, targetId);
        })
      : vanished(ref);
    if (refusal) outcomes.failed(ref, refusal);
    else if (item) permitted.push(item);
  }
  if (permitted.length === 0) return outcomes.inOrder(vanished);
  const folders = permitted.filter((item) => item.ref.type === 'FOLDER');
  await database.transaction(async (transaction) => {
    // The lock keeps the target from being deleted, or moved under a moving folder, while these land;
    // the tree itself is read only when folders move.
    const locked = folders.length > 0 ? await LockedFolderTree.lock(transaction, deploymentId) : null;
    if (!locked) await lockFolderTree(transaction, deploymentId);
    const targetExists =
      targetId === null ||
      (locked ? locked.has(targetId) : await folderExists(transaction, deploymentId, targetId));
    if (!targetExists) {
      for (const item of permitted) outcomes.failed(item.ref, notFound(`folder ${targetId}`));
      return;
    }
    for (const type of ['WORKBOOK', 'REPORT'] as const) {
      const ids = permitted.filter((item) => item.ref.type === type).map((item) => item.ref.id);
      if (ids.length === 0) continue;
      for (const row of await moveRows(transaction, deploymentId, type, ids, targetId)) {
        outcomes.done({ type, id: row.id }, toWorkspaceItem(type, row));
      }
    }
    for (const item of folders) {
      // Folders only move with the tree read (`locked` is set whenever `folders` is not empty).
      const refusal = refusalOf(() => locked?.requireMovable(item.ref.id, targetId));
      if (refusal) {
        outcomes.failed(item.ref, refusal);
        continue;
      }
      const [row] = await transaction
        .update(contentFoldersTable)
        .set({ parentId: targetId, updatedAt: sql`now()` })
        .where(eq(contentFoldersTable.id, item.ref.id))
        .returning();
      if (!row) continue;
      locked?.changed(row.id, { parentId: targetId });
      outcomes.done(item.ref, toWorkspaceItem('FOLDER', { ...row, folderId: row.parentId }));
    }
  });
  return outcomes.inOrder(vanished);
}

async function moveRows(
  database: Database,
  deploymentId: number,
  type: Exclude<WorkspaceItemType, 'FOLDER'>,
  ids: number[],
  targetId: number | null,
) {
  const table = type === 'WORKBOOK' ? workbooksTable : reportsTable;
  return database
    .update(table)
    .set({ folderId: targetId, updatedAt: sql`now()` })
    .where(and(eq(table.deploymentId, deploymentId), inArray(table.id, ids)))
    .returning({ id: table.id, name: table.name, folderId: table.folderId, updatedAt: table.updatedAt });
}

/** A report of a workbook moves with its workbook, never on its own (its folder is the workbook's). */
function requireMovableAlone(item: LoadedItem, targetId: number | null): void {
  const workbook = item.access.type === 'report' ? item.access.workbook : null;
  if (workbook && workbook.folderId !== targetId) throw reportFollowsWorkbook(labelOf(item.ref), workbook);
}
