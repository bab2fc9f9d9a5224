import { WorkbookIdParams } from '../../schemas/content.schema.js';
import { Workbook } from '../../schemas/workbook.schema.js';
import { defineOperation } from '../operation.js';

export const getWorkbook = defineOperation({
  operationId: 'getWorkbook',
  method: 'GET',
  path: '/api/v1/deployments/{deploymentId}/workbooks/{workbookId}',
  tag: 'Workbooks',
  summary: 'One workbook',
  action: 'ContentRead',
  params: WorkbookIdParams,
  response: Workbook,
  errors: ['NOT_FOUND', 'FORBIDDEN'],
});
