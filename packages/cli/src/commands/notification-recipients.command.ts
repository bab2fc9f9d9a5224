import type { Command } from 'commander';
import { parseId } from '../program/argument-parsers.js';
import { UsageError } from '../program/cli-errors.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addVerb } from '../program/common-options.js';
import { addDeploymentOption } from '../program/deployment-options.js';
import { addPagingOptions, fetchPages, noteMorePages, type PagingOptions } from '../program/paginate.js';
import {
  addRecipientOptions,
  hasRecipientOptions,
  type RecipientOptions,
  recipientsOf,
  referencesOf,
} from './notification-recipient-options.js';
import { formatRecipients } from './notification-views.js';

interface DeploymentOptions extends CommonOptions {
  deployment: number;
}

function requireRecipients(options: RecipientOptions): void {
  if (!hasRecipientOptions(options)) {
    throw new UsageError('name at least one recipient: --user, --email, --embed-user or --webhook');
  }
}

/** `platform notifications recipients list|add|remove`. */
export function registerNotificationRecipientsCommands(
  notifications: Command,
  context: CommandContext,
): void {
  const recipients = notifications.command('recipients').description('who receives a notification');

  addPagingOptions(addDeploymentOption(addVerb(recipients, 'list', 'list the recipients of a notification')))
    .argument('<notificationId>', 'notification id', parseId)
    .action(async (notificationId: number, options: DeploymentOptions & PagingOptions) => {
      const client = await context.client(options);
      const page = await fetchPages(options, (paging) =>
        client.call('listNotificationRecipients', {
          params: { deploymentId: options.deployment, notificationId },
          query: paging,
        }),
      );
      context.render(options, page, (value) => formatRecipients(value.items));
      if (!options.json) noteMorePages(context, page);
    });

  addRecipientOptions(
    addDeploymentOption(addVerb(recipients, 'add', 'add recipients (ones already there are kept)')),
    'add',
  )
    .argument('<notificationId>', 'notification id', parseId)
    .action(async (notificationId: number, options: DeploymentOptions & RecipientOptions) => {
      requireRecipients(options);
      const client = await context.client(options);
      const page = await client.call('addNotificationRecipients', {
        params: { deploymentId: options.deployment, notificationId },
        body: { recipients: recipientsOf(options) },
      });
      context.render(options, page, (value) => formatRecipients(value.items));
    });

  addRecipientOptions(
    addDeploymentOption(
      addVerb(recipients, 'remove', 'remove recipients (all must be there, or none is removed)'),
    ),
    'remove',
  )
    .argument('<notificationId>', 'notification id', parseId)
    .action(async (notificationId: number, options: DeploymentOptions & RecipientOptions) => {
      requireRecipients(options);
      const client = await context.client(options);
      const page = await client.call('removeNotificationRecipients', {
        params: { deploymentId: options.deployment, notificationId },
        body: { recipients: referencesOf(options) },
      });
      context.render(options, page, (value) => formatRecipients(value.items));
    });
}
