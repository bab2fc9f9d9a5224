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
    "Runs the ReportSnapshot the widget names, from the dashboard's latest published version, under the caller's access policies, with the `filters` and `timeGrain` of the dashboard's FILTER and TIME_GRAIN widgets (what the page sends), then the snapshot's fill-missing-rows and period comparisons. Same result as a report run.",
  action: 'ContentRead',
  params: DashboardWidgetParams,
  query: RunDashboardWidgetQuery,
  body: RunDashboardWidgetInput,
  isBodyRequired: false,
  response: ReportRunResult,
  errors: ['NOT_FOUND', 'FORBIDDEN', 'BAD_GATEWAY', 'SERVICE_UNAVAILABLE', 'GATEWAY_TIMEOUT'],
});
