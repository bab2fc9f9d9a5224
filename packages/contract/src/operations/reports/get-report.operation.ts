import { ReportIdParams } from '../../schemas/content.schema.js';
import { Report } from '../../schemas/report.schema.js';
import { defineOperation } from '../operation.js';

export const getReport = defineOperation({
  operationId: 'getReport',
  method: 'GET',
  path: '/api/v1/deployments/{deploymentId}/reports/{reportId}',
  tag: 'Reports',
  summary: 'One report',
  action: 'ContentRead',
  params: ReportIdParams,
  response: Report,
  errors: ['NOT_FOUND'],
});
