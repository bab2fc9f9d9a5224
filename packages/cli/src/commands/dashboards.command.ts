import { readFile } from 'node:fs/promises';
import { dashboardStatuses, reportTimeGrains, type UpdateDashboardInput } from '@platform/contract';
import { type Command, Option } from 'commander';
import type { CallInput } from '../client/api-client.js';
import { parseId } from '../program/argument-parsers.js';
import { CliError, UsageError } from '../program/cli-errors.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addVerb } from '../program/common-options.js';
import { addDeploymentOption } from '../program/deployment-options.js';
import { addPagingOptions, fetchPages, noteMorePages, type PagingOptions } from '../program/paginate.js';
import {
  formatDashboard,
  formatDashboards,
  formatDashboardVersions,
  formatPythonResult,
  formatWidgetThread,
} from './dashboard-views.js';
import { formatReportRun, parseFilters } from './report-run.command.js';

type RunWidgetBody = NonNullable<CallInput<'runDashboardWidget'>['body']>;

interface DeploymentOptions extends CommonOptions {
  deployment: number;
}

interface UpdateOptions extends DeploymentOptions {
  title?: string;
  description?: string;
  allowEmbed?: boolean;
  restrictDataDownload?: boolean;
}

/** The body of `dashboards update`: only what was given (the server leaves the rest as it is). */
function updateBodyOf(options: UpdateOptions): UpdateDashboardInput {
  const body: UpdateDashboardInput = {};
  if (options.title !== undefined) body.title = options.title;
  if (options.description !== undefined) body.description = options.description;
  if (options.allowEmbed !== undefined) body.allowEmbed = options.allowEmbed;
  if (options.restrictDataDownload !== undefined) body.restrictDataDownload = options.restrictDataDownload;
  if (Object.keys(body).length === 0) {
    throw new UsageError(
      'nothing to change: give --title, --description, --[no-]allow-embed or --[no-]restrict-data-download',
    );
  }
  return body;
}

interface RunWidgetOptions extends DeploymentOptions {
  filters?: RunWidgetBody['filters'];
  timeGrain?: RunWidgetBody['timeGrain'];
  csv?: boolean;
}

