import {
  continueWaitMessage,
  type LoadResponse,
  type LoadResult,
  type ModelSqlLine,
} from '@platform/contract';
import type { Command } from 'commander';
import type { ApiClient, CallInput } from '../client/api-client.js';
import { CliError, UsageError } from '../program/cli-errors.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addCommonOptions } from '../program/common-options.js';
import { addBranchOption, addDeploymentOption } from '../program/deployment-options.js';
import { formatLoadResult, formatSqlLines } from './query-views.js';

interface QueryOptions extends CommonOptions {
  deployment: number;
  branch?: string;
  sql?: string;
  showSql?: boolean;
  dryRun?: boolean;
}

type SemanticQueryInput = CallInput<'postLoadQuery'>['body']['query'];

/** Longer queries go in a POST body: URLs this long are cut by some proxies. */
export const maximumQueryUrlLength = 1500;

/** Only the shape of a JSON object is checked here: the server names every bad field of the query. */
function parseQuery(text: string): SemanticQueryInput {
  let query: unknown;
  try {
    query = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`the query must be JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (typeof query !== 'object' || query === null || Array.isArray(query)) {
    throw new UsageError('the query must be a JSON object, e.g. {"measures":["orders.count"]}');
  }
  return query as SemanticQueryInput;
}

function isContinueWait(answer: LoadResponse): boolean {
  return 'error' in answer && answer.error === continueWaitMessage;
}

/** Asks until the query is done: the server answers "Continue wait" while a long query runs. */
async function load(client: ApiClient, options: QueryOptions, text: string): Promise<LoadResponse> {
  const params = { deploymentId: options.deployment };
  const isShort = isShortQuery(text);
  for (;;) {
    const answer = isShort
      ? await client.call('loadQuery', { params, query: { query: text, branchName: options.branch } })
      : await client.call('postLoadQuery', {
          params,
          query: { branchName: options.branch },
          body: { query: parseQuery(text) },
        });
    if (!isContinueWait(answer)) return answer;
  }
}

async function runSql(context: CommandContext, client: ApiClient, options: QueryOptions, sql: string) {
  const lines: ModelSqlLine[] = [];
  const stream = client.callLines('runModelSql', {
    params: { deploymentId: options.deployment },
    query: { branchName: options.branch },
    body: { query: sql },
  });
  for await (const line of stream) {
    // The raw answer, line by line as it streams, for scripts (`jq` reads it as is).
    if (options.json) context.print(JSON.stringify(line));
    else lines.push(line);
  }
  const failure = lines.find((line) => 'error' in line);
  if (failure && 'error' in failure) throw new CliError(`the query failed: ${failure.error}`);
  if (!options.json) context.print(formatSqlLines(lines));
}

function isShortQuery(text: string): boolean {
  return encodeURIComponent(text).length <= maximumQueryUrlLength;
}

async function showSql(context: CommandContext, client: ApiClient, options: QueryOptions, text: string) {
  const params = { deploymentId: options.deployment };
  const generated = isShortQuery(text)
    ? await client.call('getQuerySql', { params, query: { query: text, branchName: options.branch } })
    : await client.call('generateQuerySql', {
        params,
        query: { branchName: options.branch },
        body: { query: parseQuery(text) },
      });
  context.render(options, generated, (value) =>
    (Array.isArray(value) ? value : [value])
      .map(({ sql }) => [sql.sql[0], '', `parameters: ${JSON.stringify(sql.sql[1])}`].join('\n'))
      .join('\n\n'),
  );
}

/** Plans the query as `load` would (names, access policies, SQL) without running it. */
async function dryRun(context: CommandContext, client: ApiClient, options: QueryOptions, text: string) {
  const params = { deploymentId: options.deployment };
  const answer = isShortQuery(text)
    ? await client.call('dryRunQuery', { params, query: { query: text, branchName: options.branch } })
    : await client.call('postDryRunQuery', {
        params,
        query: { branchName: options.branch },
        body: { query: parseQuery(text) },
      });
  context.render(options, answer, (value) =>
    [`the query is valid (${value.queryType})`, JSON.stringify(value.normalizedQueries[0], null, 2)].join(
      '\n',
    ),
  );
}

export function registerQueryCommand(program: Command, context: CommandContext): void {
  const command = addCommonOptions(
    program
      .command('query')
      .description(
        "query a deployment's data: a JSON semantic query, or SQL over the model with --sql\n" +
          `e.g. platform query '{"measures":["orders.count"],"dimensions":["orders.status"]}' --deployment 1`,
      )
      .argument('[query]', 'the semantic query as JSON')
      .option(
        '--sql <sql>',
        'SQL over the model instead, e.g. "SELECT status, MEASURE(count) FROM orders GROUP BY 1"',
      )
      .option('--show-sql', 'print the warehouse SQL of the JSON query instead of running it')
      .option('--dry-run', 'check the JSON query (members, access policies) without running it'),
  );
  addBranchOption(addDeploymentOption(command)).action(
    async (query: string | undefined, options: QueryOptions) => {
      if ((query === undefined) === (options.sql === undefined)) {
        throw new UsageError('give a JSON query or --sql <sql>, not both and not neither');
      }
      if (options.sql !== undefined && (options.showSql || options.dryRun)) {
        throw new UsageError('--show-sql and --dry-run take a JSON query; --sql already is SQL');
      }
      const client = await context.client(options);
      if (options.sql !== undefined) {
        await runSql(context, client, options, options.sql);
        return;
      }
      const text = query as string;
      parseQuery(text);
      if (options.showSql) {
        await showSql(context, client, options, text);
        return;
      }
      if (options.dryRun) {
        await dryRun(context, client, options, text);
        return;
      }
      const answer = await load(client, options, text);
      context.render(options, answer, (value) =>
        'data' in value ? formatLoadResult(value as LoadResult) : JSON.stringify(value, null, 2),
      );
    },
  );
}
