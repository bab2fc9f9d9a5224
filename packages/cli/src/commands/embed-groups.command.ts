import type { Command } from 'commander';
import { parseId } from '../program/argument-parsers.js';
import { UsageError } from '../program/cli-errors.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addVerb } from '../program/common-options.js';
import { addPagingOptions, fetchPages, noteMorePages, type PagingOptions } from '../program/paginate.js';
import { embedCommandOf } from './embed-access.command.js';
import { formatEmbedGroup, formatEmbedGroups, formatEmbedUsers } from './embed-views.js';

interface WriteOptions extends CommonOptions {
  name?: string;
  description?: string;
  clearDescription?: boolean;
}

/** External ids given space- or comma-separated. */
function externalIdsOf(raw: readonly string[]): string[] {
  return raw
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value !== '');
}

/** `platform embed groups …`: the groups of one embed tenant and their members (needs EmbedManage). */
export function registerEmbedGroupsCommands(program: Command, context: CommandContext): void {
  const groups = embedCommandOf(program)
    .command('groups')
    .description("an embed tenant's groups (sessions put users in them by name; access rules may name one)");

  const list = addVerb(groups, 'list', 'list the groups of a tenant').argument(
    '<tenant>',
    'embed tenant name',
  );
  addPagingOptions(list).action(async (embedTenantName: string, options: CommonOptions & PagingOptions) => {
    const client = await context.client(options);
    const page = await fetchPages(options, (paging) =>
      client.call('listEmbedGroups', { params: { embedTenantName }, query: paging }),
    );
    context.render(options, page, (value) => formatEmbedGroups(value.items));
    if (!options.json) noteMorePages(context, page);
  });

  addVerb(groups, 'create', 'create a group of a tenant')
    .argument('<tenant>', 'embed tenant name')
    .requiredOption('--name <name>', 'unique in the tenant')
    .option('--description <text>', 'what the group is for')
    .action(async (embedTenantName: string, options: WriteOptions & { name: string }) => {
      const client = await context.client(options);
      const body = { name: options.name, description: options.description };
      const group = await client.call('createEmbedGroup', { params: { embedTenantName }, body });
      context.render(options, group, formatEmbedGroup);
    });

  addVerb(groups, 'get', 'show one group of a tenant')
    .argument('<tenant>', 'embed tenant name')
    .argument('<groupId>', 'group id', parseId)
    .action(async (embedTenantName: string, groupId: number, options: CommonOptions) => {
      const client = await context.client(options);
      const group = await client.call('getEmbedGroup', { params: { embedTenantName, groupId } });
      context.render(options, group, formatEmbedGroup);
    });

  addVerb(groups, 'update', 'rename a group or change its description')
    .argument('<tenant>', 'embed tenant name')
    .argument('<groupId>', 'group id', parseId)
    .option('--name <name>', 'new name')
    .option('--description <text>', 'new description')
    .option('--clear-description', 'remove the description')
    .action(async (embedTenantName: string, groupId: number, options: WriteOptions) => {
      if (options.name === undefined && options.description === undefined && !options.clearDescription) {
        throw new UsageError('give at least one of --name, --description, --clear-description');
      }
      const client = await context.client(options);
      const body = {
        name: options.name,
        description: options.clearDescription ? null : options.description,
      };
      const group = await client.call('updateEmbedGroup', { params: { embedTenantName, groupId }, body });
      context.render(options, group, formatEmbedGroup);
    });

  addVerb(groups, 'delete', 'delete a group, its memberships and the access rules naming it')
    .argument('<tenant>', 'embed tenant name')
    .argument('<groupId>', 'group id', parseId)
    .action(async (embedTenantName: string, groupId: number, options: CommonOptions) => {
      const client = await context.client(options);
      const result = await client.call('deleteEmbedGroup', { params: { embedTenantName, groupId } });
      context.render(options, result, () => `deleted group ${groupId} of embed tenant ${embedTenantName}`);
    });

  const members = addVerb(groups, 'members', 'list the users of a group')
    .argument('<tenant>', 'embed tenant name')
    .argument('<groupId>', 'group id', parseId);
  addPagingOptions(members).action(
    async (embedTenantName: string, groupId: number, options: CommonOptions & PagingOptions) => {
      const client = await context.client(options);
      const page = await fetchPages(options, (paging) =>
        client.call('listEmbedGroupUsers', { params: { embedTenantName, groupId }, query: paging }),
      );
      context.render(options, page, (value) => formatEmbedUsers(value.items));
      if (!options.json) noteMorePages(context, page);
    },
  );

  addVerb(groups, 'add-members', 'add users of the tenant to a group')
    .argument('<tenant>', 'embed tenant name')
    .argument('<groupId>', 'group id', parseId)
    .argument('<externalIds...>', 'external ids of users of the tenant (space- or comma-separated)')
    .action(async (embedTenantName: string, groupId: number, raw: string[], options: CommonOptions) => {
      const client = await context.client(options);
      const body = { externalIds: externalIdsOf(raw) };
      const group = await client.call('addEmbedGroupUsers', { params: { embedTenantName, groupId }, body });
      context.render(options, group, formatEmbedGroup);
    });

  addVerb(groups, 'remove-members', 'remove users from a group')
    .argument('<tenant>', 'embed tenant name')
    .argument('<groupId>', 'group id', parseId)
    .argument('<externalIds...>', 'external ids (space- or comma-separated)')
    .action(async (embedTenantName: string, groupId: number, raw: string[], options: CommonOptions) => {
      const client = await context.client(options);
      const body = { externalIds: externalIdsOf(raw) };
      const group = await client.call('removeEmbedGroupUsers', {
        params: { embedTenantName, groupId },
        body,
      });
      context.render(options, group, formatEmbedGroup);
    });
}
