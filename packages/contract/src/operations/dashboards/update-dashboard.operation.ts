import { Dashboard, DashboardIdParams, UpdateDashboardInput } from '../../schemas/dashboard.schema.js';
import { defineOperation } from '../operation.js';

export const updateDashboard = defineOperation({
  operationId: 'updateDashboard',
  method: 'PUT',
  path: '/api/v1/deployments/{deploymentId}/dashboards/{dashboardId}',
  tag: 'Dashboards',
  summary: 'Archive or restore a dashboard, or change its settings',
  description:
    '`status` moves `published` ↔ `archived` (`draft` only before the first publish: 400 after). An archived dashboard is not served to viewers or embed users and sends no notifications. Changes no version. Needs edit rights on the dashboard; `allowEmbed` and `restrictDataDownload` need manage rights.',
  action: 'ContentRead',
  params: DashboardIdParams,
  body: UpdateDashboardInput,
  response: Dashboard,
  errors: ['NOT_FOUND', 'FORBIDDEN'],
});
