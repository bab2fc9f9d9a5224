import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { DashboardsListResponse, ListDashboardsQuery } from '../../schemas/dashboard.schema.js';
import { defineOperation } from '../operation.js';

export const listDashboards = defineOperation({
  operationId: 'listDashboards',
  method: 'GET',
  path: '/api/v1/deployments/{deploymentId}/dashboards',
  tag: 'Dashboards',
  summary: 'The dashboards of a deployment the caller may see',
  description:
    'Each at its latest version. Archived dashboards are listed only to callers with edit rights on them. Ordered by id.',
  action: 'ContentRead',
  params: DeploymentIdParams,
  query: ListDashboardsQuery,
  response: DashboardsListResponse,
  errors: ['NOT_FOUND', 'FORBIDDEN'],
});
