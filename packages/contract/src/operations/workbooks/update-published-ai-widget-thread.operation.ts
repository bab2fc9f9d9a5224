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
    "Stores the thread the `AI` widget `widgetId` of the latest published version shows (merged into the widget's `config.threadId` when the dashboard is read) and returns the Dashboard; no version is created and the checksum stays. A widget that is not in that version or not of type `AI` is a 400; no dashboard, a 404; a `checksum` other than the latest version's is a 409 (someone published meanwhile). Needs edit rights on the dashboard (the workbook's, or a grant on the dashboard).",
  action: 'ContentRead',
  params: WorkbookIdParams,
  body: UpdatePublishedAiWidgetThreadInput,
  response: Dashboard,
  errors: ['NOT_FOUND', 'FORBIDDEN', 'CONFLICT'],
});
