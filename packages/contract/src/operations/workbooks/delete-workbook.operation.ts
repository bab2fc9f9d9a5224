import { SuccessResponse } from '../../schemas/common.schema.js';
import { WorkbookIdParams } from '../../schemas/content.schema.js';
import { defineOperation } from '../operation.js';

export const deleteWorkbook = defineOperation({
  operationId: 'deleteWorkbook',
  method: 'DELETE',
  path: '/api/v1/deployments/{deploymentId}/workbooks/{workbookId}',
  tag: 'Workbooks',
  summary: 'Delete a workbook and its reports',
  description:
    'Needs manage rights on the workbook. Its reports, their placements and its resource policies go with it.',
  action: 'ContentRead',
  params: WorkbookIdParams,
  response: SuccessResponse,
  errors: ['NOT_FOUND', 'FORBIDDEN'],
});
