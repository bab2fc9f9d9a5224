import { UpsertWorkbookInput, Workbook, WorkbookSlugParams } from '../../schemas/workbook.schema.js';
import { defineOperation } from '../operation.js';

export const upsertWorkbookBySlug = defineOperation({
  operationId: 'upsertWorkbookBySlug',
  method: 'PUT',
  path: '/api/v1/deployments/{deploymentId}/workbooks/by-slug/{slug}',
  tag: 'Workbooks',
  summary: 'Create or update the workbook with this slug',
  description:
    'The slug is trimmed and lowercased. Creates the workbook (owned by the caller; edit rights in the folder) when none has the slug, else updates it (edit rights; `meta` merged key by key into the stored one). 200 with the workbook either way. Concurrent upserts of one slug end with one workbook.',
  action: 'ContentRead',
  params: WorkbookSlugParams,
  body: UpsertWorkbookInput,
  isBodyRequired: false,
  response: Workbook,
  errors: ['NOT_FOUND', 'FORBIDDEN', 'CONFLICT'],
});
