import { TenantSettings } from '../../schemas/tenant-settings.schema.js';
import { defineOperation } from '../operation.js';

export const getTenantSettings = defineOperation({
  operationId: 'getTenantSettings',
  method: 'GET',
  path: '/api/v1/tenant/settings',
  tag: 'Tenant',
  summary: "The account's tenant settings",
  description: 'Every setting with its current value; settings never written read as their defaults.',
  action: 'SettingsManage',
  response: TenantSettings,
});
