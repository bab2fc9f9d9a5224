import { WorkbookIdParams } from '../../schemas/content.schema.js';
import { Dashboard, UpdatePublishedAiWidgetThreadInput } from '../../schemas/dashboard.schema.js';
import { defineOperation } from '../operation.js';

export const updatePublishedAiWidgetThread = defineOperation({
  operationId: 'updatePublishedAiWidgetThread',
  method: 'POST',
  path: '/api/v1/deployments/{deploymentId}/workbooks/{workbookId}/dashboard/ai-widget-thread',
  tag: 'Workbooks',
  summary: 'Attach a chat thread to an AI widget of the published dashboard',
  description:
    "Stores the thread the `AI` widget `widgetId` of the published dashboard shows and returns the Dashboard. A `checksum` other than the published config's is a 409 (someone published meanwhile). Needs edit rights on the workbook.",
  action: 'ContentRead',
  params: WorkbookIdParams,
  body: UpdatePublishedAiWidgetThreadInput,
  response: Dashboard,
  errors: ['NOT_FOUND', 'FORBIDDEN', 'CONFLICT'],
});
