import type * as contract from '@platform/contract';
import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type * as z from 'zod';
import { AppError, notFound } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import { isUniqueViolation } from '../../platform/database/unique-violation.js';
import type { Principal } from '../identity/principal.js';
import type { ContentAccessService } from './content-access.service.js';
import { foldersHoldingContent, requireFolder, sortableName, toFolder } from './folder-contents.js';
import { LockedFolderTree } from './folder-structure.js';
import { sortKeyPageOf, sortKeyWindowOf } from './sort-key-cursor.js';
import { contentFoldersTable, type FolderRow } from './workspace.tables.js';

type ListFoldersQuery = z.output<typeof contract.ListFoldersQuery>;
type CreateFolderInput = z.output<typeof contract.CreateFolderInput>;
type UpdateFolderInput = z.output<typeof contract.UpdateFolderInput>;

const listOrdering = 'folders';

/** A clash the in-tree check missed (a folder written without the tree's lock) is still a `name_taken`. */
function nameTakenOr(error: unknown, name: string | undefined): unknown {
  return isUniqueViolation(error)
    ? new AppError('name_taken', `a folder named "${name ?? ''}" already exists there`)
    : error;
}

/**
 * The folders of a deployment's workspace. Every write holds the folder tree's lock
 * (`LockedFolderTree`), so sibling names, the depth limit and the absence of cycles are checked on the
 * tree as it is when the write lands. Rights come from the caller's `ContentScope`.
 */
export class FoldersService {
  constructor(
    private readonly database: Database,
    private readonly contentAccess: ContentAccessService,
  ) {}

  async list(principal: Principal, deploymentId: number, query: ListFoldersQuery) {
    const scope = await this.contentAccess.scopeOf(principal, deploymentId);
    const parentId = query.parentId ?? null;
    if (parentId !== null) requireFolder(scope, parentId, 'view');
    const window = sortKeyWindowOf(query, listOrdering, ['number', 'string', 'number']);
    const name = sortableName(contentFoldersTable.name);
    const inPlace = and(
      eq(contentFoldersTable.deploymentId, scope.deployment.id),
      parentId === null ? isNull(contentFoldersTable.parentId) : eq(contentFoldersTable.parentId, parentId),
      scope.folderVisibility(),
    ) as SQL;
    const [position, afterName, afterId] = window.after ?? [];
    const afterCursor =
      window.after === null
        ? sql`true`
        : sql`(${contentFoldersTable.position}, ${name}, ${contentFoldersTable.id}) > (${position}, ${afterName}, ${afterId})`;
    const [rows, [total]] = await Promise.all([
      this.database
        .select({ folder: contentFoldersTable, sortName: name })
        .from(contentFoldersTable)
        .where(and(inPlace, afterCursor))
        .orderBy(asc(contentFoldersTable.position), asc(name), asc(contentFoldersTable.id))
        .offset(window.offset)
        .limit(window.size + 1),
      this.database.select({ count: count() }).from(contentFoldersTable).where(inPlace),
    ]);
    const page = sortKeyPageOf(rows, window.size, listOrdering, (row) => [
      row.folder.position,
      row.sortName,
      row.folder.id,
    ]);
    const items = page.rows.map((row) => toFolder(row.folder, scope.tree));
    return { items, pageInfo: page.pageInfo, data: items, count: total?.count ?? 0 };
  }

  async get(principal: Principal, deploymentId: number, folderId: number) {
    const scope = await this.contentAccess.scopeOf(principal, deploymentId);
    requireFolder(scope, folderId, 'view');
    return toFolder(await this.rowOf(this.database, scope.deployment.id, folderId), scope.tree);
  }

