import { type OAuthIntegrationType, oauthIntegrationTypes, userOAuthTokenStatuses } from '@platform/contract';
import { integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const oauthIntegrationsTable = pgTable('oauth_integrations', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id').notNull(),
  name: text('name').notNull(),
  type: text('type', { enum: oauthIntegrationTypes }).$type<OAuthIntegrationType>().notNull(),
  clientId: text('client_id').notNull(),
  clientSecretEncrypted: text('client_secret_encrypted').notNull(),
  authorizationUrl: text('authorization_url').notNull(),
  tokenUrl: text('token_url').notNull(),
  revocationUrl: text('revocation_url'),
  scopes: jsonb('scopes').$type<string[]>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const oauthAuthorizationRequestsTable = pgTable('oauth_authorization_requests', {
  stateHash: text('state_hash').primaryKey(),
  userId: integer('user_id').notNull(),
  integrationId: integer('integration_id').notNull(),
  codeVerifierEncrypted: text('code_verifier_encrypted').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const userOAuthTokensTable = pgTable('user_oauth_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  integrationId: integer('integration_id').notNull(),
  status: text('status', { enum: userOAuthTokenStatuses }).notNull(),
  accessTokenEncrypted: text('access_token_encrypted'),
  refreshTokenEncrypted: text('refresh_token_encrypted'),
  accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
  scopes: jsonb('scopes').$type<string[]>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type OAuthIntegrationRow = typeof oauthIntegrationsTable.$inferSelect;
export type UserOAuthTokenRow = typeof userOAuthTokensTable.$inferSelect;
