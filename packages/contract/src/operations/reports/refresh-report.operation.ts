import { ReportIdParams } from '../../schemas/content.schema.js';
import { Report } from '../../schemas/report.schema.js';
import { defineOperation } from '../operation.js';

export const refreshReport = defineOperation({
  operationId: 'refreshReport',
  method: 'PUT',
  path: '/api/v1/deployments/{deploymentId}/reports/{reportId}/refresh',
  tag: 'Reports',
  summary: "Check a report's query against the deployment's current model",
  description:
    "No body. Compiles the report's `jsonQuery` or `sqlQuery` against the model the deployment serves now, without running it: 200 with the report when it still compiles, 400 naming the member the model no longer has. Read access is enough; nothing is changed.",
  action: 'ContentRead',
  params: ReportIdParams,
  response: Report,
  errors: ['NOT_FOUND'],
});
