import type { ReportRunResult, RunReportInput } from '@platform/contract';
import { and, eq } from 'drizzle-orm';
import { AppError, notFound } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import { reportDefinitionOf } from '../data-api/report-definition.js';
import type { ReportDefinition, ReportQueryService } from '../data-api/report-query.service.js';
import type { AuthorizationService } from '../identity/authorization.service.js';
import type { DashboardSourcesService } from '../workspace/dashboard-sources.service.js';
import { reportIdOf } from './dashboard-config.js';
import { type DashboardViewer, dataApiCallerOf } from './dashboard-viewer.js';
import type { DashboardsService, OpenedDashboard } from './dashboards.service.js';
import {
  type DashboardRow,
  dashboardReportSnapshotsTable,
  dashboardsTable,
  dashboardVersionsTable,
} from './dashboards.tables.js';
import { checkWidgetRunInput } from './widget-run-controls.js';
import { csvOfRun } from './widget-run-csv.js';

/** Which widget of which dashboard runs. */
export interface WidgetReference {
  deploymentId: number;
  dashboardId: number;
  widgetId: string;
}

/** A widget's rows as a CSV file. */
export interface WidgetCsv {
  filename: string;
  content: string;
}

/**
 * Runs one widget of a dashboard's latest published version: the ReportSnapshot it names, frozen at
 * publish, through the data API as the caller (their access policies and row filters), with the filters
 * and time grain of the dashboard's own controls. Editing or deleting the report later changes nothing.
 */
export class DashboardWidgetRunsService {
  constructor(
    private readonly database: Database,
    private readonly dashboards: Pick<DashboardsService, 'visible' | 'openedByEmbed'>,
    private readonly sources: Pick<
      DashboardSourcesService,
      'scopeOf' | 'contentVersionColumns' | 'workbookAccessColumn' | 'workbookAccessOf'
    >,
    private readonly reportQueries: Pick<ReportQueryService, 'run'>,
    private readonly authorization: Pick<AuthorizationService, 'can'>,
  ) {}

  run(
    viewer: DashboardViewer,
    widget: WidgetReference,
    input: RunReportInput | undefined,
  ): Promise<ReportRunResult> {
    return this.execute(viewer, widget, input, { isDownload: false });
  }

  /**
   * The rows as CSV; a dashboard with `restrictDataDownload` gives them only to callers with DownloadData
   * (never to embed users, who hold no rights of the account).
   */
  async runAsCsv(
    viewer: DashboardViewer,
    widget: WidgetReference,
    input: RunReportInput | undefined,
  ): Promise<WidgetCsv> {
    const { filename, content } = await this.runAsCsvWithRows(viewer, widget, input);
    return { filename, content };
  }

  /** The CSV with the run it was written from (a notification both attaches and summarises it). */
  async runAsCsvWithRows(
    viewer: DashboardViewer,
    widget: WidgetReference,
    input: RunReportInput | undefined,
  ): Promise<WidgetCsv & { result: ReportRunResult }> {
    const result = await this.execute(viewer, widget, input, { isDownload: true });
    return { filename: `${widget.widgetId}.csv`, content: csvOfRun(result), result };
  }

  private execute(
    viewer: DashboardViewer,
    widget: WidgetReference,
    input: RunReportInput | undefined,
    options: { isDownload: boolean },
  ): Promise<ReportRunResult> {
    // The data API finds the model and the warehouse while the dashboard is read and checked; it runs
    // nothing before the definition settles (a 404 or 403 comes first).
    const definition = this.definitionOf(viewer, widget, input, options);
    const caller =
      viewer.kind === 'principal'
        ? { kind: 'management' as const, principal: viewer.principal }
        : dataApiCallerOf(viewer.claims);
    return this.reportQueries.run(caller, widget.deploymentId, definition);
  }

