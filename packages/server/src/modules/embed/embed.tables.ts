import type { EmbedAccessAction } from '@platform/contract';
import { integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { EmbedSessionClaims } from './embed-token.signer.js';

export const embedTenantsTable = pgTable('embed_tenants', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id').notNull(),
  name: text('name').notNull(),
  displayName: text('display_name'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const embedGroupsTable = pgTable('embed_groups', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  name: text('name').notNull(),
  description: text('description'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An external chat user (chat module's `chat_users`) seen through embedding, in one tenant. */
export const embedUsersTable = pgTable('embed_users', {
  chatUserId: integer('chat_user_id').primaryKey(),
  tenantId: integer('tenant_id'),
  displayName: text('display_name'),
  /** The claims of the user's latest session: what a notification renders for them with. */
  lastClaims: jsonb('last_claims').$type<EmbedSessionClaims>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const embedGroupMembersTable = pgTable(
  'embed_group_members',
  {
    groupId: integer('group_id').notNull(),
    chatUserId: integer('chat_user_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.groupId, table.chatUserId] })],
);

export const embedAccessTable = pgTable('embed_access', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id').notNull(),
  deploymentId: integer('deployment_id').notNull(),
  workbookId: integer('workbook_id').notNull(),
  tenantId: integer('tenant_id'),
  groupId: integer('group_id'),
  action: text('action').$type<EmbedAccessAction>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const embedSessionsTable = pgTable('embed_sessions', {
  idHash: text('id_hash').primaryKey(),
  accountId: integer('account_id').notNull(),
  deploymentId: integer('deployment_id').notNull(),
  claims: jsonb('claims').$type<EmbedSessionClaims>().notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  exchangedAt: timestamp('exchanged_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
