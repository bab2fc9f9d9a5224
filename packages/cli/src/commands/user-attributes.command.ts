import { UserAttributeType } from '@platform/contract';
import { type Command, Option } from 'commander';
import { formatKeyValues } from '../output/key-values.js';
import { formatTable } from '../output/table.js';
import { type ChoiceOf, parseId } from '../program/argument-parsers.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addVerb } from '../program/common-options.js';

interface UserAttribute {
  id: number;
  name: string;
  type: string;
  createdAt: string;
}

interface CreateOptions extends CommonOptions {
  name: string;
  type?: ChoiceOf<typeof UserAttributeType>;
}

function formatUserAttributes(attributes: readonly UserAttribute[]): string {
  if (attributes.length === 0) return 'no user attributes';
  return formatTable(
    [
      { header: 'ID', value: (attribute: UserAttribute) => attribute.id },
      { header: 'NAME', value: (attribute: UserAttribute) => attribute.name },
      { header: 'TYPE', value: (attribute: UserAttribute) => attribute.type },
      { header: 'CREATED', value: (attribute: UserAttribute) => attribute.createdAt },
    ],
    attributes,
  );
}

export function registerUserAttributesCommands(program: Command, context: CommandContext): void {
  const userAttributes = program
    .command('user-attributes')
    .description('user attributes the account defines (chat sessions and access policies use them)');

  addVerb(userAttributes, 'list', 'list the defined attributes').action(async (options: CommonOptions) => {
    const client = await context.client(options);
    const result = await client.call('listUserAttributes');
    context.render(options, result, (value) => formatUserAttributes(value.items));
  });

  addVerb(userAttributes, 'create', 'define an attribute (needs UsersManage)')
    .requiredOption('--name <name>', 'lowercase letters, digits and _, starting with a letter')
    .addOption(
      new Option('--type <type>', 'the value type (default string)').choices(UserAttributeType.options),
    )
    .option('--display-name <text>', 'how people see it')
    .action(async (options: CreateOptions & { displayName?: string }) => {
      const client = await context.client(options);
      const created = await client.call('createUserAttribute', {
        body: { name: options.name, type: options.type, displayName: options.displayName },
      });
      context.render(options, created, (value) =>
        formatKeyValues([
          ['id', value.id],
          ['name', value.name],
          ['type', value.type],
          ['created', value.createdAt],
        ]),
      );
    });

  addVerb(userAttributes, 'delete', 'delete an attribute definition (needs UsersManage)')
    .argument('<attributeId>', 'attribute id', parseId)
    .action(async (attributeId: number, options: CommonOptions) => {
      const client = await context.client(options);
      const result = await client.call('deleteUserAttribute', { params: { attributeId } });
      context.render(options, result, () => `deleted user attribute ${attributeId}`);
    });
}
