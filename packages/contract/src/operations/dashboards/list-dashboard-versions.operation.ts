import { PagingQuery } from '../../schemas/common.schema.js';
import { DashboardIdParams, DashboardVersionsListResponse } from '../../schemas/dashboard.schema.js';
import { defineOperation } from '../operation.js';

export const listDashboardVersions = defineOperation({
  operationId: 'listDashboardVersions',
  method: 'GET',
  path: '/api/v1/deployments/{deploymentId}/dashboards/{dashboardId}/versions',
  tag: 'Dashboards',
  summary: 'The published versions of a dashboard, newest first',
  action: 'ContentRead',
  params: DashboardIdParams,
  query: PagingQuery,
  response: DashboardVersionsListResponse,
  errors: ['NOT_FOUND', 'FORBIDDEN'],
});
