import { Dashboard, DashboardIdParams, GetDashboardQuery } from '../../schemas/dashboard.schema.js';
import { defineOperation } from '../operation.js';

export const getDashboard = defineOperation({
  operationId: 'getDashboard',
  method: 'GET',
  path: '/api/v1/deployments/{deploymentId}/dashboards/{dashboardId}',
  tag: 'Dashboards',
  summary: 'One dashboard, at its latest or an earlier version',
  description: 'An archived dashboard is a 404 to viewers; editors still read it.',
  action: 'ContentRead',
  params: DashboardIdParams,
  query: GetDashboardQuery,
  response: Dashboard,
  errors: ['NOT_FOUND', 'FORBIDDEN'],
});
