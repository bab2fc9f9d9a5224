import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '../../errors/app-error.js';
import type { ResolvedTenantSettings } from '../identity/tenant-settings.service.js';
import type { EmbedSessionClaims } from './embed-token.signer.js';

/** A new session id: 128 random bits as 32 lowercase hex characters. */
export function newEmbedSessionId(): string {
  return randomBytes(16).toString('hex');
}

/** What the store keeps of a session id (SHA-256, hex): a leaked table exchanges nothing. */
export function hashEmbedSessionId(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex');
}

export type EmbedTenantSettings = Pick<
  ResolvedTenantSettings,
  'embedding' | 'appConfig' | 'defaultLocale' | 'defaultTimezone'
>;

/** Tenant setting `embedding.enabled` false closes session generation, exchanges and embed tokens (403). */
export function assertEmbeddingEnabled(settings: Pick<ResolvedTenantSettings, 'embedding'>): void {
  if (!settings.embedding.enabled) {
    throw new AppError(
      'FORBIDDEN',
      'embedding is disabled for this account (tenant setting embedding.enabled)',
    );
  }
}

/** A session's page settings: what it says, else the account's defaults for embedding. */
export function embedPageSettingsOf(
  settings: EmbedTenantSettings,
  requested: {
    showDashboardChat?: boolean | undefined;
    locale?: string | undefined;
    timezone?: string | undefined;
  },
): EmbedSessionClaims['settings'] {
  return {
    showDashboardChat: requested.showDashboardChat ?? settings.appConfig.embedding.showDashboardChat,
    locale: requested.locale ?? settings.appConfig.embedding.locale ?? settings.defaultLocale,
    timezone: requested.timezone ?? settings.defaultTimezone,
  };
}
