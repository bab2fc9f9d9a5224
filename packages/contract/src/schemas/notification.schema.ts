import * as z from 'zod';
import { DeploymentIdParams, EntityId, IdParam, listOf, PagingQuery, Timestamp } from './common.schema.js';
import { DashboardPublicId, maximumWidgetIdLength } from './dashboard.schema.js';
import { EmailAddress } from './email.schema.js';
import { EmbedExternalId, EmbedTenantName } from './embed.schema.js';
import { reportTimeGrains } from './report-run.schema.js';
import { queryFilterOperators } from './semantic-query.schema.js';
import { TimeZoneName } from './tenant-settings.schema.js';
import { text } from './text.schema.js';

export const notificationFormats = ['pdf', 'png', 'csv', 'html'] as const;
export const notificationRecipientTypes = ['user', 'email', 'embedUser', 'webhook'] as const;
export const notificationDeliveryStatuses = ['pending', 'sent', 'failed', 'partially_sent'] as const;
/** `skipped`: nothing was sent on purpose (the recipient may not read the dashboard, or unsubscribed). */
export const deliveryRecipientStatuses = ['pending', 'sent', 'failed', 'skipped'] as const;
/** What started a delivery: its schedule, `send` (deliver now), or the one catch-up after every process was down. */
export const notificationDeliveryTriggers = ['schedule', 'send', 'catch_up'] as const;

/** Not in API-NOTES.md: bounds that keep one notification's fan-out and body small. */
export const maximumNotificationRecipients = 500;
export const maximumNotificationFilters = 50;
export const minimumWebhookSecretLength = 16;

export const NotificationFormat = z.enum(notificationFormats).meta({ id: 'NotificationFormat' });
export const NotificationRecipientType = z
  .enum(notificationRecipientTypes)
  .meta({ id: 'NotificationRecipientType' });
export const NotificationDeliveryStatus = z
  .enum(notificationDeliveryStatuses)
  .meta({ id: 'NotificationDeliveryStatus' });
export const DeliveryRecipientStatus = z
  .enum(deliveryRecipientStatuses)
  .meta({ id: 'DeliveryRecipientStatus' });
export const NotificationDeliveryTrigger = z
  .enum(notificationDeliveryTriggers)
  .meta({ id: 'NotificationDeliveryTrigger' });

/**
 * A 5-field cron expression (minute hour day-of-month month day-of-week). The contract checks its shape;
 * the server checks each field and answers which one is wrong.
 */
export const CronSchedule = text()
  .trim()
  .min(9)
  .max(200)
  .regex(/^\S+(\s+\S+){4}$/, {
    error: 'must be a cron expression of 5 fields: minute hour day-of-month month day-of-week',
  })
  .meta({ id: 'CronSchedule', examples: ['0 9 * * 1'] });

const WidgetId = text().min(1).max(maximumWidgetIdLength);
const FilterValue = z.union([text().max(1000), z.number(), z.boolean()]);

/** A value for one of the dashboard's FILTER widgets, applied as that widget applies it. */
export const NotificationFilter = z
  .strictObject({
    widgetId: WidgetId.meta({ description: 'A FILTER widget of the dashboard.' }),
    operator: z.enum(queryFilterOperators).optional().meta({
      description: "Default: the widget's own operator, else `equals`.",
    }),
    values: z.array(FilterValue).max(100),
  })
  .meta({ id: 'NotificationFilter' });

/** A grain for one of the dashboard's TIME_GRAIN widgets. */
export const NotificationTimeGrain = z
  .strictObject({
    widgetId: WidgetId.meta({ description: 'A TIME_GRAIN widget of the dashboard.' }),
    grain: z.enum(reportTimeGrains),
  })
  .meta({ id: 'NotificationTimeGrain' });

const WebhookUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(2000);
const ChannelName = text().trim().min(1).max(200);

/** One recipient as it is added: who (or where) receives each delivery. */
export const NotificationRecipientInput = z
  .discriminatedUnion('type', [
    z.strictObject({ type: z.literal('user'), userId: EntityId, channelName: ChannelName.optional() }),
    z.strictObject({ type: z.literal('email'), email: EmailAddress, channelName: ChannelName.optional() }),
    z.strictObject({
      type: z.literal('embedUser'),
      embedTenantName: EmbedTenantName,
      externalId: EmbedExternalId,
      channelName: ChannelName.optional(),
    }),
    z.strictObject({ type: z.literal('webhook'), url: WebhookUrl, channelName: ChannelName.optional() }),
  ])
  .meta({ id: 'NotificationRecipientInput' });

