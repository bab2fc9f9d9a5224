import { TenantSettings, UpdateTenantSettingsInput } from '../../schemas/tenant-settings.schema.js';
import { defineOperation } from '../operation.js';

export const updateTenantSettings = defineOperation({
  operationId: 'updateTenantSettings',
  method: 'PUT',
  path: '/api/v1/tenant/settings',
  tag: 'Tenant',
  summary: "Change the account's tenant settings",
  description:
    'A partial merge: members left out keep their value, nested objects merge member by member, arrays replace. Takes effect at once in every process.',
  action: 'SettingsManage',
  body: UpdateTenantSettingsInput,
  response: TenantSettings,
});