  private async definitionOf(
    viewer: DashboardViewer,
    { deploymentId, dashboardId, widgetId }: WidgetReference,
    input: RunReportInput | undefined,
    options: { isDownload: boolean },
  ): Promise<ReportDefinition> {
    const label = `dashboard ${dashboardId}`;
    // The dashboard, its latest version and that version's snapshots in one read (a dashboard names a
    // handful of reports; each round trip costs more than those rows).
    const rows = await this.database
      .select({
        versions: this.sources.contentVersionColumns(deploymentId),
        workbook: this.sources.workbookAccessColumn(dashboardsTable.workbookId),
        dashboard: dashboardsTable,
        version: { id: dashboardVersionsTable.id, config: dashboardVersionsTable.config },
        snapshot: {
          reportId: dashboardReportSnapshotsTable.reportId,
          jsonQuery: dashboardReportSnapshotsTable.jsonQuery,
          sqlQuery: dashboardReportSnapshotsTable.sqlQuery,
          periodComparisons: dashboardReportSnapshotsTable.periodComparisons,
          fillMissingRows: dashboardReportSnapshotsTable.fillMissingRows,
        },
      })
      .from(dashboardsTable)
      .leftJoin(
        dashboardVersionsTable,
        and(
          eq(dashboardVersionsTable.dashboardId, dashboardsTable.id),
          eq(dashboardVersionsTable.versionNumber, dashboardsTable.latestVersionNumber),
        ),
      )
      .leftJoin(
        dashboardReportSnapshotsTable,
        eq(dashboardReportSnapshotsTable.versionId, dashboardVersionsTable.id),
      )
      .where(and(eq(dashboardsTable.id, dashboardId), eq(dashboardsTable.deploymentId, deploymentId)));
    const found = rows[0];
    const visible = await this.opened(viewer, deploymentId, found, label);
    const version = found?.version;
    if (!version) throw notFound(label);
    if (options.isDownload && visible.row.restrictDataDownload && !this.canDownload(viewer)) {
      throw new AppError(
        'FORBIDDEN',
        `${label} restricts data downloads: a CSV of its widgets needs the right DownloadData, which this credential lacks`,
      );
    }
    const widgets = Array.isArray(version.config.widgets)
      ? (version.config.widgets as Array<Record<string, unknown>>)
      : [];
    const target = widgets.find((candidate) => candidate.id === widgetId);
    if (!target) throw notFound(`widget "${widgetId}" of ${label}`);
    const reportId = reportIdOf(target);
    if (reportId === null) {
      throw new AppError(
        'BAD_REQUEST',
        `widget "${widgetId}" of ${label} is a ${String(target.type)} widget that names no report (config.reportId): there is nothing to run`,
      );
    }
    checkWidgetRunInput(widgets, target, input, label);
    const snapshot = rows.find((row) => row.snapshot?.reportId === reportId)?.snapshot;
    // Every report a widget names is frozen at publish; a missing snapshot is a version written otherwise.
    if (!snapshot) throw notFound(`the snapshot of report ${reportId} in ${label}`);
    return {
      ...reportDefinitionOf(snapshot, `the snapshot of report ${reportId} in ${label}`),
      filters: input?.filters,
      timeGrain: input?.timeGrain,
    };
  }

  /** The dashboard once the viewer is shown to open it: the deployment first for an account user. */
  private async opened(
    viewer: DashboardViewer,
    deploymentId: number,
    found:
      | {
          versions: Parameters<DashboardSourcesService['scopeOf']>[2];
          workbook: string | null;
          dashboard: DashboardRow;
        }
      | undefined,
    label: string,
  ): Promise<OpenedDashboard> {
    const workbook = this.sources.workbookAccessOf(found?.workbook);
    if (viewer.kind === 'embed') {
      // Whether a dashboard exists in another deployment is not told to a token of this one.
      if (deploymentId !== viewer.claims.deploymentId) {
        throw new AppError(
          'FORBIDDEN',
          `this embed token is for deployment ${viewer.claims.deploymentId}, not ${deploymentId}`,
        );
      }
      return this.dashboards.openedByEmbed(viewer.claims, found?.dashboard, label, workbook);
    }
    // The deployment is checked before anything read is used (a missing dashboard is a 404 only once it is).
    const scope = await this.sources.scopeOf(viewer.principal, deploymentId, found?.versions);
    return this.dashboards.visible(scope, found?.dashboard, label, 'view', workbook);
  }

  private canDownload(viewer: DashboardViewer): boolean {
    return viewer.kind === 'principal' && this.authorization.can(viewer.principal, 'DownloadData');
  }
}
