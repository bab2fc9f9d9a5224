import type * as contract from '@platform/contract';
import { and, asc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type * as z from 'zod';
import { notFound } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import { isUniqueViolation } from '../../platform/database/unique-violation.js';
import { pageOf, pageWindowOf } from '../../platform/paging/cursor.js';
import type { Principal } from '../identity/principal.js';
import type { ContentAccessService, ContentScope } from './content-access.service.js';
import type { ContentOwners } from './content-owners.js';
import { canonicalJson } from './report-changes.js';
import {
  assertMetaSize,
  isForeignKeyViolation,
  slugTaken,
  workbookItemOf,
  workbookOf,
  workbooksOf,
} from './workbook-views.js';
import { type WorkbookRow, workbooksTable } from './workspace.tables.js';

type ListWorkbooksQuery = z.output<typeof contract.ListWorkbooksQuery>;
type CreateWorkbookInput = z.output<typeof contract.CreateWorkbookInput>;
type UpdateWorkbookInput = z.output<typeof contract.UpdateWorkbookInput>;
type WorkbookDashboardInput = z.output<typeof contract.WorkbookDashboardInput>;

export const defaultWorkbookName = 'Untitled workbook';

/** Workbooks of a deployment: every call reads the caller's `ContentScope` and checks the item's rights. */
export class WorkbooksService {
  constructor(
    private readonly database: Database,
    private readonly access: ContentAccessService,
    private readonly owners: ContentOwners,
  ) {}

  async list(principal: Principal, deploymentId: number, query: ListWorkbooksQuery) {
    const scope = await this.access.scopeOf(principal, deploymentId);
    const { size, afterId, offset } = pageWindowOf(query);
    const conditions: SQL[] = [
      eq(workbooksTable.deploymentId, scope.deployment.id),
      scope.workbookVisibility(),
    ];
    // No folderId lists the whole deployment: the hosted CLI's `workbooks list` shows each row's folderId.
    if (query.folderId === 0) conditions.push(isNull(workbooksTable.folderId));
    else if (query.folderId !== undefined) {
      requireVisibleFolder(scope, query.folderId);
      conditions.push(eq(workbooksTable.folderId, query.folderId));
    }
    if (afterId !== null) conditions.push(gt(workbooksTable.id, afterId));
    const rows = await this.database
      .select()
      .from(workbooksTable)
      .where(and(...conditions))
      .orderBy(asc(workbooksTable.id))
      .offset(offset)
      .limit(size + 1);
    const page = pageOf(rows, size);
    return { items: await workbooksOf(scope, this.owners, page.rows), pageInfo: page.pageInfo };
  }

  async get(principal: Principal, deploymentId: number, workbookId: number) {
    const scope = await this.access.scopeOf(principal, deploymentId);
    const row = await this.find(scope, workbookId);
    scope.require(workbookItemOf(row), 'view');
    return workbookOf(scope, this.owners, row);
  }

  async create(principal: Principal, deploymentId: number, input: CreateWorkbookInput = {}) {
    const scope = await this.access.scopeOf(principal, deploymentId);
    const folderId = input.folderId ?? null;
    scope.requireEditIn(folderId);
    const meta = input.meta ?? {};
    assertMetaSize(meta);
    const row = await this.writing(input.slug ?? null, folderId, async () => {
      const [inserted] = await this.database
        .insert(workbooksTable)
        .values({
          accountId: scope.deployment.accountId,
          deploymentId: scope.deployment.id,
          folderId,
          name: input.name ?? defaultWorkbookName,
          slug: input.slug ?? null,
          ownerUserId: principal.userId,
          meta,
          isShared: input.isShared ?? true,
        })
        .returning();
      return inserted as WorkbookRow;
    });
    return workbookOf(scope, this.owners, row);
  }

  async update(principal: Principal, deploymentId: number, workbookId: number, input: UpdateWorkbookInput) {
    const scope = await this.access.scopeOf(principal, deploymentId);
    const existing = await this.find(scope, workbookId);
    const changes = workbookChanges(scope, existing, input);
    if (input.meta !== undefined) {
      assertMetaSize(input.meta);
      changes.meta = input.meta;
    }
    // Sending what the workbook holds writes nothing, so `updatedAt` stays (content pushed twice).
    if (!hasChanges(existing, changes)) return workbookOf(scope, this.owners, existing);
    const slug = input.slug === undefined ? existing.slug : input.slug;
    const row = await this.writing(slug, changes.folderId ?? null, async () => {
      const [updated] = await this.database
        .update(workbooksTable)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(workbooksTable.id, existing.id))
        .returning();
      if (!updated) throw notFound(`workbook ${workbookId}`);
      return updated;
    });
    return workbookOf(scope, this.owners, row);
  }

  async delete(principal: Principal, deploymentId: number, workbookId: number): Promise<{ success: true }> {
    const scope = await this.access.scopeOf(principal, deploymentId);
    const existing = await this.find(scope, workbookId);
    scope.require(workbookItemOf(existing), 'manage');
    // Its reports (and their placements and policies) and its own policies go by the foreign keys' cascade.
    await this.database.delete(workbooksTable).where(eq(workbooksTable.id, existing.id));
    return { success: true };
  }

  /**
   * Saves the dashboard draft into `meta.dashboardDraft`. The operation's handler is the dashboards
   * module's, which adds the published config to the answer (the published dashboard is its table).
   */
  async saveDashboardDraft(
    principal: Principal,
    deploymentId: number,
    workbookId: number,
    input: WorkbookDashboardInput,
  ): Promise<{ dashboardDraft: Record<string, unknown> | null }> {
    const scope = await this.access.scopeOf(principal, deploymentId);
    const existing = await this.find(scope, workbookId);
    scope.require(workbookItemOf(existing), 'edit');
    if (input.dashboardDraft !== null)
      assertMetaSize({ ...existing.meta, dashboardDraft: input.dashboardDraft });
    // One statement sets the key, so a concurrent change of another meta key is not lost.
    const meta =
      input.dashboardDraft === null
        ? sql`${workbooksTable.meta} - 'dashboardDraft'`
        : sql`jsonb_set(${workbooksTable.meta}, '{dashboardDraft}', ${JSON.stringify(input.dashboardDraft)}::jsonb)`;
    const [updated] = await this.database
      .update(workbooksTable)
      .set({ meta, updatedAt: new Date() })
      .where(eq(workbooksTable.id, existing.id))
      .returning();
    if (!updated) throw notFound(`workbook ${workbookId}`);
    return { dashboardDraft: draftOf(updated) };
  }

  /** The workbook of the scope's deployment with this id, before any rights check. */
  async find(scope: ContentScope, workbookId: number): Promise<WorkbookRow> {
    const [row] = await this.database
      .select()
      .from(workbooksTable)
      .where(and(eq(workbooksTable.id, workbookId), eq(workbooksTable.deploymentId, scope.deployment.id)));
    if (!row) throw notFound(`workbook ${workbookId}`);
    return row;
  }

  /** A write that may meet a taken slug (409) or a folder deleted since the scope was read (404). */
  private async writing(
    slug: string | null,
    folderId: number | null,
    write: () => Promise<WorkbookRow>,
  ): Promise<WorkbookRow> {
    try {
      return await write();
    } catch (error) {
      if (slug !== null && isUniqueViolation(error)) throw slugTaken(slug);
      if (isForeignKeyViolation(error)) throw notFound(`folder ${folderId}`);
      throw error;
    }
  }
}

