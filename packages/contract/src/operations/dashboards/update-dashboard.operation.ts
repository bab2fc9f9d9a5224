import { Dashboard, DashboardIdParams, UpdateDashboardInput } from '../../schemas/dashboard.schema.js';
import { defineOperation } from '../operation.js';

export const updateDashboard = defineOperation({
  operationId: 'updateDashboard',
  method: 'PUT',
  path: '/api/v1/deployments/{deploymentId}/dashboards/{dashboardId}',
  tag: 'Dashboards',
  summary: 'Archive or restore a dashboard, or change its settings',
  description:
    "`status` moves `published` ↔ `archived` (`draft` only before the first publish: 400 after). An archived dashboard is not served to viewers or embed users and sends no notifications. Changes no version; sending what the dashboard holds writes nothing. Needs edit rights on the dashboard (its workbook's, raised by grants on the dashboard); changing `allowEmbed` or `restrictDataDownload` needs manage rights.",
  action: 'ContentRead',
  params: DashboardIdParams,
  body: UpdateDashboardInput,
  response: Dashboard,
  errors: ['NOT_FOUND', 'FORBIDDEN'],
});
