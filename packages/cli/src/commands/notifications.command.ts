import {
  type CreateNotificationInput,
  notificationFormats,
  type UpdateNotificationInput,
} from '@platform/contract';
import { type Command, Option } from 'commander';
import { parseId } from '../program/argument-parsers.js';
import { UsageError } from '../program/cli-errors.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addVerb } from '../program/common-options.js';
import { addDeploymentOption } from '../program/deployment-options.js';
import { readJsonBody } from '../program/json-body.js';
import { addPagingOptions, fetchPages, noteMorePages, type PagingOptions } from '../program/paginate.js';
import {
  addRecipientOptions,
  hasRecipientOptions,
  type RecipientOptions,
  recipientsOf,
} from './notification-recipient-options.js';
import { registerNotificationRecipientsCommands } from './notification-recipients.command.js';
import { registerNotificationUnsubscribeCommand } from './notification-unsubscribe.command.js';
import {
  formatDeliveries,
  formatDelivery,
  formatNotification,
  formatNotifications,
} from './notification-views.js';

interface DeploymentOptions extends CommonOptions {
  deployment: number;
}

interface ListOptions extends CommonOptions, PagingOptions {
  deployment?: number;
  dashboard?: number;
  dashboardPublicId?: string;
  user?: number;
  email?: string;
  embedTenant?: string;
  embedUser?: string;
}

interface WriteOptions extends DeploymentOptions, RecipientOptions {
  dashboard?: number;
  dashboardPublicId?: string;
  name?: string;
  schedule?: string;
  timezone?: string;
  format?: (typeof notificationFormats)[number];
  filters?: string;
  timeGrains?: string;
  webhookSecret?: string;
}

/** The list filters: `--embed-user tenant/externalId` names one embed user, `--embed-tenant` all of a tenant's. */
function listQueryOf(options: ListOptions) {
  let embedTenantName = options.embedTenant;
  let externalId: string | undefined;
  if (options.embedUser !== undefined) {
    const slash = options.embedUser.indexOf('/');
    if (slash <= 0) throw new UsageError('--embed-user: give it as <tenant>/<externalId>');
    embedTenantName = options.embedUser.slice(0, slash);
    externalId = options.embedUser.slice(slash + 1);
  }
  return {
    first: options.first,
    after: options.after,
    dashboardId: options.dashboard,
    dashboardPublicId: options.dashboardPublicId,
    recipientUserId: options.user,
    recipientEmail: options.email,
    recipientEmbedTenantName: embedTenantName,
    recipientExternalId: externalId,
  };
}

/** What create and update share: only the fields given, `--filters` and `--time-grains` as JSON (or null). */
async function fieldsOf(options: WriteOptions & { enable?: boolean; disable?: boolean; disabled?: boolean }) {
  const fields: UpdateNotificationInput = {};
  if (options.dashboard !== undefined) fields.dashboardId = options.dashboard;
  if (options.dashboardPublicId !== undefined) fields.dashboardPublicId = options.dashboardPublicId;
  if (options.name !== undefined) fields.name = options.name;
  if (options.schedule !== undefined) fields.schedule = options.schedule;
  if (options.timezone !== undefined) fields.timezone = options.timezone;
  if (options.format !== undefined) fields.notificationFormat = options.format;
  if (options.filters !== undefined) {
    fields.filters = (await readJsonBody(options.filters, '--filters')) as UpdateNotificationInput['filters'];
  }
  if (options.timeGrains !== undefined) {
    fields.timeGrains = (await readJsonBody(
      options.timeGrains,
      '--time-grains',
    )) as UpdateNotificationInput['timeGrains'];
  }
  if (options.webhookSecret !== undefined) fields.webhookSecret = options.webhookSecret;
  if (hasRecipientOptions(options)) fields.recipients = recipientsOf(options);
  return fields;
}

function addWriteOptions(command: Command): Command {
  return addRecipientOptions(
    command
      .option('--dashboard <id>', 'the dashboard to deliver, by id', parseId)
      .option('--dashboard-public-id <publicId>', 'the dashboard to deliver, by public id')
      .option('--schedule <cron>', '5-field cron: minute hour day-of-month month day-of-week')
      .option('--timezone <zone>', "IANA time zone of the schedule (default the tenant's)")
      .addOption(new Option('--format <format>', 'what is delivered').choices(notificationFormats))
      .option('--filters <json>', 'JSON [{widgetId, operator?, values}] for FILTER widgets (or @file)')
      .option('--time-grains <json>', 'JSON [{widgetId, grain}] for TIME_GRAIN widgets (or @file)')
      .option('--webhook-secret <secret>', 'signs webhook bodies (default: generated, shown once)'),
    'deliver to',
  );
}

