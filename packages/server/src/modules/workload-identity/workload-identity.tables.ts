import { boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const oidcTokenConfigsTable = pgTable('oidc_token_configs', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id').notNull(),
  name: text('name').notNull(),
  audience: text('audience').notNull(),
  targetEnvVar: text('target_env_var').notNull(),
  deploymentIds: integer('deployment_ids').array(),
  isEnabled: boolean('is_enabled').notNull().default(true),
  lifetimeSeconds: integer('lifetime_seconds').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const oidcSigningKeysTable = pgTable('oidc_signing_keys', {
  kid: text('kid').primaryKey(),
  algorithm: text('algorithm').notNull(),
  /** The public JWK as JSON, served in the JWKS. */
  publicJwk: text('public_jwk').notNull(),
  /** The private JWK as JSON, encrypted with SecretBox; null once the key is retired. */
  privateJwkEncrypted: text('private_jwk_encrypted'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

export type OidcTokenConfigRow = typeof oidcTokenConfigsTable.$inferSelect;
export type OidcSigningKeyRow = typeof oidcSigningKeysTable.$inferSelect;
