import type { NotificationRecipientInput, NotificationRecipientReference } from '@platform/contract';
import type { Command } from 'commander';
import { collect, collectIds } from '../program/argument-parsers.js';
import { UsageError } from '../program/cli-errors.js';

export interface RecipientOptions {
  user?: number[];
  email?: string[];
  embedUser?: string[];
  webhook?: string[];
}

/** The repeatable recipient flags of `create`, `update` and `recipients add|remove`. */
export function addRecipientOptions(command: Command, verb: string): Command {
  return command
    .option('--user <id>', `${verb} a user of the account (repeatable, or comma-separated ids)`, collectIds)
    .option('--email <address>', `${verb} an e-mail address (repeatable)`, collect)
    .option('--embed-user <tenant/externalId>', `${verb} an embed user of a tenant (repeatable)`, collect)
    .option('--webhook <url>', `${verb} a webhook URL (repeatable)`, collect);
}

export function hasRecipientOptions(options: RecipientOptions): boolean {
  return [options.user, options.email, options.embedUser, options.webhook].some(
    (values) => values !== undefined && values.length > 0,
  );
}

/** `tenant/externalId`, split at the first slash (an external id may hold one). */
function embedUserOf(value: string): { embedTenantName: string; externalId: string } {
  const slash = value.indexOf('/');
  if (slash <= 0 || slash === value.length - 1) {
    throw new UsageError(`--embed-user ${value}: give it as <tenant>/<externalId>`);
  }
  return { embedTenantName: value.slice(0, slash), externalId: value.slice(slash + 1) };
}

export function recipientsOf(options: RecipientOptions): NotificationRecipientInput[] {
  return [
    ...(options.user ?? []).map((userId) => ({ type: 'user' as const, userId })),
    ...(options.email ?? []).map((email) => ({ type: 'email' as const, email })),
    ...(options.embedUser ?? []).map((value) => ({ type: 'embedUser' as const, ...embedUserOf(value) })),
    ...(options.webhook ?? []).map((url) => ({ type: 'webhook' as const, url })),
  ];
}

/** The recipients to remove, each by its type and identifying field. */
export function referencesOf(options: RecipientOptions): NotificationRecipientReference[] {
  return recipientsOf(options);
}
