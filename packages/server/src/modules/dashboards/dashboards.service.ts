import type { Dashboard } from '@platform/contract';
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { notFound } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import type { Principal } from '../identity/principal.js';
import type { ContentItem, ContentScope } from '../workspace/content-access.service.js';
import type { DashboardSourcesService } from '../workspace/dashboard-sources.service.js';
import { dashboardOf } from './dashboard-views.js';
import {
  type DashboardReportSnapshotRow,
  type DashboardRow,
  dashboardReportSnapshotsTable,
  dashboardsTable,
  dashboardVersionsTable,
} from './dashboards.tables.js';

/** A dashboard the caller may see, with what later checks need. */
export interface VisibleDashboard {
  scope: ContentScope;
  row: DashboardRow;
  /** The workbook's access item: a dashboard's rights are its workbook's. */
  workbookItem: ContentItem;
  isSharedWorkbook: boolean;
}

/**
 * Reading dashboards. A dashboard's rights are its workbook's; a dashboard that was never published, or
 * that is archived, is a 404 to callers below edit rights (viewers and embed users are not served it).
 */
export class DashboardsService {
  constructor(
    private readonly database: Database,
    private readonly sources: DashboardSourcesService,
  ) {}

  async get(
    principal: Principal,
    deploymentId: number,
    dashboardId: number,
    versionNumber?: number,
  ): Promise<Dashboard> {
    const scope = await this.sources.scopeOf(principal, deploymentId);
    const [row] = await this.database
      .select()
      .from(dashboardsTable)
      .where(and(eq(dashboardsTable.id, dashboardId), eq(dashboardsTable.deploymentId, scope.deployment.id)));
    const visible = await this.visible(scope, row, `dashboard ${dashboardId}`);
    return this.atVersion(visible, versionNumber);
  }

  async getByPublicId(principal: Principal, publicId: string): Promise<Dashboard> {
    const [row] = await this.database
      .select()
      .from(dashboardsTable)
      .where(and(eq(dashboardsTable.accountId, principal.accountId), eq(dashboardsTable.publicId, publicId)));
    if (!row) throw notFound(`dashboard ${publicId}`);
    const scope = await this.sources.scopeOf(principal, row.deploymentId);
    const visible = await this.visible(scope, row, `dashboard ${publicId}`);
    return this.atVersion(visible);
  }

  /** The dashboard once the caller is shown to see it (404 otherwise: its existence does not leak). */
  async visible(
    scope: ContentScope,
    row: DashboardRow | undefined,
    label: string,
  ): Promise<VisibleDashboard> {
    if (!row) throw notFound(label);
    const workbook = await this.sources.workbook(scope, row.workbookId, 'view').catch((error: unknown) => {
      if (error instanceof Error && 'code' in error && error.code === 'NOT_FOUND') throw notFound(label);
      throw error;
    });
    if (row.status !== 'published' && scope.levelOf(workbook.item) < 2) throw notFound(label);
    if (row.latestVersionNumber === 0) throw notFound(label);
    return { scope, row, workbookItem: workbook.item, isSharedWorkbook: workbook.row.isShared };
  }

  /** The dashboard at a version (default the latest), with its snapshots. */
  async atVersion(visible: VisibleDashboard, versionNumber?: number): Promise<Dashboard> {
    const number = versionNumber ?? visible.row.latestVersionNumber;
    const [version] = await this.database
      .select()
      .from(dashboardVersionsTable)
      .where(
        and(
          eq(dashboardVersionsTable.dashboardId, visible.row.id),
          eq(dashboardVersionsTable.versionNumber, number),
        ),
      );
    if (!version) throw notFound(`version ${number} of dashboard ${visible.row.id}`);
    const snapshots = await this.snapshotsOf(version.id);
    return dashboardOf(visible.row, version, snapshots, { isSharedWorkbook: visible.isSharedWorkbook });
  }

  async snapshotsOf(versionId: number): Promise<DashboardReportSnapshotRow[]> {
    const rows = await this.database
      .select({
        ...getTableColumns(dashboardReportSnapshotsTable),
        // A spec kept as JSON text is a jsonb string; read as text so no driver parses it into an object.
        specText: sql<
          string | null
        >`case when jsonb_typeof(${dashboardReportSnapshotsTable.spec}) = 'string' then ${dashboardReportSnapshotsTable.spec} #>> '{}' end`,
      })
      .from(dashboardReportSnapshotsTable)
      .where(eq(dashboardReportSnapshotsTable.versionId, versionId))
      .orderBy(asc(dashboardReportSnapshotsTable.id));
    return rows.map(({ specText, ...row }) => (specText === null ? row : { ...row, spec: specText }));
  }
}
