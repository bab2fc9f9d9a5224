import { WorkbookIdParams } from '../../schemas/content.schema.js';
import { UpdateWorkbookInput, Workbook } from '../../schemas/workbook.schema.js';
import { defineOperation } from '../operation.js';

export const updateWorkbook = defineOperation({
  operationId: 'updateWorkbook',
  method: 'PUT',
  path: '/api/v1/deployments/{deploymentId}/workbooks/{workbookId}',
  tag: 'Workbooks',
  summary: 'Change, rename or move a workbook',
  description:
    'Fields left out stay. Needs edit rights on the workbook; moving (`folderId`, `0` or `null` for the root) also needs edit rights in the target folder; changing `isShared` needs manage rights. Its reports move with it.',
  action: 'ContentRead',
  params: WorkbookIdParams,
  body: UpdateWorkbookInput,
  response: Workbook,
  errors: ['NOT_FOUND', 'FORBIDDEN', 'CONFLICT'],
});
