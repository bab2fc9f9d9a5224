import { DashboardPublicIdParams } from '../../schemas/dashboard.schema.js';
import { EmbedDashboardSettings, UpdateEmbedDashboardInput } from '../../schemas/embed.schema.js';
import { defineOperation } from '../operation.js';

export const updateEmbedDashboard = defineOperation({
  operationId: 'updateEmbedDashboard',
  method: 'PATCH',
  path: '/api/v1/embed/dashboard/{publicId}',
  tag: 'Embed',
  summary: 'Allow or refuse embedding a dashboard',
  description:
    "Whether embed tokens may open the dashboard at all; who among embed users may is its workbook's embed access.",
  action: 'EmbedManage',
  params: DashboardPublicIdParams,
  body: UpdateEmbedDashboardInput,
  response: EmbedDashboardSettings,
  errors: ['NOT_FOUND', 'FORBIDDEN'],
});
