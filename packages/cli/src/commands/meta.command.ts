import type { Command } from 'commander';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addCommonOptions } from '../program/common-options.js';
import { addBranchOption, addDeploymentOption } from '../program/deployment-options.js';
import { formatMetadata } from './query-views.js';

interface MetaOptions extends CommonOptions {
  deployment: number;
  branch?: string;
}

export function registerMetaCommand(program: Command, context: CommandContext): void {
  const command = addCommonOptions(
    program
      .command('meta')
      .description("the cubes and views of a deployment's data model, with their members"),
  );
  addBranchOption(addDeploymentOption(command)).action(async (options: MetaOptions) => {
    const client = await context.client(options);
    const metadata = await client.call('getModelMetadata', {
      params: { deploymentId: options.deployment },
      query: { branchName: options.branch },
    });
    context.render(options, metadata, formatMetadata);
  });
}