export type NotificationRecipientInput = z.infer<typeof NotificationRecipientInput>;

/**
 * One recipient to remove. `id` is what the hosted client sends: the user id, e-mail address, external id
 * (with `embedTenantName`) or URL, by `type`; the named fields work as well.
 */
export const NotificationRecipientReference = z
  .strictObject({
    type: NotificationRecipientType,
    id: z.union([text().min(1).max(2000), EntityId]).optional(),
    userId: EntityId.optional(),
    email: EmailAddress.optional(),
    embedTenantName: EmbedTenantName.optional(),
    externalId: EmbedExternalId.optional(),
    url: WebhookUrl.optional(),
  })
  .meta({ id: 'NotificationRecipientReference' });

export type NotificationRecipientReference = z.infer<typeof NotificationRecipientReference>;

export const NotificationRecipient = z
  .object({
    type: NotificationRecipientType,
    userId: z.int().nullable(),
    email: z.string().nullable(),
    embedTenantName: z.string().nullable(),
    externalId: z.string().nullable(),
    url: z.string().nullable().meta({ description: 'A webhook URL, with any credentials in it masked.' }),
    channelName: z.string().nullable(),
  })
  .meta({ id: 'NotificationRecipient' });

export type NotificationRecipient = z.infer<typeof NotificationRecipient>;

const Recipients = z.array(NotificationRecipientInput).max(maximumNotificationRecipients);
const Filters = z.array(NotificationFilter).max(maximumNotificationFilters);
const TimeGrains = z.array(NotificationTimeGrain).max(maximumNotificationFilters);
const WebhookSecret = text().min(minimumWebhookSecretLength).max(500).meta({
  description:
    'Signs webhook bodies (`X-Platform-Signature`). Every notification has one: generated on create when not given (32 random bytes, base64url), so a webhook recipient added later can be verified. Shown in full only in the answer of the request that set it.',
});

export const CreateNotificationInput = z
  .strictObject({
    dashboardId: EntityId.optional(),
    dashboardPublicId: DashboardPublicId.optional(),
    name: text().trim().min(1).max(200),
    schedule: CronSchedule,
    timezone: TimeZoneName.optional().meta({
      description: "IANA time zone of the schedule; default the tenant's `defaultTimezone`.",
    }),
    notificationFormat: NotificationFormat.optional().meta({ description: 'Default `pdf`.' }),
    filters: Filters.nullable().optional(),
    timeGrains: TimeGrains.nullable().optional(),
    isEnabled: z.boolean().optional().meta({ description: 'Default true.' }),
    recipients: Recipients.optional(),
    webhookSecret: WebhookSecret.optional(),
  })
  .refine((input) => (input.dashboardId === undefined) !== (input.dashboardPublicId === undefined), {
    error: 'give exactly one of dashboardId and dashboardPublicId',
    path: ['dashboardId'],
  })
  .meta({ id: 'CreateNotificationInput' });

export type CreateNotificationInput = z.infer<typeof CreateNotificationInput>;

/** Every field optional: what is given replaces what was there (`recipients` replaces the whole list). */
export const UpdateNotificationInput = z
  .strictObject({
    dashboardId: EntityId.optional(),
    dashboardPublicId: DashboardPublicId.optional(),
    name: text().trim().min(1).max(200).optional(),
    schedule: CronSchedule.optional(),
    timezone: TimeZoneName.optional(),
    notificationFormat: NotificationFormat.optional(),
    filters: Filters.nullable().optional(),
    timeGrains: TimeGrains.nullable().optional(),
    isEnabled: z.boolean().optional(),
    recipients: Recipients.optional(),
    webhookSecret: WebhookSecret.optional(),
  })
  .refine((input) => input.dashboardId === undefined || input.dashboardPublicId === undefined, {
    error: 'give at most one of dashboardId and dashboardPublicId',
    path: ['dashboardId'],
  })
  .meta({ id: 'UpdateNotificationInput' });

export type UpdateNotificationInput = z.infer<typeof UpdateNotificationInput>;

