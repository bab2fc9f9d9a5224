import { BulkUserAction, Role, UserStatus } from '@platform/contract';
import { type Command, Option } from 'commander';
import { formatKeyValues } from '../output/key-values.js';
import { formatTable } from '../output/table.js';
import { type ChoiceOf, collectIds, parseId } from '../program/argument-parsers.js';
import { UsageError } from '../program/cli-errors.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addVerb } from '../program/common-options.js';
import { addPagingOptions, fetchPages, noteMorePages, type PagingOptions } from '../program/paginate.js';
import { formatCurrentUser, formatUser, formatUsers } from './user-views.js';

interface ListOptions extends CommonOptions, PagingOptions {
  status?: ChoiceOf<typeof UserStatus>;
  role?: Role;
  search?: string;
}

interface CreateOptions extends CommonOptions {
  email: string;
  name?: string;
  role?: Role;
}

interface UpdateOptions extends CommonOptions {
  name?: string;
  role?: Role;
  status?: ChoiceOf<typeof UserStatus>;
}

interface BulkOptions extends CommonOptions {
  action: ChoiceOf<typeof BulkUserAction>;
}

export function registerUsersCommands(program: Command, context: CommandContext): void {
  const users = program.command('users').description('users of the account');

  addVerb(users, 'me', 'the user, account and rights behind your credential').action(
    async (options: CommonOptions) => {
      const connection = await context.connection(options);
      const client = await context.client(options);
      const me = await client.call('getCurrentUser');
      context.render(options, me, (value) =>
        formatCurrentUser(value, connection.apiUrl, connection.contextName),
      );
    },
  );

  addVerb(users, 'embed-theme', 'the theme and defaults of embedded dashboards').action(
    async (options: CommonOptions) => {
      const client = await context.client(options);
      const theme = await client.call('getEmbedTheme');
      context.render(options, theme, (value) => JSON.stringify(value, null, 2));
    },
  );

  const list = addVerb(users, 'list', 'list the users of the account')
    .addOption(new Option('--status <status>', 'only users with this status').choices(UserStatus.options))
    .addOption(new Option('--role <role>', 'only users with this role').choices(Role.options))
    .option('--search <text>', 'part of the e-mail or name');
  addPagingOptions(list).action(async (options: ListOptions) => {
    const client = await context.client(options);
    const page = await fetchPages(options, (paging) =>
      client.call('listUsers', {
        query: { ...paging, status: options.status, role: options.role, search: options.search },
      }),
    );
    context.render(options, page, (value) => formatUsers(value.items));
    if (!options.json) noteMorePages(context, page);
  });

  addVerb(users, 'get', 'show one user')
    .argument('<userId>', 'user id', parseId)
    .action(async (userId: number, options: CommonOptions) => {
      const client = await context.client(options);
      context.render(options, await client.call('getUser', { params: { userId } }), formatUser);
    });

  addVerb(users, 'create', 'create a user')
    .requiredOption('--email <email>', 'e-mail address (the login)')
    .option('--name <name>', 'display name')
    .addOption(new Option('--role <role>', 'role (default viewer)').choices(Role.options))
    .action(async (options: CreateOptions) => {
      const client = await context.client(options);
      const body = { email: options.email, name: options.name, role: options.role };
      context.render(options, await client.call('createUser', { body }), formatUser);
    });

  addVerb(users, 'update', "change a user's name, role or status")
    .argument('<userId>', 'user id', parseId)
    .option('--name <name>', 'display name')
    .addOption(new Option('--role <role>', 'new role').choices(Role.options))
    .addOption(new Option('--status <status>', 'active or inactive').choices(UserStatus.options))
    .action(async (userId: number, options: UpdateOptions) => {
      const body = { name: options.name, role: options.role, status: options.status };
      if (Object.values(body).every((value) => value === undefined)) {
        throw new UsageError('give at least one of --name, --role, --status');
      }
      const client = await context.client(options);
      context.render(options, await client.call('updateUser', { params: { userId }, body }), formatUser);
    });

  addVerb(users, 'delete', 'delete a user and their API keys')
    .argument('<userId>', 'user id', parseId)
    .action(async (userId: number, options: CommonOptions) => {
      const client = await context.client(options);
      const result = await client.call('deleteUser', { params: { userId } });
      context.render(options, result, () => `deleted user ${userId}`);
    });

  addVerb(users, 'bulk', 'activate, deactivate or delete many users at once')
    .argument('<userIds...>', 'user ids (space- or comma-separated)')
    .addOption(
      new Option('--action <action>', 'what to do').choices(BulkUserAction.options).makeOptionMandatory(),
    )
    .action(async (rawIds: string[], options: BulkOptions) => {
      const userIds = rawIds.reduce<number[]>((ids, raw) => collectIds(raw, ids), []);
      const client = await context.client(options);
      const result = await client.call('bulkUpdateUsers', {
        body: { action: options.action, userIds },
      });
      context.render(options, result, (value) =>
        [
          formatKeyValues([
            ['action', value.action],
            ['succeeded', value.succeeded],
          ]),
          ...(value.failed.length > 0
            ? [
                '',
                formatTable(
                  [
                    { header: 'FAILED ID', value: (failure) => failure.id },
                    { header: 'STATUS', value: (failure) => failure.error.status },
                    { header: 'REASON', value: (failure) => failure.error.message },
                  ],
                  value.failed,
                ),
              ]
            : []),
        ].join('\n'),
      );
    });
}
