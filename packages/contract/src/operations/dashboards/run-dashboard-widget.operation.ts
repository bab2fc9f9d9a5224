import {
  DashboardWidgetParams,
  RunDashboardWidgetInput,
  RunDashboardWidgetQuery,
} from '../../schemas/dashboard.schema.js';
import { ReportRunResult } from '../../schemas/report-run.schema.js';
import { defineOperation } from '../operation.js';

export const runDashboardWidget = defineOperation({
  operationId: 'runDashboardWidget',
  method: 'POST',
  path: '/api/v1/deployments/{deploymentId}/dashboards/{dashboardId}/widgets/{widgetId}/run',
  tag: 'Dashboards',
  summary: "Run one widget's frozen report",
  description:
    "Runs the ReportSnapshot the widget names, from the dashboard's latest published version, under the caller's access policies, with the `filters` and `timeGrain` of the dashboard's FILTER and TIME_GRAIN widgets (what the page sends), then the snapshot's fill-missing-rows and period comparisons. Same result as a report run. `?format=csv`: the rows as a CSV file (`text/csv`, an attachment named after the widget); on a dashboard with `restrictDataDownload`, only for callers with `DownloadData` (else 403). A filter on a member no FILTER widget of the dashboard applies to this widget, or a time grain no TIME_GRAIN widget applies to it, is a 400. An embed token (`Authorization: Bearer <token>`) runs the widgets of a dashboard it may open (getEmbedDashboard) as its user: the session's security context, groups and user attributes, on its branch; never as CSV where `restrictDataDownload` is set.",
  action: 'ContentRead',
  authScheme: 'embed',
  params: DashboardWidgetParams,
  query: RunDashboardWidgetQuery,
  body: RunDashboardWidgetInput,
  isBodyRequired: false,
  response: ReportRunResult,
  // `?format=csv` answers the rows as a CSV file.
  fileContentTypes: ['text/csv'],
  errors: ['NOT_FOUND', 'FORBIDDEN', 'BAD_GATEWAY', 'SERVICE_UNAVAILABLE', 'GATEWAY_TIMEOUT'],
});
