import type { Command } from 'commander';
import type { QueryValues } from '../client/request-url.js';
import { collect, splitAssignment } from '../program/argument-parsers.js';
import { UsageError } from '../program/cli-errors.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addCommonOptions } from '../program/common-options.js';
import { readJsonBody } from '../program/json-body.js';

interface ApiOptions extends CommonOptions {
  data?: string;
  query?: string[];
}

/** `-q a=1 -q a=2` becomes `a=1&a=2`: repeated keys stay repeated, as the API's array parameters expect. */
export function queryOfAssignments(assignments: readonly string[]): QueryValues {
  const query: Record<string, string[]> = {};
  for (const assignment of assignments) {
    const pair = splitAssignment(assignment);
    if (!pair) throw new UsageError(`query parameter "${assignment}" must look like name=value`);
    query[pair.name] = [...(query[pair.name] ?? []), pair.value];
  }
  return query;
}

function bodyOf(data: string | undefined): Promise<unknown> {
  return data === undefined ? Promise.resolve(undefined) : readJsonBody(data);
}

export function registerApiCommand(program: Command, context: CommandContext): void {
  addCommonOptions(
    program
      .command('api')
      .description('call any API path with your credentials and print the JSON answer')
      .argument('<method>', 'HTTP method (GET, POST, PUT, PATCH, DELETE)')
      .argument('<path>', 'path under the API URL, e.g. /api/v1/users/me')
      .option('-d, --data <json>', 'JSON request body, or @file to read it from a file')
      .option('-q, --query <name=value>', 'query parameter (repeatable)', collect),
  ).action(async (method: string, path: string, options: ApiOptions) => {
    if (!/^[A-Za-z]+$/.test(method)) throw new UsageError(`"${method}" is not an HTTP method`);
    const body = await bodyOf(options.data);
    const query = queryOfAssignments(options.query ?? []);
    // No key is needed for the health probes; the server answers 401 where one is.
    const client = await context.client(options, { isKeyRequired: false });
    const result = await client.request(method, path, { query, body });
    if (result === undefined) return;
    if (typeof result === 'string') context.print(result);
    else context.printJson(result);
  });
}
