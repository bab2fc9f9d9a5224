import type { TenantSettings } from '@platform/contract';
import type { Command } from 'commander';
import { formatKeyValues } from '../output/key-values.js';
import { UsageError } from '../program/cli-errors.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addVerb } from '../program/common-options.js';
import { readJsonBody } from '../program/json-body.js';

interface UpdateOptions extends CommonOptions {
  data?: string;
  locale?: string;
  timezone?: string;
  ai?: boolean;
  externalUsersLimit?: string;
  sessionTtl?: string;
}

function formatTenantSettings(settings: TenantSettings): string {
  return formatKeyValues([
    ['name', settings.name],
    ['default locale', settings.defaultLocale],
    ['default time zone', settings.defaultTimezone],
    ['AI enabled', settings.aiEnabled],
    ['embedding', settings.embedding.enabled ? 'enabled' : 'disabled'],
    ['embed origins', settings.embedding.allowedOrigins.join(', ') || '-'],
    ['session lifetime (s)', settings.sessionTtlSeconds],
    ['external users limit', settings.externalUsersLimit],
    ['chat thread policies', settings.chatThreadPolicies.length],
    ['SSO', settings.sso.enabled ? `enabled (${settings.sso.issuerUrl})` : 'disabled'],
    ['updated', settings.updatedAt ?? 'never (all defaults)'],
  ]);
}

function positiveWholeNumber(value: string, option: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0)
    throw new UsageError(`${option} must be a positive whole number`);
  return number;
}

/** The options' settings over the `-d` document: both may be given, the options win. */
async function updateOf(options: UpdateOptions): Promise<Record<string, unknown>> {
  const document = options.data === undefined ? {} : await readJsonBody(options.data);
  if (typeof document !== 'object' || document === null || Array.isArray(document))
    throw new UsageError('-d must be a JSON object of settings');
  const update: Record<string, unknown> = { ...document };
  if (options.locale !== undefined) update.defaultLocale = options.locale;
  if (options.timezone !== undefined) update.defaultTimezone = options.timezone;
  if (options.ai !== undefined) update.aiEnabled = options.ai;
  if (options.externalUsersLimit !== undefined)
    update.externalUsersLimit = positiveWholeNumber(options.externalUsersLimit, '--external-users-limit');
  if (options.sessionTtl !== undefined)
    update.sessionTtlSeconds = positiveWholeNumber(options.sessionTtl, '--session-ttl');
  if (Object.keys(update).length === 0)
    throw new UsageError('name at least one setting to change (or -d JSON)');
  return update;
}

export function registerTenantCommands(program: Command, context: CommandContext): void {
  const tenant = program
    .command('tenant')
    .description("the account's tenant settings (needs SettingsManage)");

  addVerb(tenant, 'settings', 'show every tenant setting').action(async (options: CommonOptions) => {
    const client = await context.client(options);
    const settings = await client.call('getTenantSettings');
    context.render(options, settings, formatTenantSettings);
  });

  addVerb(tenant, 'update', 'change settings: a partial merge, members left out keep their value')
    .option(
      '-d, --data <json>',
      'settings as JSON (or @file), e.g. {"appConfig":{"applyThemeGlobally":true}}',
    )
    .option('--locale <tag>', 'default locale, e.g. de-DE')
    .option('--timezone <zone>', 'default IANA time zone, e.g. Europe/Berlin')
    .option('--ai', 'turn the AI analyst on')
    .option('--no-ai', 'turn the AI analyst off')
    .option('--external-users-limit <count>', 'cap on kept chat and embed users (at most 10000)')
    .option('--session-ttl <seconds>', 'how long a web sign-in lasts')
    .action(async (options: UpdateOptions) => {
      const client = await context.client(options);
      const settings = await client.call('updateTenantSettings', { body: await updateOf(options) });
      context.render(options, settings, formatTenantSettings);
    });
}

export function registerAppConfigCommands(program: Command, context: CommandContext): void {
  const appConfig = program
    .command('app-config')
    .description("the account's app configuration (change it with platform tenant update)");

  addVerb(appConfig, 'get', 'show the app configuration').action(async (options: CommonOptions) => {
    const client = await context.client(options);
    const config = await client.call('getAppConfig');
    context.render(options, config, (value) => JSON.stringify(value, null, 2));
  });

  addVerb(appConfig, 'theme', "show the web pages' theme").action(async (options: CommonOptions) => {
    const client = await context.client(options);
    const theme = await client.call('getAppTheme');
    context.render(options, theme, (value) => JSON.stringify(value, null, 2));
  });
}
