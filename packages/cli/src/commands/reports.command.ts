import { readFile } from 'node:fs/promises';
import { type CreateReportInput, reportKinds, reportSortKeys } from '@platform/contract';
import { type Command, Option } from 'commander';
import { parseId } from '../program/argument-parsers.js';
import { UsageError } from '../program/cli-errors.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addVerb } from '../program/common-options.js';
import { addDeploymentOption } from '../program/deployment-options.js';
import { addPagingOptions, fetchPages, noteMorePages, type PagingOptions } from '../program/paginate.js';
import { formatReport, formatReportFolders, formatReports } from './report-views.js';

interface DeploymentOptions extends CommonOptions {
  deployment: number;
}

interface ListOptions extends DeploymentOptions {
  sortBy?: (typeof reportSortKeys)[number];
  sortDirection?: 'asc' | 'desc';
  search?: string;
  folder?: number;
  workbook?: number;
  externalWorkbook?: string;
  limit?: number;
  page?: number;
  after?: string;
}

interface ReportOptions extends DeploymentOptions {
  name?: string;
  folder?: string;
  workbook?: string;
  jsonQuery?: string;
  sql?: string;
  spec?: string;
  kind?: string;
  data?: string;
}

interface ConnectOptions extends DeploymentOptions {
  externalWorkbook: string;
  location: string;
  endCell?: string;
}

/** `@file` reads the value from a file, as curl does, so long documents stay out of the shell history. */
export async function jsonOption(value: string, option: string): Promise<unknown> {
  const text = value.startsWith('@') ? await readFile(value.slice(1), 'utf8') : value;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${option} must be JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** An id, or `none` (the root, no workbook). */
function idOrNone(value: string | undefined, option: string): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === 'none') return null;
  if (!/^[1-9][0-9]*$/.test(value)) throw new UsageError(`${option} must be an id or none`);
  return Number(value);
}

/** The body of a create or update: `--data` for every field, the named options on top of it. */
async function reportBodyOf(options: ReportOptions): Promise<Record<string, unknown>> {
  const data = options.data === undefined ? {} : await jsonOption(options.data, '--data');
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new UsageError('--data must be a JSON object of report fields');
  }
  const named: Record<string, unknown> = {
    name: options.name,
    folderId: idOrNone(options.folder, '--folder'),
    workbookId: idOrNone(options.workbook, '--workbook'),
    jsonQuery:
      options.jsonQuery === undefined ? undefined : await jsonOption(options.jsonQuery, '--json-query'),
    sqlQuery: options.sql,
    kind: options.kind,
  };
  if (options.spec !== undefined) {
    // A spec given as text that is not JSON is sent as it is: the server says what is wrong with it.
    named.spec = options.spec.startsWith('@')
      ? await jsonOption(options.spec, '--spec')
      : parseOrText(options.spec);
  }
  const body: Record<string, unknown> = { ...data };
  for (const [key, value] of Object.entries(named)) if (value !== undefined) body[key] = value;
  return body;
}

