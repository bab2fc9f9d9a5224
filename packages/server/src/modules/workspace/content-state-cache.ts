import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/database/database.js';
import { FolderTree } from './folder-tree.js';
import { folderTreeVersionsTable, resourcePolicyVersionsTable } from './folder-tree.tables.js';
import { type PolicyLevel, resourcePoliciesTable } from './workspace.tables.js';

/** One grant as the access check reads it: a level on one folder, workbook, report or dashboard. */
export interface StoredGrant {
  itemType: 'folder' | 'workbook' | 'report' | 'dashboard';
  itemId: number;
  action: PolicyLevel;
}

/** A deployment's resource policies by subject (`user:<id>`, `group:<id>`). */
export class DeploymentGrants {
  constructor(private readonly bySubject: ReadonlyMap<string, readonly StoredGrant[]>) {}

  static async load(database: Database, deploymentId: number): Promise<DeploymentGrants> {
    const rows = await database
      .select({
        folderId: resourcePoliciesTable.folderId,
        workbookId: resourcePoliciesTable.workbookId,
        reportId: resourcePoliciesTable.reportId,
        dashboardId: resourcePoliciesTable.dashboardId,
        subjectType: resourcePoliciesTable.subjectType,
        subjectId: resourcePoliciesTable.subjectId,
        action: resourcePoliciesTable.action,
      })
      .from(resourcePoliciesTable)
      .where(eq(resourcePoliciesTable.deploymentId, deploymentId));
    const bySubject = new Map<string, StoredGrant[]>();
    for (const row of rows) {
      const grant: StoredGrant =
        row.folderId !== null
          ? { itemType: 'folder', itemId: row.folderId, action: row.action }
          : row.workbookId !== null
            ? { itemType: 'workbook', itemId: row.workbookId, action: row.action }
            : row.reportId !== null
              ? { itemType: 'report', itemId: row.reportId, action: row.action }
              : { itemType: 'dashboard', itemId: row.dashboardId as number, action: row.action };
      const key = `${row.subjectType}:${row.subjectId}`;
      const list = bySubject.get(key) ?? [];
      list.push(grant);
      bySubject.set(key, list);
    }
    return new DeploymentGrants(bySubject);
  }

  /** The grants to a user and to the groups they belong to. */
  grantsOf(userId: number, groupIds: readonly number[]): StoredGrant[] {
    const grants = [...(this.bySubject.get(`user:${userId}`) ?? [])];
    for (const groupId of groupIds) grants.push(...(this.bySubject.get(`group:${groupId}`) ?? []));
    return grants;
  }
}

/** The versions of a deployment's folder tree and grants, as text (a bigint), '0' before any change. */
export interface ContentVersions {
  tree: string;
  grants: string;
}

/**
 * Columns reading a deployment's content versions, for a query that reads something else of the
 * deployment anyway (a report run): the scope then costs no query of its own.
 */
export function contentVersionColumns(database: Database, deploymentId: number) {
  return {
    tree: sql<string>`coalesce((${database
      .select({ version: folderTreeVersionsTable.version })
      .from(folderTreeVersionsTable)
      .where(eq(folderTreeVersionsTable.deploymentId, deploymentId))}), 0)::text`,
    grants: sql<string>`coalesce((${database
      .select({ version: resourcePolicyVersionsTable.version })
      .from(resourcePolicyVersionsTable)
      .where(eq(resourcePolicyVersionsTable.deploymentId, deploymentId))}), 0)::text`,
  };
}

interface CachedState {
  treeVersion: string;
  tree: FolderTree;
  grantsVersion: string;
  grants: DeploymentGrants;
}

/**
 * Each deployment's `FolderTree` and resource policies, kept in memory and read again only when their
 * version rows moved (triggers move them on every write, whoever writes: another process, a cascade, a
 * script; migrations 0002 and 0004): a content request costs one query reading both versions instead of
 * every folder and the caller's grants. The versions are read before what they cover, so what is kept
 * under a version is never older than that version (a change landing between the two reads only costs
 * one more read next time). At most `capacity` deployments are kept, least recently used first out.
 */
export class ContentStateCache {
  private readonly states = new Map<number, CachedState>();

  constructor(
    private readonly database: Database,
    private readonly capacity = 500,
  ) {}

  /** `versions`: read by the caller's own query, before anything it goes on to check with the state. */
  async stateOf(
    deploymentId: number,
    versions?: ContentVersions,
  ): Promise<{ tree: FolderTree; grants: DeploymentGrants }> {
    const [read] = versions
      ? [versions]
      : await this.database
          .select(contentVersionColumns(this.database, deploymentId))
          .from(sql`(values (1)) as one`);
    const treeVersion = read?.tree ?? '0';
    const grantsVersion = read?.grants ?? '0';
    const cached = this.states.get(deploymentId);
    this.states.delete(deploymentId);
    const [tree, grants] = await Promise.all([
      cached?.treeVersion === treeVersion ? cached.tree : FolderTree.load(this.database, deploymentId),
      cached?.grantsVersion === grantsVersion
        ? cached.grants
        : DeploymentGrants.load(this.database, deploymentId),
    ]);
    this.states.set(deploymentId, { treeVersion, tree, grantsVersion, grants });
    if (this.states.size > this.capacity) {
      const oldest = this.states.keys().next().value;
      if (oldest !== undefined) this.states.delete(oldest);
    }
    return { tree, grants };
  }
}
