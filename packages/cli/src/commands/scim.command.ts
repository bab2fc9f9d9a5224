import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { parseId } from '../program/argument-parsers.js';
import { UsageError } from '../program/cli-errors.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addVerb } from '../program/common-options.js';

interface ListOptions extends CommonOptions {
  filter?: string;
  startIndex?: number;
  count?: number;
  excludedAttributes?: string;
}

interface BodyOptions extends CommonOptions {
  data: string;
}

/** A SCIM document: `-d` takes the JSON itself or `@file`. */
async function bodyOf(options: BodyOptions): Promise<Record<string, unknown>> {
  const text = options.data.startsWith('@') ? await readFile(options.data.slice(1), 'utf8') : options.data;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`-d must be JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new UsageError('-d must be a JSON object (a SCIM resource or PatchOp)');
  return value as Record<string, unknown>;
}

function parseCount(value: string): number {
  if (!/^[0-9]+$/.test(value.trim())) throw new UsageError('--count must be a whole number');
  return Number(value.trim());
}

function addListOptions(command: Command): Command {
  return command
    .option('--filter <filter>', 'e.g. userName eq "ann@example.com"')
    .option('--start-index <index>', '1-based index of the first resource', parseId)
    .option('--count <count>', 'resources per page (at most 1000)', parseCount);
}

/**
 * `platform scim users|groups …`: the SCIM 2.0 endpoints an identity provider calls, for checking a
 * provisioning set-up by hand. Answers are printed as the SCIM JSON the server sent.
 */
export function registerScimCommands(program: Command, context: CommandContext): void {
  const scim = program
    .command('scim')
    .description('SCIM 2.0 provisioning of users and groups (/api/scim/v2; needs UsersManage)');
  const print = (value: unknown) => context.printJson(value);

  const users = scim.command('users').description('SCIM users (userName is the e-mail)');
  addListOptions(addVerb(users, 'list', 'list users')).action(async (options: ListOptions) => {
    const client = await context.client(options);
    const { filter, startIndex, count } = options;
    print(await client.call('listScimUsers', { query: { filter, startIndex, count } }));
  });
  addVerb(users, 'get', 'show one user')
    .argument('<userId>', 'user id', parseId)
    .action(async (userId: number, options: CommonOptions) => {
      const client = await context.client(options);
      print(await client.call('getScimUser', { params: { userId } }));
    });
  addVerb(users, 'create', 'create a user from a SCIM User document')
    .requiredOption('-d, --data <json>', 'the User (JSON, or @file)')
    .action(async (options: BodyOptions) => {
      const client = await context.client(options);
      const body = (await bodyOf(options)) as { userName: string };
      print(await client.call('createScimUser', { body }));
    });
  addVerb(users, 'replace', 'replace a user (PUT)')
    .argument('<userId>', 'user id', parseId)
    .requiredOption('-d, --data <json>', 'the User (JSON, or @file)')
    .action(async (userId: number, options: BodyOptions) => {
      const client = await context.client(options);
      const body = (await bodyOf(options)) as { userName: string };
      print(await client.call('replaceScimUser', { params: { userId }, body }));
    });
  addVerb(
    users,
    'patch',
    'change a user with a PatchOp, e.g. {"Operations":[{"op":"replace","path":"active","value":false}]}',
  )
    .argument('<userId>', 'user id', parseId)
    .requiredOption('-d, --data <json>', 'the PatchOp (JSON, or @file)')
    .action(async (userId: number, options: BodyOptions) => {
      const client = await context.client(options);
      const body = (await bodyOf(options)) as { Operations: Array<{ op: string }> };
      print(await client.call('patchScimUser', { params: { userId }, body }));
    });
  addVerb(users, 'delete', 'delete a user and their API keys')
    .argument('<userId>', 'user id', parseId)
    .action(async (userId: number, options: CommonOptions) => {
      const client = await context.client(options);
      await client.call('deleteScimUser', { params: { userId } });
      context.print(`deleted user ${userId}`);
    });

  const groups = scim.command('groups').description('SCIM groups (displayName is the group name)');
  addListOptions(addVerb(groups, 'list', 'list groups'))
    .option('--excluded-attributes <names>', 'members: leave the members out')
    .action(async (options: ListOptions) => {
      const client = await context.client(options);
      const { filter, startIndex, count, excludedAttributes } = options;
      print(
        await client.call('listScimGroups', { query: { filter, startIndex, count, excludedAttributes } }),
      );
    });
  addVerb(groups, 'get', 'show one group and its members')
    .argument('<groupId>', 'group id', parseId)
    .option('--excluded-attributes <names>', 'members: leave the members out')
    .action(async (groupId: number, options: ListOptions) => {
      const client = await context.client(options);
      const query = { excludedAttributes: options.excludedAttributes };
      print(await client.call('getScimGroup', { params: { groupId }, query }));
    });
  addVerb(groups, 'create', 'create a group from a SCIM Group document')
    .requiredOption('-d, --data <json>', 'the Group (JSON, or @file)')
    .action(async (options: BodyOptions) => {
      const client = await context.client(options);
      const body = (await bodyOf(options)) as { displayName: string };
      print(await client.call('createScimGroup', { body }));
    });
  addVerb(groups, 'replace', 'replace a group and its members (PUT)')
    .argument('<groupId>', 'group id', parseId)
    .requiredOption('-d, --data <json>', 'the Group (JSON, or @file)')
    .action(async (groupId: number, options: BodyOptions) => {
      const client = await context.client(options);
      const body = (await bodyOf(options)) as { displayName: string };
      print(await client.call('replaceScimGroup', { params: { groupId }, body }));
    });
  addVerb(
    groups,
    'patch',
    'change a group with a PatchOp, e.g. {"Operations":[{"op":"add","path":"members","value":[{"value":"7"}]}]}',
  )
    .argument('<groupId>', 'group id', parseId)
    .requiredOption('-d, --data <json>', 'the PatchOp (JSON, or @file)')
    .action(async (groupId: number, options: BodyOptions) => {
      const client = await context.client(options);
      const body = (await bodyOf(options)) as { Operations: Array<{ op: string }> };
      print(await client.call('patchScimGroup', { params: { groupId }, body }));
    });
  addVerb(groups, 'delete', 'delete a group and its memberships')
    .argument('<groupId>', 'group id', parseId)
    .action(async (groupId: number, options: CommonOptions) => {
      const client = await context.client(options);
      await client.call('deleteScimGroup', { params: { groupId } });
      context.print(`deleted group ${groupId}`);
    });

  addVerb(scim, 'service-provider-config', 'what the SCIM service supports').action(
    async (options: CommonOptions) => {
      const client = await context.client(options);
      print(await client.call('getScimServiceProviderConfig'));
    },
  );
  addVerb(scim, 'resource-types', 'the SCIM resource types (User, Group)').action(
    async (options: CommonOptions) => {
      const client = await context.client(options);
      print(await client.call('listScimResourceTypes'));
    },
  );
  addVerb(scim, 'schemas', 'the SCIM schemas of users and groups').action(async (options: CommonOptions) => {
    const client = await context.client(options);
    print(await client.call('listScimSchemas'));
  });
}