export const Notification = z
  .object({
    id: z.int(),
    deploymentId: z.int(),
    dashboardId: z.int(),
    dashboardPublicId: z.string(),
    name: z.string(),
    schedule: z.string(),
    timezone: z.string(),
    humanReadableSchedule: z.string().meta({ examples: ['Every Monday at 09:00 Europe/Berlin'] }),
    notificationFormat: NotificationFormat,
    filters: z.array(NotificationFilter).nullable(),
    timeGrains: z.array(NotificationTimeGrain).nullable(),
    isEnabled: z.boolean(),
    recipients: z.array(NotificationRecipient),
    webhookSecret: z.string().nullable().meta({
      description:
        'The webhook signing secret: in full only in the answer of the create (or update) that set it, `[ENCRYPTED]` on every other read.',
    }),
    createdByUserId: z.int().nullable().meta({
      description:
        'Whose rights render the content for e-mail addresses that are not users, and for webhooks.',
    }),
    nextRunAt: Timestamp.nullable(),
    lastRunAt: Timestamp.nullable(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .meta({ id: 'Notification' });

export type Notification = z.infer<typeof Notification>;

export const NotificationsListResponse = listOf(Notification, 'NotificationsListResponse');
export const NotificationRecipientsListResponse = listOf(
  NotificationRecipient,
  'NotificationRecipientsListResponse',
);

export const DeliveryRecipient = z
  .object({
    recipient: NotificationRecipient,
    status: DeliveryRecipientStatus,
    error: z.string().nullable(),
    attempts: z.int(),
    sentAt: Timestamp.nullable(),
  })
  .meta({ id: 'DeliveryRecipient' });

export const NotificationDelivery = z
  .object({
    id: z.int(),
    notificationId: z.int(),
    trigger: NotificationDeliveryTrigger,
    scheduledFor: Timestamp,
    startedAt: Timestamp.nullable(),
    finishedAt: Timestamp.nullable(),
    status: NotificationDeliveryStatus,
    attempts: z.int(),
    recipients: z.array(DeliveryRecipient),
  })
  .meta({ id: 'NotificationDelivery' });

export type NotificationDelivery = z.infer<typeof NotificationDelivery>;

export const NotificationDeliveriesListResponse = listOf(
  NotificationDelivery,
  'NotificationDeliveriesListResponse',
);

export const NotificationIdParams = DeploymentIdParams.extend({ notificationId: IdParam });

const recipientFilters = {
  dashboardId: IdParam.optional(),
  dashboardPublicId: DashboardPublicId.optional(),
  recipientUserId: IdParam.optional(),
  recipientEmail: EmailAddress.optional(),
  recipientEmbedTenantName: EmbedTenantName.optional(),
  recipientExternalId: EmbedExternalId.optional().meta({
    description: 'Only with `recipientEmbedTenantName`.',
  }),
};

export const ListNotificationsQuery = PagingQuery.extend(recipientFilters);
export const ListAccountNotificationsQuery = PagingQuery.extend({
  ...recipientFilters,
  deploymentId: IdParam.optional(),
});

export const RecipientsInput = z
  .strictObject({ recipients: z.array(NotificationRecipientInput).min(1).max(maximumNotificationRecipients) })
  .meta({ id: 'AddNotificationRecipientsInput' });

export const RemoveRecipientsInput = z
  .strictObject({
    recipients: z.array(NotificationRecipientReference).min(1).max(maximumNotificationRecipients),
  })
  .meta({ id: 'RemoveNotificationRecipientsInput' });

/** The signed token of one recipient's unsubscribe link (`List-Unsubscribe` and the link in the mail). */
export const NotificationUnsubscribeQuery = z.object({
  token: z
    .string()
    .min(10)
    .max(2000)
    .meta({ description: 'The token of the unsubscribe link, as the e-mail gave it.' }),
});

/** What a mail client's one-click unsubscribe posts (RFC 8058); a confirming browser posts the same. */
export const NotificationUnsubscribeForm = z
  .object({ 'List-Unsubscribe': z.literal('One-Click').optional() })
  .meta({ id: 'NotificationUnsubscribeForm' });

export const NotificationUnsubscribePage = z.string().meta({
  description: 'A small HTML page: the question, with its button, or that the recipient is unsubscribed.',
});
