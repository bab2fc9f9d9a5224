import type { Dashboard, ReportRunResult, ReportSnapshot, RunReportInput } from '@platform/contract';
import { AppError, notFound } from '../../errors/app-error.js';
import type { PythonSandbox } from '../../platform/python/python-sandbox.js';
import { contentLevels } from '../workspace/content-access.service.js';
import { reportIdOf } from './dashboard-config.js';
import type { DashboardViewer } from './dashboard-viewer.js';
import type { DashboardWidgetRunsService } from './dashboard-widget-runs.service.js';
import type { DashboardsService } from './dashboards.service.js';

/** What `python-run` takes: the report (default the dashboard's only html report), other code, filters. */
export interface DashboardPythonRequest {
  reportId?: number;
  code?: string | null;
  filters?: RunReportInput['filters'];
}

/**
 * `POST /api/v1/embed/dashboard/{publicId}/python-run`: the Python of an `html` report of a published
 * dashboard (its snapshot's `meta.pythonCode`) run in the sandbox with the dashboard's filters as input.
 * Viewers (and embed users) run the published code; running other code needs edit rights on the dashboard.
 */
export class DashboardPythonService {
  constructor(
    private readonly dashboards: Pick<DashboardsService, 'openByPublicId' | 'atVersion'>,
    private readonly python: PythonSandbox,
    private readonly widgetRuns: Pick<DashboardWidgetRunsService, 'run'>,
  ) {}

  async run(viewer: DashboardViewer, publicId: string, request: DashboardPythonRequest) {
    const visible = await this.dashboards.openByPublicId(viewer, publicId);
    const dashboard = await this.dashboards.atVersion(visible);
    const snapshot = htmlSnapshotOf(dashboard.reportSnapshots, request.reportId, publicId);
    const publishedCode = pythonCodeOf(snapshot);
    const code = request.code ?? publishedCode;
    if (code === null) {
      throw new AppError(
        'BAD_REQUEST',
        `report ${snapshot.reportId} has no Python (meta.pythonCode) in the published dashboard; send code`,
      );
    }
    if (code !== publishedCode && visible.level < contentLevels.edit) {
      throw new AppError(
        'FORBIDDEN',
        'running code other than the published report needs edit rights on the dashboard',
      );
    }
    const availability = await this.python.availability();
    if (!availability.available) throw new AppError('NOT_IMPLEMENTED', availability.reason);
    const rows = await this.rowsOf(viewer, dashboard, snapshot, request.filters);
    const result = await this.python.run({
      code,
      input: {
        filters: request.filters ?? [],
        data: rows?.data ?? null,
        schema: rows?.schema ?? null,
        report: { id: snapshot.reportId, name: snapshot.name ?? null, title: snapshot.title ?? null },
        dashboard: { id: dashboard.id, publicId: dashboard.publicId, versionNumber: dashboard.versionNumber },
      },
    });
    if (result.timedOut) {
      throw new AppError(
        'GATEWAY_TIMEOUT',
        "the report's Python ran past its time limit (30 s) and was stopped",
      );
    }
    return {
      stdout: result.stdout,
      stderr: result.stderr,
      html: result.html,
      ...(result.data === null || result.data === undefined ? {} : { data: result.data }),
    };
  }

  /**
   * The report's rows for the script, when its snapshot has a query: the run of the widget that shows it,
   * as the caller, with the filters (checked against the dashboard's FILTER widgets as every run is).
   */
  private async rowsOf(
    viewer: DashboardViewer,
    dashboard: Dashboard,
    snapshot: ReportSnapshot,
    filters: DashboardPythonRequest['filters'],
  ): Promise<ReportRunResult | null> {
    if (!snapshot.sqlQuery && !snapshot.jsonQuery) return null;
    const widget = (dashboard.config.widgets as Array<Record<string, unknown>>).find(
      (candidate) => reportIdOf(candidate) === snapshot.reportId,
    );
    if (!widget) return null;
    return this.widgetRuns.run(
      viewer,
      { deploymentId: dashboard.deploymentId, dashboardId: dashboard.id, widgetId: String(widget.id) },
      filters === undefined ? undefined : { filters },
    );
  }
}

function htmlSnapshotOf(
  snapshots: readonly ReportSnapshot[],
  reportId: number | undefined,
  publicId: string,
): ReportSnapshot {
  const html = snapshots.filter((snapshot) => snapshot.kind === 'html');
  if (reportId !== undefined) {
    const named = html.find((snapshot) => snapshot.reportId === reportId);
    if (!named) throw notFound(`html report ${reportId} of dashboard ${publicId}`);
    return named;
  }
  const [only, ...others] = html;
  if (!only) throw new AppError('BAD_REQUEST', `dashboard ${publicId} has no html report`);
  if (others.length > 0) {
    throw new AppError(
      'BAD_REQUEST',
      `dashboard ${publicId} has ${html.length} html reports: name one with reportId (${html.map((snapshot) => snapshot.reportId).join(', ')})`,
    );
  }
  return only;
}

function pythonCodeOf(snapshot: ReportSnapshot): string | null {
  const code = snapshot.meta?.pythonCode;
  return typeof code === 'string' && code.trim() !== '' ? code : null;
}
