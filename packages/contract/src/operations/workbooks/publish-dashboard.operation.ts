import { WorkbookIdParams } from '../../schemas/content.schema.js';
import { Dashboard, PublishDashboardInput } from '../../schemas/dashboard.schema.js';
import { defineOperation } from '../operation.js';

export const publishDashboard = defineOperation({
  operationId: 'publishDashboard',
  method: 'POST',
  path: '/api/v1/deployments/{deploymentId}/workbooks/{workbookId}/publish',
  tag: 'Workbooks',
  summary: "Publish the workbook's dashboard",
  description:
    "One dashboard per workbook: the first publish creates it (version 1), each later one adds a version and makes it `published` again. Without `config` the workbook's saved draft is published (neither: 400). Every report a widget names (`config.reportId`) is frozen into a ReportSnapshot. The body is optional; a body `workbookId` other than the path's, or a `dashboardId` other than the workbook's dashboard, is a 400. Needs edit rights on the workbook.",
  action: 'ContentRead',
  params: WorkbookIdParams,
  body: PublishDashboardInput,
  isBodyRequired: false,
  response: Dashboard,
  errors: ['NOT_FOUND', 'FORBIDDEN', 'CONFLICT'],
});
