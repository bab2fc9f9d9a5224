import { AppError } from '../../errors/app-error.js';
import type { ResolvedTenantSettings } from '../identity/tenant-settings.service.js';

/** The tenant settings the Chat API obeys (API-NOTES.md "Tenant settings"). */
export type ChatTenantSettings = Pick<
  ResolvedTenantSettings,
  'aiEnabled' | 'externalUsersLimit' | 'chatThreadPolicies' | 'defaultLocale' | 'defaultTimezone'
>;

/**
 * The identity module's `tenantSettings`: read per request, cached per process and dropped in every
 * process when any process writes, so a change takes effect at once.
 */
export interface ChatTenantSettingsSource {
  settingsOf(accountId: number): Promise<ChatTenantSettings>;
}

/** Refuses a request that would make the analyst answer while the account has AI turned off. */
export function assertAiEnabled(settings: Pick<ChatTenantSettings, 'aiEnabled'>): void {
  if (!settings.aiEnabled) {
    throw new AppError('FORBIDDEN', 'AI is turned off for this account (tenant setting aiEnabled)');
  }
}
