import type { Dashboard, DashboardConfig, ReportSnapshot } from '@platform/contract';
import type { DashboardReportSnapshotRow, DashboardRow, DashboardVersionRow } from './dashboards.tables.js';

/** A snapshot as responses show it (SPEC.md's ReportSnapshot plus the frozen `jsonQuery`). */
export function snapshotOf(row: DashboardReportSnapshotRow): ReportSnapshot {
  return {
    id: row.id,
    reportId: row.reportId,
    versionNumber: row.reportVersionNumber,
    name: row.name,
    title: row.title,
    description: row.description,
    sqlQuery: row.sqlQuery,
    jsonQuery: row.jsonQuery,
    kind: row.kind as ReportSnapshot['kind'],
    isSourceReport: row.isSourceReport,
    meta: row.meta,
    spec: row.spec,
    fillMissingRows: row.fillMissingRows as ReportSnapshot['fillMissingRows'],
    periodComparisons: row.periodComparisons as ReportSnapshot['periodComparisons'],
    preferences: row.preferences as ReportSnapshot['preferences'],
  };
}

/** A dashboard at one version, as every dashboard operation returns it. */
export function dashboardOf(
  dashboard: DashboardRow,
  version: DashboardVersionRow,
  snapshots: readonly DashboardReportSnapshotRow[],
  context: { isSharedWorkbook: boolean },
): Dashboard {
  return {
    id: dashboard.id,
    publicId: dashboard.publicId,
    deploymentId: dashboard.deploymentId,
    workbookId: dashboard.workbookId,
    status: dashboard.status,
    allowEmbed: dashboard.allowEmbed,
    config: version.config as DashboardConfig,
    versionNumber: version.versionNumber,
    versionId: version.id,
    reportSnapshots: snapshots.map(snapshotOf),
    createdBy: dashboard.createdByUserId,
    description: dashboard.description,
    title: dashboard.title,
    fromSharedWorkspace: context.isSharedWorkbook,
    restrictDataDownload: dashboard.restrictDataDownload,
    // Board dashboards are the hosted product's other editor; this server has one kind of dashboard.
    useBoardDashboards: false,
    checksum: version.checksum,
    publishedAt: version.createdAt.toISOString(),
    updatedAt: dashboard.updatedAt.toISOString(),
  };
}
