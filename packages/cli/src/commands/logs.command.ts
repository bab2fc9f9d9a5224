import { type LogContainer, type LogSource, logContainers, logSources } from '@platform/contract';
import { type Command, Option } from 'commander';
import { formatTable } from '../output/table.js';
import { parseId } from '../program/argument-parsers.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addCommonOptions } from '../program/common-options.js';
import { addPagingOptions, fetchPages, noteMorePages, type PagingOptions } from '../program/paginate.js';

interface LogsOptions extends CommonOptions, PagingOptions {
  source?: LogSource;
  container?: LogContainer;
  pod?: string;
}

export function registerLogsCommand(program: Command, context: CommandContext): void {
  const logs = addCommonOptions(
    program
      .command('logs')
      .description("a deployment's log lines, oldest first")
      .argument('<deploymentId>', 'deployment id', parseId)
      .addOption(new Option('--source <source>', 'production or dev').choices(logSources))
      .addOption(
        new Option('--container <container>', 'only this part of the deployment').choices(logContainers),
      )
      .option('--pod <name>', 'only this pod (see deployments pods)'),
  );
  addPagingOptions(logs).action(async (deploymentId: number, options: LogsOptions) => {
    const client = await context.client(options);
    const page = await fetchPages(options, (paging) =>
      client.call('listDeploymentLogs', {
        params: { deploymentId },
        query: { ...paging, source: options.source, container: options.container, pod: options.pod },
      }),
    );
    context.render(options, page, (value) =>
      value.items.length === 0
        ? 'no log lines'
        : formatTable(
            [
              { header: 'DATE', value: (entry) => entry.date },
              { header: 'POD', value: (entry) => entry.pod },
              { header: 'CONTAINER', value: (entry) => entry.container },
              { header: 'MESSAGE', value: (entry) => entry.message },
            ],
            value.items,
          ),
    );
    if (!options.json) noteMorePages(context, page);
  });
}
