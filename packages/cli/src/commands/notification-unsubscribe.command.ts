import type { Command } from 'commander';
import { UsageError } from '../program/cli-errors.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addVerb } from '../program/common-options.js';

interface UnsubscribeOptions extends CommonOptions {
  confirm?: boolean;
}

/** The token of an unsubscribe link (`…/api/v1/notifications/unsubscribe?token=…`), or the token itself. */
function tokenOf(link: string): string {
  if (!link.includes('://')) return link;
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new UsageError('the unsubscribe link has no token parameter (…/unsubscribe?token=…)');
  return token;
}

/** `platform notifications unsubscribe <link> [--confirm]`: what the link in a notification e-mail does. */
export function registerNotificationUnsubscribeCommand(
  notifications: Command,
  context: CommandContext,
): void {
  addVerb(
    notifications,
    'unsubscribe',
    "stop a notification's e-mails to the address a link was sent to (shows the question; --confirm unsubscribes)",
  )
    .argument('<link>', 'the unsubscribe link of a notification e-mail, or its token')
    .option('--confirm', 'unsubscribe (without it, nothing changes)')
    .action(async (link: string, options: UnsubscribeOptions) => {
      const query = { token: tokenOf(link) };
      const client = await context.client(options, { isKeyRequired: false });
      if (options.confirm) {
        await client.call('unsubscribeNotificationRecipient', {
          query,
          body: { 'List-Unsubscribe': 'One-Click' },
        });
        context.render(options, { unsubscribed: true }, () => 'unsubscribed');
        return;
      }
      await client.call('getNotificationUnsubscribePage', { query });
      context.render(
        options,
        { unsubscribed: false },
        () => 'the link is valid: add --confirm to unsubscribe',
      );
    });
}
