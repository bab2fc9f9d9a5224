import type * as contract from '@platform/contract';
import { and, asc, desc, eq, gt, lt, type SQL, sql } from 'drizzle-orm';
import type * as z from 'zod';
import type { Database } from '../../platform/database/database.js';
import { pageOf, pageWindowOf } from '../../platform/paging/cursor.js';
import type { Principal } from '../identity/principal.js';
import type { DashboardSourcesService } from '../workspace/dashboard-sources.service.js';
import { dashboardOf } from './dashboard-views.js';
import type { DashboardsService } from './dashboards.service.js';
import { dashboardAiThreadsTable, dashboardsTable, dashboardVersionsTable } from './dashboards.tables.js';

type ListDashboardsQuery = z.output<typeof contract.ListDashboardsQuery>;
type PagingQuery = z.output<typeof contract.PagingQuery>;

/**
 * The dashboards list and a dashboard's versions. A page of dashboards is one query (each at its latest
 * version, the caller's rights as an SQL condition from the workspace's scope, the AI threads aggregated)
 * and one more for the page's report snapshots.
 */
export class DashboardListService {
  constructor(
    private readonly database: Database,
    private readonly sources: DashboardSourcesService,
    private readonly dashboards: DashboardsService,
  ) {}

  async list(
    principal: Principal,
    deploymentId: number,
    query: ListDashboardsQuery,
  ): Promise<contract.OperationResult<contract.Operations['listDashboards']>> {
    const scope = await this.sources.scopeOf(principal, deploymentId);
    const { size, afterId, offset } = pageWindowOf(query);
    const conditions: SQL[] = [
      eq(dashboardsTable.deploymentId, scope.deployment.id),
      gt(dashboardsTable.latestVersionNumber, 0),
      scope.dashboardVisibility(dashboardsTable),
    ];
    if (query.status !== undefined) conditions.push(eq(dashboardsTable.status, query.status));
    if (afterId !== null) conditions.push(gt(dashboardsTable.id, afterId));
    const rows = await this.database
      .select({
        dashboard: dashboardsTable,
        version: dashboardVersionsTable,
        isSharedWorkbook: this.sources.isSharedWorkbook(dashboardsTable.workbookId),
        // Text, so that every driver hands over the same thing to parse.
        threads: sql<string>`(select coalesce(jsonb_object_agg(${dashboardAiThreadsTable.widgetId}, ${dashboardAiThreadsTable.threadId}), '{}'::jsonb)::text from ${dashboardAiThreadsTable} where ${dashboardAiThreadsTable.dashboardId} = ${dashboardsTable.id})`,
      })
      .from(dashboardsTable)
      .innerJoin(
        dashboardVersionsTable,
        and(
          eq(dashboardVersionsTable.dashboardId, dashboardsTable.id),
          eq(dashboardVersionsTable.versionNumber, dashboardsTable.latestVersionNumber),
        ),
      )
      .where(and(...conditions))
      .orderBy(asc(dashboardsTable.id))
      .offset(offset)
      .limit(size + 1);
    const page = pageOf(
      rows.map((row) => ({ id: row.dashboard.id, ...row })),
      size,
    );
    const snapshots = await this.dashboards.snapshotsOf(page.rows.map((row) => row.version.id));
    return {
      items: page.rows.map((row) =>
        dashboardOf(
          row.dashboard,
          row.version,
          snapshots.filter((snapshot) => snapshot.versionId === row.version.id),
          {
            isSharedWorkbook: row.isSharedWorkbook,
            threads: new Map(Object.entries(JSON.parse(row.threads) as Record<string, string>)),
          },
        ),
      ),
      pageInfo: page.pageInfo,
    };
  }

  /** A dashboard's versions, newest first (the cursor is the version's id, which grows with its number). */
  async versions(
    principal: Principal,
    deploymentId: number,
    dashboardId: number,
    query: PagingQuery,
  ): Promise<contract.OperationResult<contract.Operations['listDashboardVersions']>> {
    const visible = await this.dashboards.find(principal, deploymentId, dashboardId);
    const { size, afterId, offset } = pageWindowOf(query);
    const conditions: SQL[] = [eq(dashboardVersionsTable.dashboardId, visible.row.id)];
    if (afterId !== null) conditions.push(lt(dashboardVersionsTable.id, afterId));
    const rows = await this.database
      .select({
        id: dashboardVersionsTable.id,
        versionNumber: dashboardVersionsTable.versionNumber,
        createdBy: dashboardVersionsTable.createdByUserId,
        title: dashboardVersionsTable.title,
        checksum: dashboardVersionsTable.checksum,
        widgetCount: sql<number>`coalesce(jsonb_array_length(${dashboardVersionsTable.config} -> 'widgets'), 0)::int`,
        createdAt: dashboardVersionsTable.createdAt,
      })
      .from(dashboardVersionsTable)
      .where(and(...conditions))
      .orderBy(desc(dashboardVersionsTable.id))
      .offset(offset)
      .limit(size + 1);
    const page = pageOf(rows, size);
    return {
      items: page.rows.map(({ id, createdAt, widgetCount, ...row }) => ({
        versionId: id,
        ...row,
        widgetCount: Number(widgetCount),
        createdAt: createdAt.toISOString(),
      })),
      pageInfo: page.pageInfo,
    };
  }
}
