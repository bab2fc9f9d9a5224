import { EmbedAccess, WorkbookEmbedAccessParams } from '../../schemas/embed.schema.js';
import { defineOperation } from '../operation.js';

export const getWorkbookEmbedAccess = defineOperation({
  operationId: 'getWorkbookEmbedAccess',
  method: 'GET',
  path: '/api/v1/deployments/{deploymentId}/workbooks/{workbookId}/embed-access',
  tag: 'Embed',
  summary: "Who among embed users may open a workbook's dashboard",
  description:
    'The rules for every embed user, for tenants and for tenant groups, and whether the dashboard allows embedding (false while the workbook has none).',
  action: 'EmbedManage',
  params: WorkbookEmbedAccessParams,
  response: EmbedAccess,
  errors: ['NOT_FOUND', 'FORBIDDEN'],
});
