import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { CreateWorkbookInput, Workbook } from '../../schemas/workbook.schema.js';
import { defineOperation } from '../operation.js';

export const createWorkbook = defineOperation({
  operationId: 'createWorkbook',
  method: 'POST',
  path: '/api/v1/deployments/{deploymentId}/workbooks',
  tag: 'Workbooks',
  summary: 'Create a workbook, owned by the caller',
  description:
    'Needs edit rights in the target folder (at the root: ContentEdit). A slug taken in the deployment → 409.',
  action: 'ContentRead',
  params: DeploymentIdParams,
  body: CreateWorkbookInput,
  isBodyRequired: false,
  successStatus: 201,
  response: Workbook,
  errors: ['NOT_FOUND', 'FORBIDDEN', 'CONFLICT'],
});