/** `platform notifications …`: scheduled deliveries of dashboards (docs/notifications.md). */
export function registerNotificationsCommands(program: Command, context: CommandContext): void {
  const notifications = program
    .command('notifications')
    .description('scheduled deliveries of dashboards by e-mail and webhook');

  addPagingOptions(addVerb(notifications, 'list', 'list notifications (every deployment, or one)'))
    .option('--deployment <id>', 'only this deployment', parseId)
    .option('--dashboard <id>', 'only on this dashboard', parseId)
    .option('--dashboard-public-id <publicId>', 'only on this dashboard (public id)')
    .option('--user <id>', 'only those delivered to this user', parseId)
    .option('--email <address>', 'only those delivered to this address')
    .option('--embed-tenant <name>', "only those delivered to this embed tenant's users")
    .option('--embed-user <tenant/externalId>', 'only those delivered to this embed user')
    .action(async (options: ListOptions) => {
      const client = await context.client(options);
      const query = listQueryOf(options);
      const page = await fetchPages(options, (paging) => {
        const paged = { ...query, ...paging };
        if (options.deployment === undefined)
          return client.call('listAccountNotifications', { query: paged });
        return client.call('listNotifications', {
          params: { deploymentId: options.deployment },
          query: paged,
        });
      });
      context.render(options, page, (value) => formatNotifications(value.items));
      if (!options.json) noteMorePages(context, page);
    });

  addWriteOptions(addDeploymentOption(addVerb(notifications, 'create', 'schedule deliveries of a dashboard')))
    .requiredOption('--name <name>', 'what the notification is called')
    .option('--disabled', 'create it switched off')
    .action(async (options: WriteOptions & { name: string; disabled?: boolean }) => {
      if ((options.dashboard === undefined) === (options.dashboardPublicId === undefined)) {
        throw new UsageError('give exactly one of --dashboard and --dashboard-public-id');
      }
      if (options.schedule === undefined) throw new UsageError('give --schedule (a 5-field cron expression)');
      const body = {
        ...(await fieldsOf(options)),
        name: options.name,
        schedule: options.schedule,
        ...(options.disabled ? { isEnabled: false } : {}),
      } as CreateNotificationInput;
      const client = await context.client(options);
      const created = await client.call('createNotification', {
        params: { deploymentId: options.deployment },
        body,
      });
      context.render(options, created, formatNotification);
    });

  addDeploymentOption(addVerb(notifications, 'get', 'show one notification'))
    .argument('<notificationId>', 'notification id', parseId)
    .action(async (notificationId: number, options: DeploymentOptions) => {
      const client = await context.client(options);
      const notification = await client.call('getNotification', {
        params: { deploymentId: options.deployment, notificationId },
      });
      context.render(options, notification, formatNotification);
    });

  addWriteOptions(addDeploymentOption(addVerb(notifications, 'update', 'change a notification')))
    .argument('<notificationId>', 'notification id', parseId)
    .option('--name <name>', 'new name')
    .option('--enable', 'switch it on')
    .option('--disable', 'switch it off')
    .action(
      async (notificationId: number, options: WriteOptions & { enable?: boolean; disable?: boolean }) => {
        if (options.enable && options.disable) throw new UsageError('give one of --enable and --disable');
        const body = await fieldsOf(options);
        if (options.enable) body.isEnabled = true;
        if (options.disable) body.isEnabled = false;
        if (Object.keys(body).length === 0) {
          throw new UsageError(
            'nothing to change: give a field to change (recipient flags replace the list)',
          );
        }
        const client = await context.client(options);
        const updated = await client.call('updateNotification', {
          params: { deploymentId: options.deployment, notificationId },
          body,
        });
        context.render(options, updated, formatNotification);
      },
    );

  addDeploymentOption(addVerb(notifications, 'delete', 'delete a notification and its delivery history'))
    .argument('<notificationId>', 'notification id', parseId)
    .action(async (notificationId: number, options: DeploymentOptions) => {
      const client = await context.client(options);
      const result = await client.call('deleteNotification', {
        params: { deploymentId: options.deployment, notificationId },
      });
      context.render(options, result, () => `deleted notification ${notificationId}`);
    });

  registerNotificationRecipientsCommands(notifications, context);

  addDeploymentOption(addVerb(notifications, 'send', 'deliver a notification now (also when disabled)'))
    .argument('<notificationId>', 'notification id', parseId)
    .action(async (notificationId: number, options: DeploymentOptions) => {
      const client = await context.client(options);
      const delivery = await client.call('sendNotification', {
        params: { deploymentId: options.deployment, notificationId },
      });
      context.render(options, delivery, formatDelivery);
    });

  addPagingOptions(
    addDeploymentOption(
      addVerb(notifications, 'deliveries', "a notification's delivery history, newest first"),
    ),
  )
    .argument('<notificationId>', 'notification id', parseId)
    .action(async (notificationId: number, options: DeploymentOptions & PagingOptions) => {
      const client = await context.client(options);
      const page = await fetchPages(options, (paging) =>
        client.call('listNotificationDeliveries', {
          params: { deploymentId: options.deployment, notificationId },
          query: paging,
        }),
      );
      context.render(options, page, (value) => formatDeliveries(value.items));
      if (!options.json) noteMorePages(context, page);
    });

  registerNotificationUnsubscribeCommand(notifications, context);
}
