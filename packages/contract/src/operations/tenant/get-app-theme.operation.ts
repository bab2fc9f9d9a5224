import { AppThemeResponse } from '../../schemas/tenant-settings.schema.js';
import { defineOperation } from '../operation.js';

export const getAppTheme = defineOperation({
  operationId: 'getAppTheme',
  method: 'GET',
  path: '/api/v1/app-theme',
  tag: 'Tenant',
  summary: "The web pages' theme",
  action: null,
  response: AppThemeResponse,
});
