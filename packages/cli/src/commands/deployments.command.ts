import { CloudProvider, CreationMethod, CreationStep, DeployMode, ReleaseChannel } from '@platform/contract';
import { type Command, Option } from 'commander';
import { type ChoiceOf, parseId } from '../program/argument-parsers.js';
import { UsageError } from '../program/cli-errors.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addVerb } from '../program/common-options.js';
import { addPagingOptions, fetchPages, noteMorePages, type PagingOptions } from '../program/paginate.js';
import { registerDeploymentStateCommands } from './deployment-state.command.js';
import { registerDeploymentTokenCommand } from './deployment-token.command.js';
import { formatDeployment, formatDeploymentSettings, formatDeployments } from './deployment-views.js';

interface ListOptions extends CommonOptions, PagingOptions {
  creationStep?: ChoiceOf<typeof CreationStep>;
}

interface SettingsOptions extends CommonOptions {
  name?: string;
  cloudProvider?: ChoiceOf<typeof CloudProvider>;
  creationMethod?: ChoiceOf<typeof CreationMethod>;
  deployMode?: ChoiceOf<typeof DeployMode>;
  region?: string;
}

interface UpdateOptions extends SettingsOptions {
  releaseChannel?: ChoiceOf<typeof ReleaseChannel>;
  releaseChannelVersion?: string;
  unpinVersion?: boolean;
  deployBranchName?: string;
}

/** The options create and update share, with the contract's enums as choices. */
function addSettingsOptions(command: Command): Command {
  return command
    .addOption(new Option('--cloud-provider <provider>', 'cloud provider').choices(CloudProvider.options))
    .addOption(
      new Option('--creation-method <method>', 'how the data model arrives').choices(CreationMethod.options),
    )
    .addOption(
      new Option('--deploy-mode <mode>', 'deploy from git or from the CLI').choices(DeployMode.options),
    )
    .option('--region <region>', 'one of `platform regions`');
}

export function registerDeploymentsCommands(program: Command, context: CommandContext): void {
  const deployments = program.command('deployments').description('deployments of the account');

  const list = addVerb(deployments, 'list', 'list the deployments').addOption(
    new Option('--creation-step <step>', 'only deployments at this set-up step').choices(
      CreationStep.options,
    ),
  );
  addPagingOptions(list).action(async (options: ListOptions) => {
    const client = await context.client(options);
    const page = await fetchPages(options, (paging) =>
      client.call('listDeployments', { query: { ...paging, creationStep: options.creationStep } }),
    );
    context.render(options, page, (value) => formatDeployments(value.items));
    if (!options.json) noteMorePages(context, page);
  });

  addVerb(deployments, 'get', 'show one deployment')
    .argument('<deploymentId>', 'deployment id', parseId)
    .action(async (deploymentId: number, options: CommonOptions) => {
      const client = await context.client(options);
      context.render(
        options,
        await client.call('getDeployment', { params: { deploymentId } }),
        formatDeployment,
      );
    });

  addSettingsOptions(
    addVerb(deployments, 'create', 'create a deployment').requiredOption('--name <name>', 'name'),
  ).action(async (options: SettingsOptions & { name: string }) => {
    const client = await context.client(options);
    const created = await client.call('createDeployment', {
      body: {
        name: options.name,
        cloudProvider: options.cloudProvider,
        creationMethod: options.creationMethod,
        deployMode: options.deployMode,
        region: options.region,
      },
    });
    context.render(options, created, formatDeploymentSettings);
  });

  addSettingsOptions(
    addVerb(deployments, 'update', 'change settings of a deployment (only the fields given)')
      .argument('<deploymentId>', 'deployment id', parseId)
      .option('--name <name>', 'new name'),
  )
    .addOption(
      new Option('--release-channel <channel>', 'engine release channel').choices(ReleaseChannel.options),
    )
    .option('--release-channel-version <version>', 'pin an engine version: 1.2.3, v1.2.3 or <image>:v1.2.3')
    .option('--unpin-version', 'follow the release channel again instead of a pinned version')
    .option('--deploy-branch-name <branch>', 'the branch deployed to production')
    .action(async (deploymentId: number, options: UpdateOptions) => {
      if (options.releaseChannelVersion && options.unpinVersion) {
        throw new UsageError('give --release-channel-version or --unpin-version, not both');
      }
      const body = {
        name: options.name,
        cloudProvider: options.cloudProvider,
        creationMethod: options.creationMethod,
        deployMode: options.deployMode,
        region: options.region,
        releaseChannel: options.releaseChannel,
        releaseChannelVersion: options.unpinVersion ? null : options.releaseChannelVersion,
        deployBranchName: options.deployBranchName,
      };
      if (Object.values(body).every((value) => value === undefined)) {
        throw new UsageError('give at least one setting to change (see platform deployments update --help)');
      }
      const client = await context.client(options);
      const updated = await client.call('updateDeployment', { params: { deploymentId }, body });
      context.render(options, updated, formatDeploymentSettings);
    });

  addVerb(deployments, 'delete', 'delete a deployment and everything scoped to it')
    .argument('<deploymentId>', 'deployment id', parseId)
    .action(async (deploymentId: number, options: CommonOptions) => {
      const client = await context.client(options);
      const result = await client.call('deleteDeployment', { params: { deploymentId } });
      context.render(options, result, () => `deleted deployment ${deploymentId}`);
    });

  registerDeploymentStateCommands(deployments, context);
  registerDeploymentTokenCommand(deployments, context);
}
