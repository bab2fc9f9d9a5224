import { reportTimeGrains } from '@platform/contract';
import { type Command, Option } from 'commander';
import type { CallInput } from '../client/api-client.js';
import { parseId } from '../program/argument-parsers.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addVerb } from '../program/common-options.js';
import { addDeploymentOption } from '../program/deployment-options.js';
import { formatDashboard } from './dashboard-views.js';
import { formatReportRun, parseFilters } from './report-run.command.js';

type RunWidgetBody = NonNullable<CallInput<'runDashboardWidget'>['body']>;

interface DeploymentOptions extends CommonOptions {
  deployment: number;
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
}
