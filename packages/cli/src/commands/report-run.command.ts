import { type OperationResult, type Operations, reportTimeGrains } from '@platform/contract';
import { type Command, InvalidArgumentError, Option } from 'commander';
import type { CallInput } from '../client/api-client.js';
import { formatTable } from '../output/table.js';
import { parseId } from '../program/argument-parsers.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addVerb } from '../program/common-options.js';
import { addDeploymentOption } from '../program/deployment-options.js';

type RunReportBody = NonNullable<CallInput<'runReport'>['body']>;
type ReportRunResult = OperationResult<Operations['runReport']>;

interface RunOptions extends CommonOptions {
  deployment: number;
  filters?: RunReportBody['filters'];
  timeGrain?: RunReportBody['timeGrain'];
}

const filtersExample = '[{"member":"orders.status","operator":"equals","values":["completed"]}]';

/** Only the shape of a JSON array is checked here: the server names every bad field of a filter. */
export function parseFilters(value: string): RunReportBody['filters'] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new InvalidArgumentError(`must be a JSON array of filters, e.g. ${filtersExample}`);
  }
  if (!Array.isArray(parsed)) {
    throw new InvalidArgumentError(`must be a JSON array of filters, e.g. ${filtersExample}`);
  }
  return parsed as RunReportBody['filters'];
}

/** The rows as a table, one column per schema column (a JSON query's rows also hold alias keys). */
export function formatReportRun(result: ReportRunResult): string {
  if (result.data.length === 0) return '(no rows)';
  return formatTable(
    result.schema.map((column) => ({
      header: column.name,
      value: (row: Record<string, unknown>) => row[column.name],
    })),
    result.data,
  );
}

/**
 * `platform reports run`: the report's query as the caller, with dashboard filters and a time grain.
 * Added to the `reports` group when it exists (the reports CRUD commands), else it makes the group.
 */
export function registerReportRunCommand(program: Command, context: CommandContext): void {
  const reports =
    program.commands.find((command) => command.name() === 'reports') ??
    program.command('reports').description("a deployment's reports");
  addDeploymentOption(
    addVerb(reports, 'run', "run a report's query and print its rows (--json: the whole result)")
      .argument('<reportId>', 'report id', parseId)
      .option('--filters <json>', `dashboard filters as JSON, e.g. '${filtersExample}'`, parseFilters)
      .addOption(
        new Option('--time-grain <grain>', 'the granularity of its time dimensions').choices([
          ...reportTimeGrains,
        ]),
      ),
  ).action(async (reportId: number, options: RunOptions) => {
    const client = await context.client(options);
    const result = await client.call('runReport', {
      params: { deploymentId: options.deployment, reportId },
      body: { filters: options.filters, timeGrain: options.timeGrain },
    });
    context.render(options, result, formatReportRun);
  });
}
