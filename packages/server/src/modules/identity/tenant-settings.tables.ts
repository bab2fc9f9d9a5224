import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { StoredTenantSettings } from './tenant-settings.defaults.js';

export const tenantSettingsTable = pgTable('tenant_settings', {
  accountId: integer('account_id').primaryKey(),
  settings: jsonb('settings').$type<Partial<StoredTenantSettings>>().notNull(),
  ssoClientSecretEncrypted: text('sso_client_secret_encrypted'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