export function registerDashboardsCommands(program: Command, context: CommandContext): void {
  const dashboards = program
    .command('dashboards')
    .description('dashboards published from workbooks (publish one with `platform workbooks publish`)');

  addPagingOptions(addDeploymentOption(addVerb(dashboards, 'list', 'list the dashboards you may see')))
    .addOption(new Option('--status <status>', 'only dashboards in this status').choices(dashboardStatuses))
    .action(
      async (
        options: DeploymentOptions & PagingOptions & { status?: (typeof dashboardStatuses)[number] },
      ) => {
        const client = await context.client(options);
        const page = await fetchPages(options, (paging) =>
          client.call('listDashboards', {
            params: { deploymentId: options.deployment },
            query: { ...paging, status: options.status },
          }),
        );
        context.render(options, page, (value) => formatDashboards(value.items));
        if (!options.json) noteMorePages(context, page);
      },
    );

  addPagingOptions(
    addDeploymentOption(addVerb(dashboards, 'versions', "a dashboard's versions, newest first")),
  )
    .argument('<dashboardId>', 'dashboard id', parseId)
    .action(async (id: number, options: DeploymentOptions & PagingOptions) => {
      const client = await context.client(options);
      const page = await fetchPages(options, (paging) =>
        client.call('listDashboardVersions', {
          params: { deploymentId: options.deployment, dashboardId: id },
          query: paging,
        }),
      );
      context.render(options, page, (value) => formatDashboardVersions(value.items));
      if (!options.json) noteMorePages(context, page);
    });

  const setStatus = (verb: string, status: 'archived' | 'published', description: string) =>
    addDeploymentOption(addVerb(dashboards, verb, description))
      .argument('<dashboardId>', 'dashboard id', parseId)
      .action(async (id: number, options: DeploymentOptions) => {
        const client = await context.client(options);
        const dashboard = await client.call('updateDashboard', {
          params: { deploymentId: options.deployment, dashboardId: id },
          body: { status },
        });
        context.render(options, dashboard, formatDashboard);
      });
  setStatus('archive', 'archived', 'archive a dashboard: viewers and embed users no longer see it');
  setStatus('restore', 'published', 'publish an archived dashboard again (its latest version)');

  addDeploymentOption(addVerb(dashboards, 'update', "change a dashboard's title, description or settings"))
    .argument('<dashboardId>', 'dashboard id', parseId)
    .option('--title <title>', 'the title')
    .option('--description <text>', 'the description')
    .option('--allow-embed', 'allow signed embedding (manage rights)')
    .option('--no-allow-embed', 'refuse signed embedding (manage rights)')
    .option('--restrict-data-download', 'only users with DownloadData export data (manage rights)')
    .option('--no-restrict-data-download', 'let every viewer export data (manage rights)')
    .action(async (id: number, options: UpdateOptions) => {
      const body = updateBodyOf(options);
      const client = await context.client(options);
      const dashboard = await client.call('updateDashboard', {
        params: { deploymentId: options.deployment, dashboardId: id },
        body,
      });
      context.render(options, dashboard, formatDashboard);
    });

  addDeploymentOption(addVerb(dashboards, 'get', 'show a dashboard, at its latest or an earlier version'))
    .argument('<dashboardId>', 'dashboard id', parseId)
    .option('--version-number <number>', 'an earlier published version', parseId)
    .action(async (id: number, options: DeploymentOptions & { versionNumber?: number }) => {
      const client = await context.client(options);
      const dashboard = await client.call('getDashboard', {
        params: { deploymentId: options.deployment, dashboardId: id },
        query: { versionNumber: options.versionNumber },
      });
      context.render(options, dashboard, formatDashboard);
    });

  addDeploymentOption(
    addVerb(dashboards, 'run', "run one widget's frozen report and print its rows (--csv: as CSV)")
      .argument('<dashboardId>', 'dashboard id', parseId)
      .argument('<widgetId>', 'the widget id in the dashboard config')
      .option(
        '--filters <json>',
        "the dashboard's filter values as JSON (FILTER widgets' members)",
        parseFilters,
      )
      .addOption(
        new Option('--time-grain <grain>', "the dashboard's time grain (a TIME_GRAIN widget)").choices([
          ...reportTimeGrains,
        ]),
      )
      .option('--csv', 'print the rows as the CSV file the dashboard downloads'),
  ).action(async (dashboardId: number, widgetId: string, options: RunWidgetOptions) => {
    const client = await context.client(options);
    const input = {
      params: { deploymentId: options.deployment, dashboardId, widgetId },
      body: { filters: options.filters, timeGrain: options.timeGrain },
    };
    if (options.csv) {
      context.runtime.writeOut(
        await client.callFile('runDashboardWidget', { ...input, query: { format: 'csv' } }),
      );
      return;
    }
    context.render(options, await client.call('runDashboardWidget', input), formatReportRun);
  });

  addVerb(dashboards, 'open', 'show a dashboard by its public id (what its page shows)')
    .argument('<publicId>', 'the public id in the dashboard page address')
    .action(async (publicId: string, options: CommonOptions) => {
      const client = await context.client(options);
      const dashboard = await client.call('getDashboardByPublicId', { params: { publicId } });
      context.render(options, dashboard, formatDashboard);
    });

  addDeploymentOption(addVerb(dashboards, 'thread', "show the chat thread of a dashboard's AI widget"))
    .argument('<dashboardId>', 'dashboard id', parseId)
    .argument('<widgetId>', 'the AI widget id')
    .action(async (id: number, widgetId: string, options: DeploymentOptions) => {
      const client = await context.client(options);
      const thread = await client.call('getDashboardWidgetThread', {
        params: { deploymentId: options.deployment, dashboardId: id, widgetId },
      });
      context.render(options, thread, formatWidgetThread);
    });

  addDeploymentOption(addVerb(dashboards, 'ask', "ask a dashboard's AI widget a follow-up question"))
    .argument('<dashboardId>', 'dashboard id', parseId)
    .argument('<widgetId>', 'the AI widget id')
    .argument('<question>', 'the question')
    .option('--chat <chatId>', 'continue your follow-up thread (printed after each answer)')
    .option('--timezone <zone>', 'IANA time zone for dates in the answer')
    .action(
      async (
        id: number,
        widgetId: string,
        question: string,
        options: DeploymentOptions & { chat?: string; timezone?: string },
      ) => {
        const client = await context.client(options);
        const lines = client.callLines('streamDashboardWidgetChat', {
          params: { deploymentId: options.deployment, dashboardId: id, widgetId },
          body: { input: question, chatId: options.chat, timezone: options.timezone },
        });
        let chatId: string | null = null;
        for await (const line of lines) {
          if (options.json) context.print(JSON.stringify(line));
          else if (line.error !== undefined) throw new CliError(line.error);
          else if (
            line.role === 'assistant' &&
            !line.isInProcess &&
            line.content &&
            !line.id.startsWith('__')
          ) {
            context.print(line.content);
          }
          if (line.id === '__state__' && line.state?.chatId) chatId = line.state.chatId;
        }
        if (chatId !== null && !options.json) context.note(`(follow up with --chat ${chatId})`);
      },
    );

  addVerb(dashboards, 'python', "run the Python of a dashboard's html report in the server's sandbox")
    .argument('<publicId>', 'the public id of the dashboard')
    .option('--report <reportId>', 'the html report (default: the only one)', parseId)
    .option('--code <file>', 'run this file instead of the published code (needs edit rights)')
    .option('--filters <json>', 'dashboard filters as a JSON array')
    .action(
      async (
        publicId: string,
        options: CommonOptions & { report?: number; code?: string; filters?: string },
      ) => {
        const client = await context.client(options);
        const result = await client.call('runDashboardPython', {
          params: { publicId },
          body: {
            reportId: options.report,
            code: options.code === undefined ? undefined : await readFile(options.code, 'utf8'),
            filters: options.filters === undefined ? undefined : filtersOf(options.filters),
          },
        });
        context.render(options, result, formatPythonResult);
      },
    );
}

function filtersOf(text: string): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--filters must be JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!Array.isArray(parsed)) throw new UsageError('--filters must be a JSON array of filters');
  return parsed;
}
