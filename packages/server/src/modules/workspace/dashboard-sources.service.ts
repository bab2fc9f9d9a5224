import { type AnyColumn, and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { notFound } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import type { Principal } from '../identity/principal.js';
import type {
  ContentAccessService,
  ContentItem,
  ContentLevelName,
  ContentScope,
  WorkbookAccess,
} from './content-access.service.js';
import { type ContentVersions, contentVersionColumns } from './content-state-cache.js';
import { contentItemOf, selectReportRecords } from './report-records.js';
import { workbookItemOf } from './workbook-views.js';
import { type ReportRow, reportsTable, type WorkbookRow, workbooksTable } from './workspace.tables.js';

/** A workbook as the dashboards module needs it: its row, the caller's scope and its access item. */
export interface DashboardWorkbook {
  scope: ContentScope;
  row: WorkbookRow;
  item: ContentItem;
}

/** A report frozen into a dashboard version: its stored fields and whether it belongs to the workbook. */
export interface SnapshotSource {
  row: ReportRow;
  workbookId: number | null;
}

/**
 * What the dashboards module reads of workspace content (it never reads these tables itself): the
 * workbook a dashboard is published from, with the caller's rights on it, and the reports its widgets
 * name, each checked for view rights.
 */
export class DashboardSourcesService {
  constructor(
    private readonly database: Database,
    private readonly access: Pick<ContentAccessService, 'scopeOf'>,
  ) {}

  /** The caller's scope in a deployment (the deployment check included). */
  scopeOf(principal: Principal, deploymentId: number, versions?: ContentVersions): Promise<ContentScope> {
    return this.access.scopeOf(principal, deploymentId, versions);
  }

  /**
   * Columns that read the deployment's content versions within the caller's own query, for `scopeOf`
   * (a hot read such as a widget run then costs no query for the scope when the caches are current).
   */
  contentVersionColumns(deploymentId: number) {
    return contentVersionColumns(this.database, deploymentId);
  }

  /** The workbook, once the caller is shown to hold `level` on it (404 unseen, 403 too low). */
  async workbook(
    scope: ContentScope,
    workbookId: number,
    level: ContentLevelName,
  ): Promise<DashboardWorkbook> {
    const [row] = await this.database
      .select()
      .from(workbooksTable)
      .where(and(eq(workbooksTable.id, workbookId), eq(workbooksTable.deploymentId, scope.deployment.id)));
    if (!row) throw notFound(`workbook ${workbookId}`);
    const item = workbookItemOf(row);
    scope.require(item, level);
    return { scope, row, item };
  }

  /**
   * The workbook a dashboard belongs to, before any rights check (null when it is not in the scope's
   * deployment): the dashboard's rights are computed from it and the dashboard's own grants.
   */
  async workbookOf(
    scope: ContentScope,
    workbookId: number,
  ): Promise<{ row: WorkbookRow; access: WorkbookAccess } | null> {
    const [row] = await this.database
      .select()
      .from(workbooksTable)
      .where(and(eq(workbooksTable.id, workbookId), eq(workbooksTable.deploymentId, scope.deployment.id)));
    if (!row) return null;
    const { id, folderId, ownerUserId, isShared } = row;
    return { row, access: { id, folderId, ownerUserId, isShared } };
  }

  /**
   * A column expression: the access fields of the workbook `workbookId` names, as JSON text (null when
   * there is none), read within the caller's own query and parsed by `workbookAccessOf`.
   */
  workbookAccessColumn(workbookId: SQL | AnyColumn): SQL<string | null> {
    return sql<string | null>`(select json_build_object('id', w.id, 'folderId', w.folder_id, 'ownerUserId',
      w.owner_user_id, 'isShared', w.is_shared)::text from workbooks w where w.id = ${workbookId})`;
  }

  workbookAccessOf(text: string | null | undefined): WorkbookAccess | null {
    return text ? (JSON.parse(text) as WorkbookAccess) : null;
  }

  /** A column expression: whether the workbook `workbookId` names is shared (a dashboard's `fromSharedWorkspace`). */
  isSharedWorkbook(workbookId: SQL | AnyColumn): SQL<boolean> {
    return sql<boolean>`coalesce((select w.is_shared from workbooks w where w.id = ${workbookId}), false)`;
  }

  /** Workbooks by id (those of the deployment; missing ones are left out), for listing dashboards. */
  async workbooks(scope: ContentScope, workbookIds: readonly number[]): Promise<Map<number, ContentItem>> {
    if (workbookIds.length === 0) return new Map();
    const rows = await this.database
      .select()
      .from(workbooksTable)
      .where(
        and(
          eq(workbooksTable.deploymentId, scope.deployment.id),
          inArray(workbooksTable.id, [...workbookIds]),
        ),
      );
    return new Map(rows.map((row) => [row.id, workbookItemOf(row)]));
  }

  /**
   * The reports to freeze, each viewable by the caller: an id the caller cannot see, or that is not in
   * the deployment, is reported as missing (the caller learns nothing more of it).
   */
  async reportsToFreeze(
    scope: ContentScope,
    reportIds: readonly number[],
  ): Promise<{ found: SnapshotSource[]; missing: number[] }> {
    if (reportIds.length === 0) return { found: [], missing: [] };
    const records = await selectReportRecords(
      this.database,
      and(
        eq(reportsTable.deploymentId, scope.deployment.id),
        inArray(reportsTable.id, [...reportIds]),
      ) as SQL,
    );
    const byId = new Map(records.map((record) => [record.row.id, record]));
    const found: SnapshotSource[] = [];
    const missing: number[] = [];
    for (const reportId of reportIds) {
      const record = byId.get(reportId);
      const level = record ? scope.levelOf(contentItemOf(record)) : 0;
      if (!record || level < 1) missing.push(reportId);
      else found.push({ row: record.row, workbookId: record.row.workbookId });
    }
    return { found, missing };
  }
}
