import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const deviceAuthorizationsTable = pgTable('device_authorizations', {
  id: serial('id').primaryKey(),
  deviceCodeHash: text('device_code_hash').notNull(),
  userCode: text('user_code').notNull(),
  clientId: text('client_id').notNull(),
  scope: text('scope'),
  status: text('status', { enum: ['pending', 'approved', 'denied', 'redeemed'] })
    .notNull()
    .default('pending'),
  apiKeyId: integer('api_key_id'),
  pollIntervalSeconds: integer('poll_interval_seconds').notNull(),
  lastPolledAt: timestamp('last_polled_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const oauthTokensTable = pgTable('oauth_tokens', {
  id: serial('id').primaryKey(),
  apiKeyId: integer('api_key_id').notNull(),
  kind: text('kind', { enum: ['access', 'refresh'] }).notNull(),
  tokenHash: text('token_hash').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const ssoSignInRequestsTable = pgTable('sso_sign_in_requests', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id').notNull(),
  stateHash: text('state_hash').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  nextPath: text('next_path').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
