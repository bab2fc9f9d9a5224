import { boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Chat users per account: external (`externalId`) or an account user (`internalId`, their e-mail). */
export const chatUsersTable = pgTable('chat_users', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id').notNull(),
  externalId: text('external_id'),
  internalId: text('internal_id'),
  email: text('email'),
  isEphemeral: boolean('is_ephemeral').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ChatUserRow = typeof chatUsersTable.$inferSelect;
