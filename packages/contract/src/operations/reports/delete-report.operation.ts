import { ReportIdParams } from '../../schemas/content.schema.js';
import { defineOperation } from '../operation.js';

export const deleteReport = defineOperation({
  operationId: 'deleteReport',
  method: 'DELETE',
  path: '/api/v1/deployments/{deploymentId}/reports/{reportId}',
  tag: 'Reports',
  summary: 'Delete a report, its spreadsheet placements and its resource policies',
  description: 'Needs manage rights on the report (its owner, a content manager, or a manage policy).',
  action: 'ContentRead',
  params: ReportIdParams,
  successStatus: 204,
  errors: ['NOT_FOUND', 'FORBIDDEN'],
});
