import { maximumFolderDepth } from '@platform/contract';
import { and, eq, sql } from 'drizzle-orm';
import { AppError, notFound } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import { type FolderNode, FolderTree } from './folder-tree.js';
import { contentFoldersTable } from './workspace.tables.js';

// The first key of the two-key advisory lock that serialises changes to one deployment's folder tree.
const folderTreeLockClass = 318_665_901;

/**
 * Holds the deployment's folder-tree lock until the transaction ends, without reading the tree: enough
 * for writes that only need their target folder to stay (moving workbooks and reports into it).
 */
export async function lockFolderTree(transaction: Database, deploymentId: number): Promise<void> {
  await transaction.execute(sql`SELECT pg_advisory_xact_lock(${folderTreeLockClass}, ${deploymentId})`);
}

/** Whether a folder of the deployment exists (null, the root, always does). */
export async function folderExists(
  database: Database,
  deploymentId: number,
  folderId: number | null,
): Promise<boolean> {
  if (folderId === null) return true;
  const [row] = await database
    .select({ id: contentFoldersTable.id })
    .from(contentFoldersTable)
    .where(and(eq(contentFoldersTable.id, folderId), eq(contentFoldersTable.deploymentId, deploymentId)));
  return row !== undefined;
}

/**
 * The folders of one deployment as they are while the caller's transaction holds the tree's lock:
 * creating, renaming, moving and deleting folders all take it, so the depth, cycle and sibling-name
 * checks made on this snapshot still hold when the write lands (two moves cannot make a cycle between
 * them). Changes made here keep the snapshot current for the next item of a bulk request.
 */
export class LockedFolderTree {
  private nodes: Map<number, FolderNode>;
  private cached: FolderTree | null = null;

  private constructor(nodes: readonly FolderNode[]) {
    this.nodes = new Map(nodes.map((node) => [node.id, { ...node }]));
  }

  static async lock(transaction: Database, deploymentId: number): Promise<LockedFolderTree> {
    await lockFolderTree(transaction, deploymentId);
    const nodes = await transaction
      .select({
        id: contentFoldersTable.id,
        name: contentFoldersTable.name,
        parentId: contentFoldersTable.parentId,
      })
      .from(contentFoldersTable)
      .where(eq(contentFoldersTable.deploymentId, deploymentId));
    return new LockedFolderTree(nodes);
  }

  get tree(): FolderTree {
    this.cached ??= new FolderTree([...this.nodes.values()]);
    return this.cached;
  }

  has(folderId: number): boolean {
    return this.nodes.has(folderId);
  }

  /** The ids of the folders directly in `parentId` (null: the root). */
  childrenOf(parentId: number | null): number[] {
    return [...this.nodes.values()].filter((node) => node.parentId === parentId).map((node) => node.id);
  }

  /** Throws a 404 unless the folder exists (null, the root, always does). */
  requireFolder(folderId: number | null): void {
    if (folderId !== null && !this.nodes.has(folderId)) throw notFound(`folder ${folderId}`);
  }

  /** Throws `name_taken` when another folder in `parentId` is called `name` (`exceptId` is the folder itself). */
  requireNameFree(parentId: number | null, name: string, exceptId: number | null = null): void {
    for (const node of this.nodes.values()) {
      if (node.parentId === parentId && node.name === name && node.id !== exceptId) {
        const place = parentId === null ? 'the root' : `folder ${parentId}`;
        throw new AppError('name_taken', `a folder named "${name}" already exists in ${place}`, {
          folderId: node.id,
        });
      }
    }
  }

  /** Throws a 400 unless a subtree `height` levels tall fits under `parentId` within the depth limit. */
  requireFits(parentId: number | null, height: number): void {
    const depth = (parentId === null ? 0 : this.tree.depthOf(parentId)) + height;
    if (depth > maximumFolderDepth) {
      throw new AppError(
        'BAD_REQUEST',
        `folder too deep: folders nest at most ${maximumFolderDepth} levels, and this would make ${depth}`,
      );
    }
  }

  /** Checks a folder may move into `parentId`: not under itself, within the depth limit, its name free. */
  requireMovable(folderId: number, parentId: number | null): void {
    const node = this.nodes.get(folderId);
    if (!node) throw notFound(`folder ${folderId}`);
    this.requireFolder(parentId);
    if (parentId !== null && this.tree.subtreeOf(folderId).has(parentId)) {
      throw new AppError(
        'BAD_REQUEST',
        `folder ${folderId} cannot move into ${parentId === folderId ? 'itself' : `its own subfolder ${parentId}`}`,
      );
    }
    this.requireFits(parentId, this.tree.heightOf(folderId));
    this.requireNameFree(parentId, node.name, folderId);
  }

  added(node: FolderNode): void {
    this.nodes.set(node.id, { ...node });
    this.cached = null;
  }

  changed(folderId: number, change: Partial<Omit<FolderNode, 'id'>>): void {
    const node = this.nodes.get(folderId);
    if (!node) return;
    this.nodes.set(folderId, { ...node, ...change });
    this.cached = null;
  }

  /** Forgets a deleted folder and everything under it (the store's cascade removed them). */
  removed(folderId: number): void {
    for (const id of this.tree.subtreeOf(folderId)) this.nodes.delete(id);
    this.cached = null;
  }
}