function parseOrText(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

function addReportOptions(command: Command): Command {
  return command
    .option('--folder <id>', 'the folder it is in (none: the root)')
    .option('--workbook <id>', 'the workbook it belongs to (none: no workbook)')
    .option('--json-query <json>', 'the data-API query, as JSON (or @file)')
    .option('--sql <sql>', 'SQL over the model instead of a JSON query')
    .option('--spec <json>', 'the Vega-Lite spec, as JSON (or @file)')
    .addOption(new Option('--kind <kind>', 'how it is shown').choices([...reportKinds]))
    .option('--data <json>', 'any other report fields, as a JSON object (or @file)');
}

/** `platform reports …`: a deployment's reports (running them is `reports run`). */
export function registerReportsCommands(program: Command, context: CommandContext): Command {
  const reports = program.command('reports').description("a deployment's reports");

  addDeploymentOption(addVerb(reports, 'list', 'list the reports you may see'))
    .addOption(new Option('--sort-by <key>', 'sort key').choices([...reportSortKeys]))
    .addOption(new Option('--sort-direction <direction>', 'sort direction').choices(['asc', 'desc']))
    .option('--search <text>', 'part of the name or title')
    .option('--folder <id>', 'only the reports in this folder', parseId)
    .option('--workbook <id>', 'only the reports of this workbook', parseId)
    .option('--external-workbook <id>', 'only the reports placed in this spreadsheet')
    .option('--limit <count>', 'page size (at most 100)', parseId)
    .option('--page <number>', 'page number, from 1', parseId)
    .option('--after <cursor>', 'start after this cursor (the endCursor of the previous page)')
    .action(async (options: ListOptions) => {
      const client = await context.client(options);
      const result = await client.call('listReports', {
        params: { deploymentId: options.deployment },
        query: {
          sortBy: options.sortBy,
          sortDirection: options.sortDirection,
          search: options.search,
          folderId: options.folder?.toString(),
          workbookId: options.workbook?.toString(),
          externalWorkbookId: options.externalWorkbook,
          limit: options.limit?.toString(),
          page: options.page?.toString(),
          after: options.after,
        },
      });
      context.render(options, result, (value) => formatReports(value.items));
      if (!options.json && result.pageInfo.hasNextPage && result.pageInfo.endCursor) {
        context.note(`more results: add --after ${result.pageInfo.endCursor}`);
      }
    });

  addDeploymentOption(addVerb(reports, 'get', 'show one report'))
    .argument('<reportId>', 'report id', parseId)
    .action(async (reportId: number, options: DeploymentOptions) => {
      const client = await context.client(options);
      const report = await client.call('getReport', {
        params: { deploymentId: options.deployment, reportId },
      });
      context.render(options, report, formatReport);
    });

  addReportOptions(addDeploymentOption(addVerb(reports, 'create', 'create a report')))
    .requiredOption('--name <name>', 'the report name')
    .action(async (options: ReportOptions) => {
      const client = await context.client(options);
      const report = await client.call('createReport', {
        params: { deploymentId: options.deployment },
        body: (await reportBodyOf(options)) as CreateReportInput,
      });
      context.render(options, report, formatReport);
    });

  addReportOptions(addDeploymentOption(addVerb(reports, 'update', 'change a report; options left out stay')))
    .argument('<reportId>', 'report id', parseId)
    .option('--name <name>', 'a new name')
    .action(async (reportId: number, options: ReportOptions) => {
      const client = await context.client(options);
      const report = await client.call('updateReport', {
        params: { deploymentId: options.deployment, reportId },
        body: await reportBodyOf(options),
      });
      context.render(options, report, formatReport);
    });

  addDeploymentOption(addVerb(reports, 'delete', 'delete a report and its spreadsheet placements'))
    .argument('<reportId>', 'report id', parseId)
    .action(async (reportId: number, options: DeploymentOptions) => {
      const client = await context.client(options);
      const result = await client.call('deleteReport', {
        params: { deploymentId: options.deployment, reportId },
      });
      context.render(options, result, () => `deleted report ${reportId}`);
    });

  addReportOptions(
    addDeploymentOption(addVerb(reports, 'upsert', 'create or update the report with this publicId')),
  )
    .argument('<publicId>', 'the public id: 12 characters of 0-9, A-Z, a-z')
    .option('--name <name>', 'the name (required to create)')
    .action(async (publicId: string, options: ReportOptions) => {
      const client = await context.client(options);
      const report = await client.call('upsertReportByPublicId', {
        params: { deploymentId: options.deployment, publicId },
        body: await reportBodyOf(options),
      });
      context.render(options, report, formatReport);
    });

  addDeploymentOption(addVerb(reports, 'connect-workbook', "place a report's result in a spreadsheet"))
    .argument('<reportId>', 'report id', parseId)
    .requiredOption('--external-workbook <id>', 'the spreadsheet id')
    .requiredOption('--location <cell>', 'where the result starts, e.g. Sheet1!A1')
    .option('--end-cell <cell>', 'where the result ends')
    .action(async (reportId: number, options: ConnectOptions) => {
      const client = await context.client(options);
      const report = await client.call('connectReportToWorkbook', {
        params: { deploymentId: options.deployment, reportId },
        body: {
          externalWorkbookId: options.externalWorkbook,
          resultLocation: options.location,
          endResultCell: options.endCell,
        },
      });
      context.render(options, report, formatReport);
    });

  addDeploymentOption(addVerb(reports, 'refresh', "check a report's query against the current model"))
    .argument('<reportId>', 'report id', parseId)
    .action(async (reportId: number, options: DeploymentOptions) => {
      const client = await context.client(options);
      const report = await client.call('refreshReport', {
        params: { deploymentId: options.deployment, reportId },
      });
      context.render(options, report, (value) => `report ${value.id} compiles against the current model`);
    });

  addPagingOptions(
    addDeploymentOption(addVerb(reports, 'folders', 'list every folder with the number of reports in it')),
  ).action(async (options: DeploymentOptions & PagingOptions) => {
    const client = await context.client(options);
    const page = await fetchPages(options, (paging) =>
      client.call('listReportFolders', { params: { deploymentId: options.deployment }, query: paging }),
    );
    context.render(options, page, (value) => formatReportFolders(value.items));
    if (!options.json) noteMorePages(context, page);
  });

  return reports;
}
