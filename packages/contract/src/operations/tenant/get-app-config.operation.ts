import { AppConfig } from '../../schemas/tenant-settings.schema.js';
import { defineOperation } from '../operation.js';

export const getAppConfig = defineOperation({
  operationId: 'getAppConfig',
  method: 'GET',
  path: '/api/v1/app-config',
  tag: 'Tenant',
  summary: "The account's app configuration",
  description: 'For any signed-in user: written as `appConfig` through the tenant settings.',
  action: null,
  response: AppConfig,
});
