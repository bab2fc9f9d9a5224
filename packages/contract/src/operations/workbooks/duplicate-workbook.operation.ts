import { WorkbookIdParams } from '../../schemas/content.schema.js';
import { DuplicateWorkbookInput, Workbook } from '../../schemas/workbook.schema.js';
import { defineOperation } from '../operation.js';

export const duplicateWorkbook = defineOperation({
  operationId: 'duplicateWorkbook',
  method: 'POST',
  path: '/api/v1/deployments/{deploymentId}/workbooks/{workbookId}/duplicate',
  tag: 'Workbooks',
  summary: 'Copy a workbook and its reports',
  description:
    'The copy ("<name> (copy)", no slug, in the same folder) is owned by the caller and shared only with `{shared: true}`; the body is optional. Every report is copied with a new id and publicId at version 1; spreadsheet placements and resource policies are not copied. Needs view rights on the workbook and edit rights in its folder.',
  action: 'ContentRead',
  params: WorkbookIdParams,
  body: DuplicateWorkbookInput,
  isBodyRequired: false,
  successStatus: 201,
  response: Workbook,
  errors: ['NOT_FOUND', 'FORBIDDEN'],
});
