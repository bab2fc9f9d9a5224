import { type UserAttributeValue, userAttributeTypes } from '@platform/contract';
import { integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const userAttributesTable = pgTable('user_attributes', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id').notNull(),
  name: text('name').notNull(),
  type: text('type', { enum: userAttributeTypes }).notNull().default('string'),
  displayName: text('display_name'),
  description: text('description'),
  /** A JSON value of the attribute's type; null when none. */
  defaultValue: jsonb('default_value').$type<UserAttributeValue>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserAttributeRow = typeof userAttributesTable.$inferSelect;

/** A user's own value of an attribute (the attribute's default applies without one). */
export const userAttributeValuesTable = pgTable(
  'user_attribute_values',
  {
    userAttributeId: integer('user_attribute_id').notNull(),
    userId: integer('user_id').notNull(),
    value: jsonb('value').$type<UserAttributeValue>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userAttributeId, table.userId] })],
);