  async create(principal: Principal, deploymentId: number, input: CreateFolderInput) {
    const scope = await this.contentAccess.scopeOf(principal, deploymentId);
    const parentId = input.parentId ?? null;
    scope.requireEditIn(parentId);
    try {
      return await this.database.transaction(async (transaction) => {
        const locked = await LockedFolderTree.lock(transaction, scope.deployment.id);
        locked.requireFolder(parentId);
        locked.requireFits(parentId, 1);
        locked.requireNameFree(parentId, input.name);
        const [row] = await transaction
          .insert(contentFoldersTable)
          .values({
            accountId: scope.deployment.accountId,
            deploymentId: scope.deployment.id,
            parentId,
            name: input.name,
            position: input.position ?? 0,
            createdByUserId: principal.userId,
          })
          .returning();
        const created = row as FolderRow;
        locked.added({ id: created.id, name: created.name, parentId: created.parentId });
        return toFolder(created, locked.tree);
      });
    } catch (error) {
      throw nameTakenOr(error, input.name);
    }
  }

  async update(principal: Principal, deploymentId: number, folderId: number, input: UpdateFolderInput) {
    const scope = await this.contentAccess.scopeOf(principal, deploymentId);
    requireFolder(scope, folderId, 'edit');
    try {
      return await this.database.transaction(async (transaction) => {
        const locked = await LockedFolderTree.lock(transaction, scope.deployment.id);
        const current = await this.rowOf(transaction, scope.deployment.id, folderId);
        if (input.name === undefined && input.position === undefined) return toFolder(current, locked.tree);
        if (input.name !== undefined) locked.requireNameFree(current.parentId, input.name, folderId);
        const [row] = await transaction
          .update(contentFoldersTable)
          .set({ name: input.name, position: input.position, updatedAt: sql`now()` })
          .where(eq(contentFoldersTable.id, folderId))
          .returning();
        const updated = row as FolderRow;
        locked.changed(folderId, { name: updated.name });
        return toFolder(updated, locked.tree);
      });
    } catch (error) {
      throw nameTakenOr(error, input.name);
    }
  }

  /**
   * Manage rights on the folder are enough for a recursive delete: rights only add up going down the
   * tree (a folder's policies apply to what it holds, and nothing lowers them), so whoever manages a
   * folder manages everything in it. The store's cascades remove the contents in the one statement.
   */
  async delete(principal: Principal, deploymentId: number, folderId: number, recursive: boolean) {
    const scope = await this.contentAccess.scopeOf(principal, deploymentId);
    requireFolder(scope, folderId, 'manage');
    await this.database.transaction(async (transaction) => {
      const locked = await LockedFolderTree.lock(transaction, scope.deployment.id);
      locked.requireFolder(folderId);
      if (!recursive) {
        const holdsContent = await foldersHoldingContent(transaction, scope.deployment.id, [folderId]);
        if (locked.childrenOf(folderId).length > 0 || holdsContent.size > 0) {
          throw new AppError(
            'BAD_REQUEST',
            `folder ${folderId} is not empty (it holds folders, workbooks or reports): empty it first, or pass recursive=true to delete it with everything in it`,
          );
        }
      }
      await transaction
        .delete(contentFoldersTable)
        .where(
          and(
            eq(contentFoldersTable.id, folderId),
            eq(contentFoldersTable.deploymentId, scope.deployment.id),
          ),
        );
    });
    return { success: true as const };
  }

  /** The folders above a folder, root first, as full folders (`[]` for a folder at the root). */
  async ancestors(principal: Principal, deploymentId: number, folderId: number) {
    const scope = await this.contentAccess.scopeOf(principal, deploymentId);
    requireFolder(scope, folderId, 'view');
    const path = scope.tree.pathTo(scope.tree.get(folderId)?.parentId ?? null);
    if (path.length === 0) return [];
    const rows = await this.database
      .select()
      .from(contentFoldersTable)
      .where(
        and(
          eq(contentFoldersTable.deploymentId, scope.deployment.id),
          inArray(
            contentFoldersTable.id,
            path.map((entry) => entry.id),
          ),
        ),
      );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return path.flatMap((entry) => {
      const row = byId.get(entry.id);
      return row ? [toFolder(row, scope.tree)] : [];
    });
  }

  private async rowOf(database: Database, deploymentId: number, folderId: number): Promise<FolderRow> {
    const [row] = await database
      .select()
      .from(contentFoldersTable)
      .where(and(eq(contentFoldersTable.id, folderId), eq(contentFoldersTable.deploymentId, deploymentId)));
    if (!row) throw notFound(`folder ${folderId}`);
    return row;
  }
}
