import { UserAttributeType } from '@platform/contract';
import { type Command, Option } from 'commander';
import { type ChoiceOf, parseId } from '../program/argument-parsers.js';
import { UsageError } from '../program/cli-errors.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addVerb } from '../program/common-options.js';
import { addPagingOptions, fetchPages, noteMorePages, type PagingOptions } from '../program/paginate.js';
import {
  formatUserAttribute,
  formatUserAttributes,
  formatUserAttributeValues,
} from './user-attribute-views.js';

interface ListOptions extends CommonOptions, PagingOptions {
  name?: string;
  type?: ChoiceOf<typeof UserAttributeType>;
}

interface WriteOptions extends CommonOptions {
  displayName?: string;
  description?: string;
  default?: unknown;
}

interface CreateOptions extends WriteOptions {
  name: string;
  type?: ChoiceOf<typeof UserAttributeType>;
}

interface UpdateOptions extends WriteOptions {
  clearDefault?: boolean;
}

interface SetValueOptions extends CommonOptions {
  value?: unknown;
}

/**
 * A value as typed: JSON when it parses (`12`, `true`, `["EU","UK"]`, `"12"` for the string), else the
 * text itself as a string (`EU`). The server checks it against the attribute's type.
 */
function parseAttributeValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const valueHelp = 'JSON (12, true, ["EU","UK"], "12" for a string) or plain text for a string';

/** `platform attributes …` as the hosted CLI names it; `user-attributes` is the earlier name, kept. */
export function registerUserAttributesCommands(program: Command, context: CommandContext): void {
  const attributes = program
    .command('attributes')
    .alias('user-attributes')
    .description(
      "user attributes of the account and users' values (access policies read userAttributes.<name>)",
    );

  const list = addVerb(attributes, 'list', 'list the defined attributes')
    .option('--name <name>', 'only the attribute of this name')
    .addOption(
      new Option('--type <type>', 'only attributes of this type').choices(UserAttributeType.options),
    );
  addPagingOptions(list).action(async (options: ListOptions) => {
    const client = await context.client(options);
    const page = await fetchPages(options, (paging) =>
      client.call('listUserAttributes', { query: { ...paging, name: options.name, type: options.type } }),
    );
    context.render(options, page, (value) => formatUserAttributes(value.items));
    if (!options.json) noteMorePages(context, page);
  });

  addVerb(attributes, 'get', 'show one attribute')
    .argument('<attributeId>', 'attribute id', parseId)
    .action(async (attributeId: number, options: CommonOptions) => {
      const client = await context.client(options);
      const attribute = await client.call('getUserAttribute', { params: { attributeId } });
      context.render(options, attribute, formatUserAttribute);
    });

  addVerb(attributes, 'create', 'define an attribute (needs UsersManage)')
    .requiredOption('--name <name>', 'lowercase letters, digits and _, starting with a letter')
    .addOption(
      new Option('--type <type>', 'the value type (default string)').choices(UserAttributeType.options),
    )
    .option('--display-name <text>', 'how people see it')
    .option('--description <text>', 'what it means')
    .option('--default <value>', `the value of users without one: ${valueHelp}`, parseAttributeValue)
    .action(async (options: CreateOptions) => {
      const client = await context.client(options);
      const body = {
        name: options.name,
        type: options.type,
        displayName: options.displayName,
        description: options.description,
        defaultValue: options.default as never,
      };
      context.render(options, await client.call('createUserAttribute', { body }), formatUserAttribute);
    });

  addVerb(attributes, 'update', 'change the label, description or default (needs UsersManage)')
    .argument('<attributeId>', 'attribute id', parseId)
    .option('--display-name <text>', 'how people see it')
    .option('--description <text>', 'what it means')
    .option('--default <value>', `the value of users without one: ${valueHelp}`, parseAttributeValue)
    .option('--clear-default', 'remove the default')
    .action(async (attributeId: number, options: UpdateOptions) => {
      if (options.default !== undefined && options.clearDefault) {
        throw new UsageError('give either --default or --clear-default');
      }
      const defaultValue = options.clearDefault ? null : options.default;
      if (
        options.displayName === undefined &&
        options.description === undefined &&
        defaultValue === undefined
      ) {
        throw new UsageError(
          'give at least one of --display-name, --description, --default, --clear-default',
        );
      }
      const client = await context.client(options);
      const body = {
        displayName: options.displayName,
        description: options.description,
        defaultValue: defaultValue as never,
      };
      const updated = await client.call('updateUserAttribute', { params: { attributeId }, body });
      context.render(options, updated, formatUserAttribute);
    });

  addVerb(attributes, 'delete', "delete an attribute and every user's value of it (needs UsersManage)")
    .argument('<attributeId>', 'attribute id', parseId)
    .action(async (attributeId: number, options: CommonOptions) => {
      const client = await context.client(options);
      const result = await client.call('deleteUserAttribute', { params: { attributeId } });
      context.render(options, result, () => `deleted user attribute ${attributeId}`);
    });

  const values = attributes.command('values').description("users' values of the attributes");

  addVerb(values, 'get', "a user's value of every attribute (their own, else the default)")
    .argument('<userId>', 'user id', parseId)
    .action(async (userId: number, options: CommonOptions) => {
      const client = await context.client(options);
      const result = await client.call('getUserAttributeValues', { params: { userId } });
      context.render(options, result, (value) => formatUserAttributeValues(value.items));
    });

  addVerb(
    values,
    'set',
    "set a user's value of an attribute, or clear it without --value (needs UsersManage)",
  )
    .argument('<userId>', 'user id', parseId)
    .argument('<attributeId>', 'attribute id', parseId)
    .option('--value <value>', `the value: ${valueHelp}`, parseAttributeValue)
    .action(async (userId: number, attributeId: number, options: SetValueOptions) => {
      const client = await context.client(options);
      const body = { userId, userAttributeId: attributeId, value: options.value as never };
      const result = await client.call('setUserAttributeValue', { body });
      context.render(options, result, (value) => formatUserAttributeValues([value]));
    });
}
