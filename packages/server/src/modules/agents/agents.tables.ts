import { llmProviders } from '@platform/contract';
import { boolean, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const agentsTable = pgTable('agents', {
  id: uuid('id').primaryKey(),
  /** The deployment's account, kept here so the Chat API resolves `{accountName}/agents/{id}` in one read. */
  accountId: integer('account_id').notNull(),
  deploymentId: integer('deployment_id').notNull(),
  name: text('name').notNull(),
  instructions: text('instructions'),
  modelProvider: text('model_provider', { enum: llmProviders }),
  /** Shown as is: its userinfo's secret is `[ENCRYPTED]` here and encrypted in the next column. */
  modelBaseUrl: text('model_base_url'),
  modelBaseUrlSecretEncrypted: text('model_base_url_secret_encrypted'),
  modelName: text('model_name'),
  modelApiKeyEncrypted: text('model_api_key_encrypted'),
  isDefault: boolean('is_default').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const agentApiKeysTable = pgTable('agent_api_keys', {
  id: serial('id').primaryKey(),
  agentId: uuid('agent_id').notNull(),
  accountId: integer('account_id').notNull(),
  name: text('name').notNull(),
  tokenHash: text('token_hash').notNull(),
  tokenPrefix: text('token_prefix').notNull(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const deploymentChatAuthTable = pgTable('deployment_chat_auth', {
  deploymentId: integer('deployment_id').primaryKey(),
  isEnabled: boolean('is_enabled').notNull().default(false),
  secretEncrypted: text('secret_encrypted'),
  /** Masked like an agent's base URL; the secret of its userinfo is encrypted in the next column. */
  jwksUrl: text('jwks_url'),
  jwksUrlSecretEncrypted: text('jwks_url_secret_encrypted'),
  /** Where a custom check is POSTed `{token}`; masked and sealed like the JWKS URL. */
  customCheckUrl: text('custom_check_url'),
  customCheckUrlSecretEncrypted: text('custom_check_url_secret_encrypted'),
  issuer: text('issuer'),
  audience: text('audience'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type AgentRow = typeof agentsTable.$inferSelect;
export type AgentApiKeyRow = typeof agentApiKeysTable.$inferSelect;
export type DeploymentChatAuthRow = typeof deploymentChatAuthTable.$inferSelect;
