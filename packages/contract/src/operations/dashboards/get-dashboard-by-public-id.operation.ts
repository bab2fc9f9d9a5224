import { Dashboard, DashboardPublicIdParams } from '../../schemas/dashboard.schema.js';
import { defineOperation } from '../operation.js';

export const getDashboardByPublicId = defineOperation({
  operationId: 'getDashboardByPublicId',
  method: 'GET',
  path: '/api/v1/dashboards/by-public-id/{publicId}',
  tag: 'Dashboards',
  summary: 'A dashboard by its public id, at its latest version',
  description: 'What the dashboard page loads. An archived dashboard is a 404 to viewers.',
  action: 'ContentRead',
  params: DashboardPublicIdParams,
  response: Dashboard,
  errors: ['NOT_FOUND', 'FORBIDDEN'],
});
