import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/database/database.js';
import { FolderTree } from './folder-tree.js';
import { folderTreeVersionsTable } from './folder-tree.tables.js';

/**
 * Each deployment's `FolderTree`, kept in memory and read again only when the tree's version row moved:
 * a request costs one primary-key read instead of every folder. The version is read before the tree, so
 * a tree stored under a version is never older than that version (a change landing between the two
 * reads only costs one more read next time). At most `capacity` deployments are kept, least recently
 * used first out.
 */
export class FolderTreeCache {
  private readonly trees = new Map<number, { version: number; tree: FolderTree }>();

  constructor(
    private readonly database: Database,
    private readonly capacity = 500,
  ) {}

  async treeOf(deploymentId: number): Promise<FolderTree> {
    const [row] = await this.database
      .select({ version: folderTreeVersionsTable.version })
      .from(folderTreeVersionsTable)
      .where(eq(folderTreeVersionsTable.deploymentId, deploymentId));
    const version = row?.version ?? 0;
    const cached = this.trees.get(deploymentId);
    this.trees.delete(deploymentId);
    if (cached && cached.version === version) {
      this.trees.set(deploymentId, cached);
      return cached.tree;
    }
    const tree = await FolderTree.load(this.database, deploymentId);
    this.trees.set(deploymentId, { version, tree });
    if (this.trees.size > this.capacity) {
      const oldest = this.trees.keys().next().value;
      if (oldest !== undefined) this.trees.delete(oldest);
    }
    return tree;
  }
}
