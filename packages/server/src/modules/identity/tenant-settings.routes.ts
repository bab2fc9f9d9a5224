import type { Operations } from '@platform/contract';
import type { OperationHandlers } from '../../operation-contexts.js';
import type { TenantSettingsService } from './tenant-settings.service.js';

type TenantOperations = Pick<
  Operations,
  'getTenantSettings' | 'updateTenantSettings' | 'getAppConfig' | 'getAppTheme' | 'getEmbedTheme'
>;

export function tenantSettingsRoutes(
  tenantSettings: TenantSettingsService,
): OperationHandlers<TenantOperations> {
  return {
    getTenantSettings: ({ context }) => tenantSettings.get(context.principal),
    updateTenantSettings: ({ body, context }) => tenantSettings.update(context.principal, body),
    getAppConfig: ({ context }) => tenantSettings.appConfig(context.principal),
    getAppTheme: ({ context }) => tenantSettings.appTheme(context.principal),
    getEmbedTheme: ({ context }) => tenantSettings.embedTheme(context.principal),
  };
}
