import type {
  DeliveryRecipientStatus,
  NotificationDeliveryStatus,
  NotificationDeliveryTrigger,
  NotificationFilter,
  NotificationFormat,
  NotificationRecipient,
  NotificationRecipientType,
  NotificationTimeGrain,
} from '@platform/contract';
import { boolean, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type * as z from 'zod';

export const notificationsTable = pgTable('notifications', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id').notNull(),
  deploymentId: integer('deployment_id').notNull(),
  dashboardId: integer('dashboard_id').notNull(),
  name: text('name').notNull(),
  schedule: text('schedule').notNull(),
  timezone: text('timezone').notNull(),
  format: text('format').$type<z.infer<typeof NotificationFormat>>().notNull(),
  filters: jsonb('filters').$type<Array<z.infer<typeof NotificationFilter>>>(),
  timeGrains: jsonb('time_grains').$type<Array<z.infer<typeof NotificationTimeGrain>>>(),
  isEnabled: boolean('is_enabled').notNull().default(true),
  /** Sealed with the SecretBox. */
  webhookSecret: text('webhook_secret'),
  createdByUserId: integer('created_by_user_id'),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const notificationRecipientsTable = pgTable('notification_recipients', {
  id: serial('id').primaryKey(),
  notificationId: integer('notification_id').notNull(),
  type: text('type').$type<z.infer<typeof NotificationRecipientType>>().notNull(),
  recipientKey: text('recipient_key').notNull(),
  userId: integer('user_id'),
  email: text('email'),
  embedTenantName: text('embed_tenant_name'),
  externalId: text('external_id'),
  /** Masked (`maskUrlCredentials`); the credentials are in `urlSecret`. */
  url: text('url'),
  urlSecret: text('url_secret'),
  channelName: text('channel_name'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const notificationDeliveriesTable = pgTable('notification_deliveries', {
  id: serial('id').primaryKey(),
  notificationId: integer('notification_id').notNull(),
  trigger: text('trigger').$type<z.infer<typeof NotificationDeliveryTrigger>>().notNull(),
  scheduledFor: timestamp('scheduled_for', { withTimezone: true }).notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  status: text('status').$type<z.infer<typeof NotificationDeliveryStatus>>().notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const notificationDeliveryRecipientsTable = pgTable(
  'notification_delivery_recipients',
  {
    deliveryId: integer('delivery_id').notNull(),
    recipientKey: text('recipient_key').notNull(),
    recipient: jsonb('recipient').$type<NotificationRecipient>().notNull(),
    status: text('status').$type<z.infer<typeof DeliveryRecipientStatus>>().notNull().default('pending'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.deliveryId, table.recipientKey] })],
);
