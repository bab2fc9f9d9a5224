import { type Command, Option } from 'commander';
import { formatTable } from '../output/table.js';
import { collect, parseId, splitAssignment } from '../program/argument-parsers.js';
import { UsageError } from '../program/cli-errors.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addVerb } from '../program/common-options.js';

interface EnvVar {
  name: string;
  value: string;
  isSecret: boolean;
}

interface ListOptions extends CommonOptions {
  reveal?: boolean;
}

interface SetOptions extends CommonOptions {
  unset?: string[];
}

function formatVariables(variables: readonly EnvVar[]): string {
  if (variables.length === 0) return 'no variables';
  return formatTable(
    [
      { header: 'NAME', value: (variable: EnvVar) => variable.name },
      { header: 'VALUE', value: (variable: EnvVar) => variable.value },
      { header: 'SECRET', value: (variable: EnvVar) => variable.isSecret },
    ],
    variables,
  );
}

/** `NAME=VALUE` arguments and `--unset NAME` options become one upsert body; a null value removes. */
export function envVariablesOf(
  assignments: readonly string[],
  unset: readonly string[],
): { name: string; value: string | null }[] {
  const variables = assignments.map((assignment) => {
    const pair = splitAssignment(assignment);
    if (!pair) throw new UsageError(`"${assignment}" must look like NAME=VALUE`);
    return { name: pair.name, value: pair.value as string | null };
  });
  for (const name of unset) variables.push({ name, value: null });
  if (variables.length === 0) throw new UsageError('give at least one NAME=VALUE or --unset NAME');
  return variables;
}

export function registerVariablesCommands(program: Command, context: CommandContext): void {
  const variables = program.command('variables').description("a deployment's environment variables");

  addVerb(variables, 'list', 'list the variables; secret values read [ENCRYPTED]')
    .argument('<deploymentId>', 'deployment id', parseId)
    .option('--reveal', 'show secret values in clear text (needs SecretsManage)')
    .action(async (deploymentId: number, options: ListOptions) => {
      const client = await context.client(options);
      const result = await client.call('listEnvVars', {
        params: { deploymentId },
        query: { reveal: options.reveal ? 'true' : undefined },
      });
      context.render(options, result, (value) => formatVariables(value.items));
    });

  addVerb(variables, 'set', 'set or remove variables; all changes apply together or not at all')
    .argument('<deploymentId>', 'deployment id', parseId)
    .argument('[assignments...]', 'NAME=VALUE pairs')
    .addOption(new Option('--unset <name>', 'remove this variable (repeatable)').argParser(collect))
    .action(async (deploymentId: number, assignments: string[], options: SetOptions) => {
      const changes = envVariablesOf(assignments, options.unset ?? []);
      const client = await context.client(options);
      const result = await client.call('setEnvVars', {
        params: { deploymentId },
        body: { env_variables: changes },
      });
      context.render(options, result, (value) => formatVariables(value.items));
    });
}
