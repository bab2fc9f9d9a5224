import { EmbedThemeResponse } from '../../schemas/tenant-settings.schema.js';
import { defineOperation } from '../operation.js';

export const getEmbedTheme = defineOperation({
  operationId: 'getEmbedTheme',
  method: 'GET',
  path: '/api/v1/users/embed-theme',
  tag: 'Tenant',
  summary: 'The theme and defaults of embedded dashboards',
  action: null,
  response: EmbedThemeResponse,
});
