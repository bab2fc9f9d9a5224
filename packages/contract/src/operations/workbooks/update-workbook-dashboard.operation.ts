import { WorkbookIdParams } from '../../schemas/content.schema.js';
import { WorkbookDashboard, WorkbookDashboardInput } from '../../schemas/workbook.schema.js';
import { defineOperation } from '../operation.js';

export const updateWorkbookDashboard = defineOperation({
  operationId: 'updateWorkbookDashboard',
  method: 'PUT',
  path: '/api/v1/deployments/{deploymentId}/workbooks/{workbookId}/dashboard',
  tag: 'Workbooks',
  summary: "Save the workbook's dashboard draft",
  description:
    "Stored in the workbook's `meta.dashboardDraft`; publishing (POST .../publish) makes a dashboard of it. Needs edit rights on the workbook.",
  action: 'ContentRead',
  params: WorkbookIdParams,
  body: WorkbookDashboardInput,
  response: WorkbookDashboard,
  errors: ['NOT_FOUND', 'FORBIDDEN'],
});
