import type { Command } from 'commander';
import { collectIds, parseId } from '../program/argument-parsers.js';
import { UsageError } from '../program/cli-errors.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addVerb } from '../program/common-options.js';
import { addPagingOptions, fetchPages, noteMorePages, type PagingOptions } from '../program/paginate.js';
import { formatUserGroup, formatUserGroups } from './group-views.js';
import { formatUsers } from './user-views.js';

interface ListOptions extends CommonOptions, PagingOptions {
  search?: string;
}

interface WriteOptions extends CommonOptions {
  name?: string;
  description?: string;
}

interface DeleteOptions extends CommonOptions {
  userGroupsPath?: boolean;
}

function idsOf(rawIds: readonly string[]): number[] {
  return rawIds.reduce<number[]>((ids, raw) => collectIds(raw, ids), []);
}

export function registerGroupsCommands(program: Command, context: CommandContext): void {
  const groups = program
    .command('groups')
    .description('user groups of the account (resource policies and access policies name them)');

  const list = addVerb(groups, 'list', 'list the user groups').option('--search <text>', 'part of the name');
  addPagingOptions(list).action(async (options: ListOptions) => {
    const client = await context.client(options);
    const page = await fetchPages(options, (paging) =>
      client.call('listUserGroups', { query: { ...paging, search: options.search } }),
    );
    context.render(options, page, (value) => formatUserGroups(value.items));
    if (!options.json) noteMorePages(context, page);
  });

  addVerb(groups, 'get', 'show one group')
    .argument('<groupId>', 'group id', parseId)
    .action(async (groupId: number, options: CommonOptions) => {
      const client = await context.client(options);
      context.render(options, await client.call('getUserGroup', { params: { groupId } }), formatUserGroup);
    });

  addVerb(groups, 'create', 'create a group (needs UsersManage)')
    .requiredOption('--name <name>', 'unique in the account; access policies match it as group: <name>')
    .option('--description <text>', 'what the group is for')
    .action(async (options: WriteOptions & { name: string }) => {
      const client = await context.client(options);
      const body = { name: options.name, description: options.description };
      context.render(options, await client.call('createUserGroup', { body }), formatUserGroup);
    });

  addVerb(groups, 'update', 'rename a group or change its description (needs UsersManage)')
    .argument('<groupId>', 'group id', parseId)
    .option('--name <name>', 'new name')
    .option('--description <text>', 'new description')
    .action(async (groupId: number, options: WriteOptions) => {
      if (options.name === undefined && options.description === undefined) {
        throw new UsageError('give at least one of --name, --description');
      }
      const client = await context.client(options);
      const body = { name: options.name, description: options.description };
      const updated = await client.call('updateUserGroup', { params: { groupId }, body });
      context.render(options, updated, formatUserGroup);
    });

  addVerb(groups, 'delete', 'delete a group, its memberships and its resource policies (needs UsersManage)')
    .argument('<groupId>', 'group id', parseId)
    .option(
      '--user-groups-path',
      'call DELETE /api/v1/user-groups/{id} instead of /api/v1/groups/{id} (the same)',
    )
    .action(async (groupId: number, options: DeleteOptions) => {
      const client = await context.client(options);
      const result = options.userGroupsPath
        ? await client.call('deleteUserGroup', { params: { groupId } })
        : await client.call('deleteGroup', { params: { groupId } });
      context.render(options, result, () => `deleted user group ${groupId}`);
    });

  const members = addVerb(groups, 'members', 'list the users of a group').argument(
    '<groupId>',
    'group id',
    parseId,
  );
  addPagingOptions(members).action(async (groupId: number, options: CommonOptions & PagingOptions) => {
    const client = await context.client(options);
    const page = await fetchPages(options, (paging) =>
      client.call('listUserGroupMembers', { params: { groupId }, query: paging }),
    );
    context.render(options, page, (value) =>
      value.items.length === 0 ? 'no users' : formatUsers(value.items),
    );
    if (!options.json) noteMorePages(context, page);
  });

  addVerb(groups, 'add-members', 'add users to a group (needs UsersManage)')
    .argument('<groupId>', 'group id', parseId)
    .argument('<userIds...>', 'user ids (space- or comma-separated)')
    .action(async (groupId: number, rawIds: string[], options: CommonOptions) => {
      const client = await context.client(options);
      const body = { userIds: idsOf(rawIds) };
      const group = await client.call('addUserGroupMembers', { params: { groupId }, body });
      context.render(options, group, formatUserGroup);
    });

  addVerb(groups, 'remove-members', 'remove users from a group (needs UsersManage)')
    .argument('<groupId>', 'group id', parseId)
    .argument('<userIds...>', 'user ids (space- or comma-separated)')
    .action(async (groupId: number, rawIds: string[], options: CommonOptions) => {
      const client = await context.client(options);
      const body = { userIds: idsOf(rawIds) };
      const group = await client.call('removeUserGroupMembers', { params: { groupId }, body });
      context.render(options, group, formatUserGroup);
    });
}
