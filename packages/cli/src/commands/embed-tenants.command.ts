import type { Command } from 'commander';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addVerb } from '../program/common-options.js';
import { addPagingOptions, fetchPages, noteMorePages, type PagingOptions } from '../program/paginate.js';
import { embedCommandOf } from './embed-access.command.js';
import { formatEmbedTenants, formatEmbedUsers } from './embed-views.js';

interface ListOptions extends CommonOptions, PagingOptions {
  search?: string;
}

/** `platform embed tenants list|delete|users`: the account's embed tenants (needs EmbedManage). */
export function registerEmbedTenantsCommands(program: Command, context: CommandContext): void {
  const tenants = embedCommandOf(program)
    .command('tenants')
    .description('embed tenants: the host application customers generate-session creates');

  const list = addVerb(tenants, 'list', 'list the embed tenants').option(
    '--search <text>',
    'part of the name or display name',
  );
  addPagingOptions(list).action(async (options: ListOptions) => {
    const client = await context.client(options);
    const page = await fetchPages(options, (paging) =>
      client.call('listEmbedTenants', { query: { ...paging, search: options.search } }),
    );
    context.render(options, page, (value) => formatEmbedTenants(value.items));
    if (!options.json) noteMorePages(context, page);
  });

  addVerb(
    tenants,
    'delete',
    'delete a tenant with its users (and their chat threads), groups and access rules',
  )
    .argument('<tenant>', 'embed tenant name')
    .action(async (embedTenantName: string, options: CommonOptions) => {
      const client = await context.client(options);
      const result = await client.call('deleteEmbedTenant', { params: { embedTenantName } });
      context.render(options, result, () => `deleted embed tenant ${embedTenantName}`);
    });

  const users = addVerb(tenants, 'users', 'list the users of a tenant').argument(
    '<tenant>',
    'embed tenant name',
  );
  addPagingOptions(users).action(async (embedTenantName: string, options: CommonOptions & PagingOptions) => {
    const client = await context.client(options);
    const page = await fetchPages(options, (paging) =>
      client.call('listEmbedTenantUsers', { params: { embedTenantName }, query: paging }),
    );
    context.render(options, page, (value) => formatEmbedUsers(value.items));
    if (!options.json) noteMorePages(context, page);
  });
}
