import { Dashboard, DashboardPublicIdParams } from '../../schemas/dashboard.schema.js';
import { defineOperation } from '../operation.js';

export const getEmbedDashboard = defineOperation({
  operationId: 'getEmbedDashboard',
  method: 'GET',
  path: '/api/v1/embed/dashboard/{publicId}',
  tag: 'Embed',
  summary: 'A dashboard as the embed page opens it',
  description:
    "The published dashboard (the shape of getDashboardByPublicId). With an embed token (`Authorization: Bearer <token>`): only a dashboard of the token's deployment that allows embedding and whose workbook's embed access says `read` for the user (their tenant group's rule, else their tenant's, else the all-embed-users rule; `none` wins at the same level), else 403. With an API key or the web session: as getDashboardByPublicId.",
  action: 'ContentRead',
  authScheme: 'embed',
  params: DashboardPublicIdParams,
  response: Dashboard,
  errors: ['NOT_FOUND', 'FORBIDDEN'],
});
