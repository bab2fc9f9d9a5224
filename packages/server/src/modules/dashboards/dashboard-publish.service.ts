import type { Dashboard, PublishDashboardInput } from '@platform/contract';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import type { Principal } from '../identity/principal.js';
import type { DashboardSourcesService, SnapshotSource } from '../workspace/dashboard-sources.service.js';
import { newPublicId } from '../workspace/public-id.js';
import { checksumOf, publishedConfigOf, reportIdsOf } from './dashboard-config.js';
import { dashboardOf } from './dashboard-views.js';
import {
  type DashboardReportSnapshotRow,
  dashboardReportSnapshotsTable,
  dashboardsTable,
  dashboardVersionsTable,
} from './dashboards.tables.js';

/**
 * `POST .../workbooks/{workbookId}/publish`: the workbook's one dashboard gets a new version whose
 * config and report snapshots are frozen. The dashboard row is created or locked by one upsert, so
 * concurrent publishes of a workbook number their versions one after the other.
 */
export class DashboardPublishService {
  constructor(
    private readonly database: Database,
    private readonly sources: DashboardSourcesService,
  ) {}

  async publish(
    principal: Principal,
    deploymentId: number,
    workbookId: number,
    input: PublishDashboardInput = {},
  ): Promise<Dashboard> {
    if (input.workbookId !== undefined && input.workbookId !== workbookId) {
      throw new AppError(
        'BAD_REQUEST',
        `workbookId ${input.workbookId} in the body differs from workbook ${workbookId} of the path`,
      );
    }
    const scope = await this.sources.scopeOf(principal, deploymentId);
    const workbook = await this.sources.workbook(scope, workbookId, 'edit');
    const config = publishedConfigOf(input.config, workbook.row.meta.dashboardDraft);
    const reportIds = reportIdsOf(config);
    const { found, missing } = await this.sources.reportsToFreeze(scope, reportIds);
    if (missing.length > 0) {
      throw new AppError(
        'BAD_REQUEST',
        `the widgets name reports that do not exist in deployment ${deploymentId} or that you cannot see: ${missing.join(', ')}`,
      );
    }
    const checksum = checksumOf(config);
    const title = input.title ?? config.title ?? null;
    const description = input.description ?? config.description ?? null;
    return this.database.transaction(async (transaction) => {
      // Creates the dashboard, or locks the existing one until the version is written.
      const [dashboard] = await transaction
        .insert(dashboardsTable)
        .values({
          accountId: scope.deployment.accountId,
          deploymentId: scope.deployment.id,
          workbookId,
          publicId: newPublicId(),
          createdByUserId: principal.userId,
          title: title ?? workbook.row.name,
          description,
        })
        .onConflictDoUpdate({ target: dashboardsTable.workbookId, set: { updatedAt: sql`now()` } })
        .returning();
      if (!dashboard) throw new Error('the dashboard upsert returned no row');
      if (
        input.dashboardId !== undefined &&
        input.dashboardId !== null &&
        input.dashboardId !== dashboard.id
      ) {
        throw new AppError(
          'BAD_REQUEST',
          dashboard.latestVersionNumber === 0
            ? `workbook ${workbookId} has no dashboard ${input.dashboardId} yet: leave dashboardId out to publish its first version`
            : `dashboardId ${input.dashboardId} is not the dashboard of workbook ${workbookId} (${dashboard.id})`,
        );
      }
      const versionNumber = dashboard.latestVersionNumber + 1;
      const [version] = await transaction
        .insert(dashboardVersionsTable)
        .values({
          dashboardId: dashboard.id,
          versionNumber,
          config,
          checksum,
          title: title ?? dashboard.title,
          description: description ?? dashboard.description,
          createdByUserId: principal.userId,
        })
        .returning();
      if (!version) throw new Error('the version insert returned no row');
      const snapshots: DashboardReportSnapshotRow[] =
        found.length === 0
          ? []
          : await transaction
              .insert(dashboardReportSnapshotsTable)
              .values(found.map((source) => snapshotValues(version.id, source, workbookId)))
              .returning();
      const [updated] = await transaction
        .update(dashboardsTable)
        .set({
          status: 'published',
          latestVersionNumber: versionNumber,
          ...(input.title !== undefined || config.title ? { title: title ?? dashboard.title } : {}),
          ...(input.description !== undefined || config.description ? { description } : {}),
          ...(input.allowEmbed !== undefined && input.allowEmbed !== null
            ? { allowEmbed: input.allowEmbed }
            : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(dashboardsTable.id, dashboard.id))
        .returning();
      if (!updated) throw new Error('the dashboard update returned no row');
      const order = new Map(reportIds.map((id, index) => [id, index]));
      snapshots.sort((left, right) => (order.get(left.reportId) ?? 0) - (order.get(right.reportId) ?? 0));
      return dashboardOf(updated, version, snapshots, { isSharedWorkbook: workbook.row.isShared });
    });
  }
}

function snapshotValues(versionId: number, source: SnapshotSource, workbookId: number) {
  const { row } = source;
  return {
    versionId,
    reportId: row.id,
    reportVersionNumber: row.versionNumber,
    isSourceReport: source.workbookId === workbookId,
    name: row.name,
    title: row.title,
    description: row.description,
    kind: row.kind,
    jsonQuery: row.jsonQuery,
    sqlQuery: row.sqlQuery,
    spec: row.spec,
    meta: row.meta,
    preferences: row.preferences,
    periodComparisons: row.periodComparisons,
    fillMissingRows: row.fillMissingRows,
  };
}
