import { type AnyColumn, and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { AppError, notFound } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import type { AuthorizationService } from '../identity/authorization.service.js';
import type { Principal } from '../identity/principal.js';
import { ContentStateCache, type ContentVersions } from './content-state-cache.js';
import type { FolderTree } from './folder-tree.js';
import { contentFoldersTable, type PolicyLevel, reportsTable, workbooksTable } from './workspace.tables.js';

/** Rights on one content item, ordered: each level includes the ones before it. */
export const contentLevels = { none: 0, view: 1, edit: 2, manage: 3 } as const;
export type ContentLevel = (typeof contentLevels)[keyof typeof contentLevels];
export type ContentLevelName = keyof typeof contentLevels;

/** What the access check needs to know of a folder, workbook or report. */
export type ContentItem =
  | { type: 'folder'; id: number; parentId: number | null }
  | { type: 'workbook'; id: number; folderId: number | null; ownerUserId: number; isShared: boolean }
  | {
      type: 'report';
      id: number;
      folderId: number | null;
      ownerUserId: number;
      /** The workbook the report belongs to, when it belongs to one: its rights flow to the report. */
      workbook: WorkbookAccess | null;
    }
  | {
      /** A dashboard (the dashboards module's): its workbook's rights flow to it, its own grants add to them. */
      type: 'dashboard';
      id: number;
      workbook: WorkbookAccess;
    };

/** What rights read of a workbook that another item belongs to. */
export interface WorkbookAccess {
  id: number;
  folderId: number | null;
  ownerUserId: number;
  isShared: boolean;
}

/** Columns of a `dashboards` table for `ContentScope.dashboardVisibility` (the dashboards module passes them). */
export interface DashboardColumns {
  id: SQL | AnyColumn;
  workbookId: SQL | AnyColumn;
  status: SQL | AnyColumn;
}

/** The deployment content belongs to, as the deployments module returns it once access is checked. */
export interface ContentDeployment {
  id: number;
  accountId: number;
}

export interface ContentAccessDependencies {
  loadDeployment(principal: Principal, deploymentId: number): Promise<ContentDeployment>;
  /** The ids of the groups the user belongs to (resource policies grant to groups too). */
  groupIdsOf(accountId: number, userId: number): Promise<readonly number[]>;
}

const levelOfPolicy: Record<PolicyLevel, ContentLevel> = { view: 1, edit: 2, manage: 3 };

/**
 * The caller's rights on the content of one deployment, read once per request: the level their role
 * gives (`ContentRead` view, `ContentEdit` edit, `ContentManage` manage) raised by the resource policies
 * granted to them or their groups on an item or on any folder above it, and by owning it. A workbook that
 * is not shared (and its reports) is hidden from the role's level below manage: only its owner, content
 * managers and policy holders see it.
 */
export class ContentScope {
  constructor(
    readonly principal: Principal,
    readonly deployment: ContentDeployment,
    readonly tree: FolderTree,
    /** The level of the caller's role alone. */
    readonly roleLevel: ContentLevel,
    private readonly grants: {
      folder: ReadonlyMap<number, ContentLevel>;
      workbook: ReadonlyMap<number, ContentLevel>;
      report: ReadonlyMap<number, ContentLevel>;
      dashboard: ReadonlyMap<number, ContentLevel>;
    },
  ) {}

  /** The highest level granted on a folder or any folder above it. */
  private folderGrant(folderId: number | null): ContentLevel {
    let level: ContentLevel = 0;
    for (const entry of this.tree.pathTo(folderId)) {
      level = Math.max(level, this.grants.folder.get(entry.id) ?? 0) as ContentLevel;
    }
    return level;
  }

  private workbookLevel(workbook: WorkbookAccess): ContentLevel {
    if (workbook.ownerUserId === this.principal.userId) return 3;
    const fromRole = workbook.isShared || this.roleLevel === 3 ? this.roleLevel : 0;
    return Math.max(
      fromRole,
      this.grants.workbook.get(workbook.id) ?? 0,
      this.folderGrant(workbook.folderId),
    ) as ContentLevel;
  }

  levelOf(item: ContentItem): ContentLevel {
    switch (item.type) {
      case 'folder':
        return Math.max(this.roleLevel, this.folderGrant(item.id)) as ContentLevel;
      case 'workbook':
        return this.workbookLevel(item);
      case 'report': {
        if (item.ownerUserId === this.principal.userId) return 3;
        const fromWorkbook = item.workbook ? this.workbookLevel(item.workbook) : this.roleLevel;
        return Math.max(
          fromWorkbook,
          this.grants.report.get(item.id) ?? 0,
          this.folderGrant(item.folderId),
        ) as ContentLevel;
      }
      case 'dashboard':
        return Math.max(
          this.workbookLevel(item.workbook),
          this.grants.dashboard.get(item.id) ?? 0,
        ) as ContentLevel;
    }
  }

  /**
   * Throws unless the caller holds `level` on the item: an item they cannot even see is a 404 (its
   * existence does not leak), one they see but may not change is a 403.
   */
  require(item: ContentItem, level: ContentLevelName): void {
    const held = this.levelOf(item);
    const label = `${item.type} ${item.id}`;
    if (held < contentLevels.view) throw notFound(label);
    if (held < contentLevels[level]) {
      throw new AppError('FORBIDDEN', `you need ${level} rights on ${label}; you have ${levelNameOf(held)}`);
    }
  }

  /** Whether a new item may be placed in a folder (null: the root): edit rights there. */
  requireEditIn(folderId: number | null): void {
    if (folderId === null) {
      if (this.roleLevel < contentLevels.edit) {
        throw new AppError('FORBIDDEN', 'you need edit rights on the workspace root (ContentEdit)');
      }
      return;
    }
    if (!this.tree.has(folderId)) throw notFound(`folder ${folderId}`);
    this.require(
      { type: 'folder', id: folderId, parentId: this.tree.get(folderId)?.parentId ?? null },
      'edit',
    );
  }

  /** Folders granted to the caller (at `minimum` or above) and everything under them. */
  private grantedFolderIds(minimum: ContentLevel = 1): number[] {
    const ids = new Set<number>();
    for (const [folderId, level] of this.grants.folder) {
      if (level < minimum) continue;
      for (const id of this.tree.subtreeOf(folderId)) ids.add(id);
    }
    return [...ids];
  }

  /** A condition on `content_folders` keeping the folders the caller may see. */
  folderVisibility(): SQL {
    if (this.roleLevel >= contentLevels.view) return sql`true`;
    const ids = this.grantedFolderIds();
    return ids.length === 0 ? sql`false` : inArray(contentFoldersTable.id, ids);
  }

  /**
   * A condition on the workbook columns of `table` (a `workbooks` alias) keeping those on which the caller
   * holds `minimum` (default view).
   */
  private workbookCondition(
    columns: {
      id: SQL | typeof workbooksTable.id;
      folderId: SQL | typeof workbooksTable.folderId;
      ownerUserId: SQL | typeof workbooksTable.ownerUserId;
      isShared: SQL | typeof workbooksTable.isShared;
    },
    minimum: ContentLevel = 1,
  ): SQL {
    if (this.roleLevel === contentLevels.manage) return sql`true`;
    const conditions: SQL[] = [sql`${columns.ownerUserId} = ${this.principal.userId}`];
    if (this.roleLevel >= minimum) conditions.push(sql`${columns.isShared}`);
    const workbookIds = idsAtLeast(this.grants.workbook, minimum);
    if (workbookIds.length > 0) conditions.push(sql`${columns.id} in ${workbookIds}`);
    const folderIds = this.grantedFolderIds(minimum);
    if (folderIds.length > 0) conditions.push(sql`${columns.folderId} in ${folderIds}`);
    return or(...conditions) as SQL;
  }

  /**
   * A condition on the columns of a `dashboards` table keeping the dashboards the caller may see: a
   * published one with view on it, any other (archived) with edit on it, where the level on a dashboard
   * is its workbook's raised by the dashboard's own grants. The dashboards module's list uses it, so
   * that its page is one query; the workbooks it reads stay this module's.
   */
  dashboardVisibility(columns: DashboardColumns): SQL {
    if (this.roleLevel === contentLevels.manage) return sql`true`;
    const heldAtLeast = (minimum: ContentLevel): SQL => {
      const workbook = this.workbookCondition(
        {
          id: sql`w.id`,
          folderId: sql`w.folder_id`,
          ownerUserId: sql`w.owner_user_id`,
          isShared: sql`w.is_shared`,
        },
        minimum,
      );
      const conditions = [
        sql`exists (select 1 from workbooks w where w.id = ${columns.workbookId} and ${workbook})`,
      ];
      const dashboardIds = idsAtLeast(this.grants.dashboard, minimum);
      if (dashboardIds.length > 0) conditions.push(sql`${columns.id} in ${dashboardIds}`);
      return or(...conditions) as SQL;
    };
    return or(
      and(sql`${columns.status} = 'published'`, heldAtLeast(contentLevels.view)),
      heldAtLeast(contentLevels.edit),
    ) as SQL;
  }

  /** A condition on `workbooks` keeping the workbooks the caller may see. */
  workbookVisibility(): SQL {
    return this.workbookCondition(workbooksTable);
  }

  /** A condition on `reports` keeping the reports the caller may see. */
  reportVisibility(): SQL {
    if (this.roleLevel === contentLevels.manage) return sql`true`;
    const conditions: SQL[] = [eq(reportsTable.ownerUserId, this.principal.userId)];
    const reportIds = [...this.grants.report.keys()];
    if (reportIds.length > 0) conditions.push(inArray(reportsTable.id, reportIds));
    const folderIds = this.grantedFolderIds();
    if (folderIds.length > 0) conditions.push(inArray(reportsTable.folderId, folderIds));
    const visibleWorkbook = this.workbookCondition({
      id: sql`w.id`,
      folderId: sql`w.folder_id`,
      ownerUserId: sql`w.owner_user_id`,
      isShared: sql`w.is_shared`,
    });
    conditions.push(
      sql`exists (select 1 from workbooks w where w.id = ${reportsTable.workbookId} and ${visibleWorkbook})`,
    );
    if (this.roleLevel >= contentLevels.view) conditions.push(sql`${reportsTable.workbookId} is null`);
    return and(or(...conditions)) as SQL;
  }
}

function idsAtLeast(grants: ReadonlyMap<number, ContentLevel>, minimum: ContentLevel): number[] {
  return [...grants].filter(([, level]) => level >= minimum).map(([id]) => id);
}

function levelNameOf(level: ContentLevel): ContentLevelName {
  return (
    (Object.keys(contentLevels) as ContentLevelName[]).find((name) => contentLevels[name] === level) ?? 'none'
  );
}

/** Builds a caller's `ContentScope` for a deployment: the deployment check, the folder tree, the grants. */
export class ContentAccessService {
  /** Folder trees and resource policies in memory, read again when they changed. */
  private readonly states: ContentStateCache;

  constructor(
    database: Database,
    private readonly authorization: AuthorizationService,
    private readonly dependencies: ContentAccessDependencies,
  ) {
    this.states = new ContentStateCache(database);
  }

  /**
   * `versions`: the deployment's content versions when the caller's own query read them already
   * (`contentVersionColumns`), so that the scope costs no query when the caches are current.
   */
  async scopeOf(
    principal: Principal,
    deploymentId: number,
    versions?: ContentVersions,
  ): Promise<ContentScope> {
    // Checked first (usually from memory), so that nothing of a deployment the caller may not reach is
    // read. The groups usually come from memory too; the tree and the grants cost one query.
    const deployment = await this.dependencies.loadDeployment(principal, deploymentId);
    const [groupIds, state] = await Promise.all([
      this.dependencies.groupIdsOf(principal.accountId, principal.userId),
      this.states.stateOf(deployment.id, versions),
    ]);
    const grants = {
      folder: new Map<number, ContentLevel>(),
      workbook: new Map<number, ContentLevel>(),
      report: new Map<number, ContentLevel>(),
      dashboard: new Map<number, ContentLevel>(),
    };
    for (const grant of state.grants.grantsOf(principal.userId, groupIds)) {
      const map = grants[grant.itemType];
      const level = levelOfPolicy[grant.action];
      map.set(grant.itemId, Math.max(map.get(grant.itemId) ?? 0, level) as ContentLevel);
    }
    const roleLevel: ContentLevel = this.authorization.can(principal, 'ContentManage')
      ? 3
      : this.authorization.can(principal, 'ContentEdit')
        ? 2
        : this.authorization.can(principal, 'ContentRead')
          ? 1
          : 0;
    return new ContentScope(principal, deployment, state.tree, roleLevel, grants);
  }
}
