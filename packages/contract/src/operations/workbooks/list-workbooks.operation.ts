import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { ListWorkbooksQuery, WorkbooksListResponse } from '../../schemas/workbook.schema.js';
import { defineOperation } from '../operation.js';

export const listWorkbooks = defineOperation({
  operationId: 'listWorkbooks',
  method: 'GET',
  path: '/api/v1/deployments/{deploymentId}/workbooks',
  tag: 'Workbooks',
  summary: 'The workbooks of a deployment the caller may see',
  description:
    'Without `folderId`, every workbook of the deployment the caller may see (each row carries its `folderId`); with it, those directly in that folder (`0`: at the root). Ordered by id.',
  action: 'ContentRead',
  params: DeploymentIdParams,
  query: ListWorkbooksQuery,
  response: WorkbooksListResponse,
  errors: ['NOT_FOUND', 'FORBIDDEN'],
});
