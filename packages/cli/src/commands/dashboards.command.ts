import { reportTimeGrains } from '@platform/contract';
import { type Command, Option } from 'commander';
import { parseId } from '../program/argument-parsers.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addVerb } from '../program/common-options.js';
import { addDeploymentOption } from '../program/deployment-options.js';
import { formatDashboard } from './dashboard-views.js';
import { formatReportRun } from './report-run.command.js';

interface DeploymentOptions extends CommonOptions {
  deployment: number;
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

  addVerb(dashboards, 'open', 'show a dashboard by its public id (what its page shows)')
    .argument('<publicId>', 'the public id in the dashboard page address')
    .action(async (publicId: string, options: CommonOptions) => {
      const client = await context.client(options);
      const dashboard = await client.call('getDashboardByPublicId', { params: { publicId } });
      context.render(options, dashboard, formatDashboard);
    });

  addDeploymentOption(
    addVerb(dashboards, 'run-widget', "run a CHART widget's frozen report and print its rows")
      .argument('<dashboardId>', 'dashboard id', parseId)
      .argument('<widgetId>', 'the widget id in the dashboard config')
      .addOption(
        new Option('--time-grain <grain>', 'the granularity of its time dimensions').choices([
          ...reportTimeGrains,
        ]),
      ),
  ).action(
    async (
      dashboardId: number,
      widgetId: string,
      options: DeploymentOptions & { timeGrain?: (typeof reportTimeGrains)[number] },
    ) => {
      const client = await context.client(options);
      const result = await client.call('runDashboardWidget', {
        params: { deploymentId: options.deployment, dashboardId, widgetId },
        body: { timeGrain: options.timeGrain },
      });
      context.render(options, result, formatReportRun);
    },
  );
}
