import { ResourcePolicyAction, resourcePolicyResourceTypes } from '@platform/contract';
import { type Command, Option } from 'commander';
import { type ChoiceOf, parseId } from '../program/argument-parsers.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addVerb } from '../program/common-options.js';
import { formatResourcePolicies } from './group-views.js';

interface ResourceOptions extends CommonOptions {
  resourceType: (typeof resourcePolicyResourceTypes)[number];
  resourceId: number;
}

interface SetOptions extends ResourceOptions {
  action?: ChoiceOf<typeof ResourcePolicyAction>;
}

function withResource(command: Command): Command {
  return command
    .addOption(
      new Option('--resource-type <type>', 'what the grant is on')
        .choices(resourcePolicyResourceTypes)
        .makeOptionMandatory(),
    )
    .requiredOption('--resource-id <id>', 'the id of the folder, workbook, report or dashboard', parseId);
}

function withAction(command: Command): Command {
  return command.addOption(
    new Option('--action <action>', 'what to grant; leave it out to remove the grant').choices(
      ResourcePolicyAction.options,
    ),
  );
}

export function registerPoliciesCommands(program: Command, context: CommandContext): void {
  const policies = program
    .command('policies')
    .description('resource policies: who may view, edit or manage one folder, workbook, report or dashboard');

  withResource(addVerb(policies, 'get', 'the users and groups granted rights on an item')).action(
    async (options: ResourceOptions) => {
      const client = await context.client(options);
      const result = await client.call('getResourcePolicies', {
        query: { resourceType: options.resourceType, resourceId: options.resourceId },
      });
      context.render(options, result, formatResourcePolicies);
    },
  );

  withAction(
    withResource(addVerb(policies, 'set-user', 'grant a user rights on an item, or remove the grant')),
  )
    .requiredOption('--user <userId>', 'the user', parseId)
    .action(async (options: SetOptions & { user: number }) => {
      const client = await context.client(options);
      const result = await client.call('setUserResourcePolicy', {
        body: {
          resourceType: options.resourceType,
          resourceId: options.resourceId,
          userId: options.user,
          ...(options.action ? { action: options.action } : {}),
        },
      });
      context.render(options, result, formatResourcePolicies);
    });

  withAction(
    withResource(addVerb(policies, 'set-group', 'grant a user group rights on an item, or remove the grant')),
  )
    .requiredOption('--group <groupId>', 'the user group', parseId)
    .action(async (options: SetOptions & { group: number }) => {
      const client = await context.client(options);
      const result = await client.call('setGroupResourcePolicy', {
        body: {
          resourceType: options.resourceType,
          resourceId: options.resourceId,
          groupId: options.group,
          ...(options.action ? { action: options.action } : {}),
        },
      });
      context.render(options, result, formatResourcePolicies);
    });
}
