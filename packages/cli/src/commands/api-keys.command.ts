import { type OperationResult, type Operations, Role } from '@platform/contract';
import { type Command, Option } from 'commander';
import { formatKeyValues } from '../output/key-values.js';
import { type Column, formatTable } from '../output/table.js';
import { collectIds, parseId } from '../program/argument-parsers.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addVerb } from '../program/common-options.js';
import { addPagingOptions, fetchPages, noteMorePages, type PagingOptions } from '../program/paginate.js';

type ApiKey = OperationResult<Operations['getApiKey']>;

interface ListOptions extends CommonOptions, PagingOptions {
  userId?: number;
}

interface CreateOptions extends CommonOptions {
  name: string;
  userId?: number;
  role?: Role;
  deploymentIds?: number[];
  /** commander's `--no-download-data`: false when given. */
  downloadData: boolean;
  expiresAt?: string;
}

const apiKeyColumns: Column<ApiKey>[] = [
  { header: 'ID', value: (key) => key.id },
  { header: 'NAME', value: (key) => key.name },
  { header: 'PREFIX', value: (key) => key.prefix },
  { header: 'USER', value: (key) => key.userId },
  { header: 'ROLE', value: (key) => key.role ?? "user's" },
  { header: 'DEPLOYMENTS', value: (key) => key.deploymentIds ?? 'all' },
  { header: 'EXPIRES', value: (key) => key.expiresAt ?? 'never' },
  { header: 'LAST USED', value: (key) => key.lastUsedAt },
];

function formatApiKey(key: ApiKey): string {
  return formatKeyValues([
    ['id', key.id],
    ['name', key.name],
    ['prefix', key.prefix],
    ['user id', key.userId],
    ['role', key.role ?? "the user's role"],
    ['deployments', key.deploymentIds ?? 'all'],
    ['downloads data', key.canDownloadData],
    ['expires', key.expiresAt ?? 'never'],
    ['last used', key.lastUsedAt],
    ['created', key.createdAt],
  ]);
}

export function registerApiKeysCommands(program: Command, context: CommandContext): void {
  const apiKeys = program.command('api-keys').description('API keys (credentials for the API and this CLI)');

  const list = addVerb(apiKeys, 'list', "list your API keys (or another user's with --user-id)").addOption(
    new Option('--user-id <id>', "another user's keys (needs UsersManage)").argParser(parseId),
  );
  addPagingOptions(list).action(async (options: ListOptions) => {
    const client = await context.client(options);
    const page = await fetchPages(options, (paging) =>
      client.call('listApiKeys', { query: { ...paging, userId: options.userId } }),
    );
    context.render(options, page, (value) => formatTable(apiKeyColumns, value.items));
    if (!options.json) noteMorePages(context, page);
  });

  addVerb(apiKeys, 'create', 'create an API key; the key is printed this once')
    .requiredOption('--name <name>', 'what the key is for')
    .addOption(
      new Option('--user-id <id>', 'create it for another user (needs UsersManage)').argParser(parseId),
    )
    .addOption(
      new Option('--role <role>', "limit the key to this role (at most the user's)").choices(Role.options),
    )
    .addOption(
      new Option('--deployment-ids <ids>', 'limit the key to these deployments (comma-separated)').argParser(
        collectIds,
      ),
    )
    .option('--expires-at <timestamp>', 'ISO 8601 expiry, e.g. 2030-01-01T00:00:00Z')
    .option('--no-download-data', 'make the key without DownloadData (no CSV of restricted dashboards)')
    .action(async (options: CreateOptions) => {
      const client = await context.client(options);
      const created = await client.call('createApiKey', {
        body: {
          name: options.name,
          userId: options.userId,
          role: options.role,
          deploymentIds: options.deploymentIds,
          // Only a key made without it says so; otherwise the server applies the caller's.
          canDownloadData: options.downloadData ? undefined : false,
          expiresAt: options.expiresAt,
        },
      });
      context.render(options, created, (value) => `${formatApiKey(value)}\n\ntoken: ${value.token}`);
      // Only a hash is stored server-side: a key not copied now is lost for good.
      context.note('warning: the token is shown only this once; store it now (it cannot be retrieved later)');
    });

  addVerb(apiKeys, 'get', 'show one API key (never the key itself)')
    .argument('<apiKeyId>', 'API key id', parseId)
    .action(async (apiKeyId: number, options: CommonOptions) => {
      const client = await context.client(options);
      context.render(options, await client.call('getApiKey', { params: { apiKeyId } }), formatApiKey);
    });

  addVerb(apiKeys, 'delete', 'delete an API key; it stops working at once')
    .argument('<apiKeyId>', 'API key id', parseId)
    .action(async (apiKeyId: number, options: CommonOptions) => {
      const client = await context.client(options);
      const result = await client.call('deleteApiKey', { params: { apiKeyId } });
      context.render(options, result, () => `deleted API key ${apiKeyId}`);
    });
}
