import { userAttributeTypes } from '@platform/contract';
import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const userAttributesTable = pgTable('user_attributes', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id').notNull(),
  name: text('name').notNull(),
  type: text('type', { enum: userAttributeTypes }).notNull().default('string'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserAttributeRow = typeof userAttributesTable.$inferSelect;
