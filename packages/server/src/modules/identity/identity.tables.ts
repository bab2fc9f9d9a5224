import { boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const accountsTable = pgTable('accounts', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const usersTable = pgTable('users', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id').notNull(),
  email: text('email').notNull(),
  name: text('name'),
  role: text('role', { enum: ['admin', 'developer', 'viewer'] }).notNull(),
  status: text('status', { enum: ['active', 'inactive'] })
    .notNull()
    .default('active'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const apiKeysTable = pgTable('api_keys', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id').notNull(),
  userId: integer('user_id').notNull(),
  name: text('name').notNull(),
  tokenHash: text('token_hash').notNull(),
  tokenPrefix: text('token_prefix').notNull(),
  role: text('role', { enum: ['admin', 'developer', 'viewer'] }),
  deploymentIds: integer('deployment_ids').array(),
  canDownloadData: boolean('can_download_data').notNull().default(true),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** `sso` and `device`: a sign-in grant, reached through its session or OAuth tokens (sign-in.tables.ts). */
  kind: text('kind', { enum: ['api-key', 'sso', 'device'] })
    .notNull()
    .default('api-key'),
});

export type UserRow = typeof usersTable.$inferSelect;
export type ApiKeyRow = typeof apiKeysTable.$inferSelect;

export const userGroupsTable = pgTable('user_groups', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id').notNull(),
  name: text('name').notNull(),
  description: text('description'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const userGroupMembersTable = pgTable('user_group_members', {
  groupId: integer('group_id').notNull(),
  userId: integer('user_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserGroupRow = typeof userGroupsTable.$inferSelect;

export const webSessionsTable = pgTable('web_sessions', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id').notNull(),
  apiKeyId: integer('api_key_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
