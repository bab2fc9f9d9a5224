import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { CreateReportInput, Report } from '../../schemas/report.schema.js';
import { defineOperation } from '../operation.js';

export const createReport = defineOperation({
  operationId: 'createReport',
  method: 'POST',
  path: '/api/v1/deployments/{deploymentId}/reports',
  tag: 'Reports',
  summary: 'Create a report',
  description:
    "Needs edit rights where it goes (its folder, or the root; a workbook's rights when it belongs to one). At most one of `jsonQuery` and `sqlQuery`; the query must compile against the model the deployment serves (400 naming an unknown member); `spec` must be a valid Vega-Lite document without inline data. The caller owns the report; `versionNumber` starts at 1.",
  action: 'ContentRead',
  params: DeploymentIdParams,
  body: CreateReportInput,
  successStatus: 201,
  response: Report,
  errors: ['NOT_FOUND', 'FORBIDDEN', 'CONFLICT'],
});
