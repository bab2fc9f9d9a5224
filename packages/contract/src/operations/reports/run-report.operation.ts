import { ReportIdParams } from '../../schemas/content.schema.js';
import { ReportRunResult, RunReportInput } from '../../schemas/report-run.schema.js';
import { defineOperation } from '../operation.js';

export const runReport = defineOperation({
  operationId: 'runReport',
  method: 'POST',
  path: '/api/v1/deployments/{deploymentId}/reports/{reportId}/run',
  tag: 'Reports',
  summary: "Run a report's query",
  description:
    "Runs the report's `jsonQuery` or `sqlQuery` through the data API under the caller's access policies (as `load` with the same API key), with the dashboard `filters` and `timeGrain` given, then its `fillMissingRows` and `periodComparisons`. Needs view rights on the report; sets its `lastViewedAt`. A query naming a member the model no longer has is a 400 naming it.",
  action: 'ContentRead',
  params: ReportIdParams,
  body: RunReportInput,
  isBodyRequired: false,
  response: ReportRunResult,
  errors: ['NOT_FOUND', 'FORBIDDEN', 'BAD_GATEWAY', 'SERVICE_UNAVAILABLE', 'GATEWAY_TIMEOUT'],
});
