import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const scimUsersTable = pgTable('scim_users', {
  userId: integer('user_id').primaryKey(),
  accountId: integer('account_id').notNull(),
  externalId: text('external_id'),
  givenName: text('given_name'),
  familyName: text('family_name'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ScimUserRow = typeof scimUsersTable.$inferSelect;

export const scimGroupsTable = pgTable('scim_groups', {
  groupId: integer('group_id').primaryKey(),
  accountId: integer('account_id').notNull(),
  externalId: text('external_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ScimGroupRow = typeof scimGroupsTable.$inferSelect;