/** Throws unless the folder exists in the scope's deployment and the caller sees it. */
export function requireVisibleFolder(scope: ContentScope, folderId: number): void {
  const folder = scope.tree.get(folderId);
  if (!folder) throw notFound(`folder ${folderId}`);
  scope.require({ type: 'folder', id: folderId, parentId: folder.parentId }, 'view');
}

/**
 * The columns an update changes, with the rights each change needs: edit on the workbook, edit in a new
 * folder, manage to change who may see it.
 */
export function workbookChanges(
  scope: ContentScope,
  existing: WorkbookRow,
  input: { name?: string; slug?: string | null; folderId?: number | null; isShared?: boolean },
): Partial<Pick<WorkbookRow, 'name' | 'slug' | 'folderId' | 'isShared' | 'meta'>> {
  const item = workbookItemOf(existing);
  scope.require(item, 'edit');
  const changes: Partial<Pick<WorkbookRow, 'name' | 'slug' | 'folderId' | 'isShared' | 'meta'>> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.slug !== undefined) changes.slug = input.slug;
  if (input.folderId !== undefined && input.folderId !== existing.folderId) {
    scope.requireEditIn(input.folderId);
    changes.folderId = input.folderId;
  }
  if (input.isShared !== undefined && input.isShared !== existing.isShared) {
    scope.require(item, 'manage');
    changes.isShared = input.isShared;
  }
  return changes;
}

/** Whether applying `changes` would change the row (meta compared as JSON, key order ignored). */
export function hasChanges(existing: WorkbookRow, changes: Partial<WorkbookRow>): boolean {
  return Object.entries(changes).some(
    ([key, value]) => canonicalJson(value) !== canonicalJson(existing[key as keyof WorkbookRow]),
  );
}

function draftOf(row: WorkbookRow): Record<string, unknown> | null {
  const draft = row.meta.dashboardDraft;
  return typeof draft === 'object' && draft !== null && !Array.isArray(draft)
    ? (draft as Record<string, unknown>)
    : null;
}
