import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/database/database.js';
import { contentFoldersTable } from './workspace.tables.js';

export interface FolderNode {
  id: number;
  name: string;
  parentId: number | null;
}

export interface FolderPathEntry {
  id: number;
  name: string;
}

/**
 * The folders of one deployment, read in one query: paths (`folderPath`), depths, descendants and cycle
 * checks are answered from it without a query per level.
 */
export class FolderTree {
  private readonly byId: ReadonlyMap<number, FolderNode>;

  constructor(nodes: readonly FolderNode[]) {
    this.byId = new Map(nodes.map((node) => [node.id, node]));
  }

  static async load(database: Database, deploymentId: number): Promise<FolderTree> {
    const nodes = await database
      .select({
        id: contentFoldersTable.id,
        name: contentFoldersTable.name,
        parentId: contentFoldersTable.parentId,
      })
      .from(contentFoldersTable)
      .where(eq(contentFoldersTable.deploymentId, deploymentId));
    return new FolderTree(nodes);
  }

  has(folderId: number): boolean {
    return this.byId.has(folderId);
  }

  get(folderId: number): FolderNode | undefined {
    return this.byId.get(folderId);
  }

  /** The chain from the root down to `folderId` itself (root first); `[]` for null (the root). */
  pathTo(folderId: number | null): FolderPathEntry[] {
    const path: FolderPathEntry[] = [];
    let current = folderId === null ? undefined : this.byId.get(folderId);
    // The guard stops at a cycle, which the writes never make but a corrupt row must not hang on.
    while (current && path.length <= this.byId.size) {
      path.push({ id: current.id, name: current.name });
      current = current.parentId === null ? undefined : this.byId.get(current.parentId);
    }
    return path.reverse();
  }

  /** The level of a folder: 1 at the root. */
  depthOf(folderId: number): number {
    return this.pathTo(folderId).length;
  }

  /** `folderId` and every folder under it. */
  subtreeOf(folderId: number): Set<number> {
    const children = new Map<number, number[]>();
    for (const node of this.byId.values()) {
      if (node.parentId === null) continue;
      const siblings = children.get(node.parentId) ?? [];
      siblings.push(node.id);
      children.set(node.parentId, siblings);
    }
    const subtree = new Set<number>();
    const pending = [folderId];
    while (pending.length > 0) {
      const next = pending.pop() as number;
      if (subtree.has(next) || !this.byId.has(next)) continue;
      subtree.add(next);
      pending.push(...(children.get(next) ?? []));
    }
    return subtree;
  }

  /** How many levels a folder's subtree spans: 1 for a folder without subfolders. */
  heightOf(folderId: number): number {
    let height = 0;
    for (const id of this.subtreeOf(folderId)) {
      height = Math.max(height, this.depthOf(id) - this.depthOf(folderId) + 1);
    }
    return height;
  }
}
