import {
  EmbedAccess,
  UpdateEmbedAccessInput,
  WorkbookEmbedAccessParams,
} from '../../schemas/embed.schema.js';
import { defineOperation } from '../operation.js';

export const updateWorkbookEmbedAccess = defineOperation({
  operationId: 'updateWorkbookEmbedAccess',
  method: 'PUT',
  path: '/api/v1/deployments/{deploymentId}/workbooks/{workbookId}/embed-access',
  tag: 'Embed',
  summary: "Set one embed access rule of a workbook's dashboard",
  description:
    "Sets the rule (`read` or `none`) for every embed user (`allEmbedUsers: true`), one tenant (`embedTenantName`) or one of its groups (`embedTenantName` and `groupId`), replacing that target's rule. `allowEmbed`, when sent, also switches the workbook's dashboard (404 while it has none). An unknown tenant or group is a 404 naming it; a group of another tenant is a 400.",
  action: 'EmbedManage',
  params: WorkbookEmbedAccessParams,
  body: UpdateEmbedAccessInput,
  response: EmbedAccess,
  errors: ['NOT_FOUND', 'FORBIDDEN'],
});
