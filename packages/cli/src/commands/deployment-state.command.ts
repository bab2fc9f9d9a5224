import { CreationStep } from '@platform/contract';
import { type Command, Option } from 'commander';
import { defaultDeployTiming } from '../deploy/deploy-model.js';
import { type ChoiceOf, parseId } from '../program/argument-parsers.js';
import { CliError } from '../program/cli-errors.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addVerb } from '../program/common-options.js';
import { parseSeconds } from '../program/deployment-options.js';
import { PollTimeoutError, pollUntil } from '../program/poll-until.js';
import {
  formatBuildStatus,
  formatDeployment,
  formatDeploymentSettings,
  formatPods,
  formatVersions,
} from './deployment-views.js';

interface ResetOptions extends CommonOptions {
  step?: ChoiceOf<typeof CreationStep>;
}

interface BuildStatusOptions extends CommonOptions {
  branch?: string;
  wait?: boolean;
  timeout?: number;
}

/** The verbs that read or move a deployment's state: settings, versions, set-up steps, pods, builds. */
export function registerDeploymentStateCommands(deployments: Command, context: CommandContext): void {
  addVerb(deployments, 'settings', 'show all settings of a deployment')
    .argument('<deploymentId>', 'deployment id', parseId)
    .action(async (deploymentId: number, options: CommonOptions) => {
      const client = await context.client(options);
      const settings = await client.call('getDeploymentSettings', { params: { deploymentId } });
      context.render(options, settings, formatDeploymentSettings);
    });

  addVerb(deployments, 'versions', 'engine versions the deployment can switch to')
    .argument('<deploymentId>', 'deployment id', parseId)
    .action(async (deploymentId: number, options: CommonOptions) => {
      const client = await context.client(options);
      const versions = await client.call('listDeploymentVersions', { params: { deploymentId } });
      context.render(options, versions, (value) => formatVersions(value.items));
    });

  addVerb(deployments, 'advance-step', 'move the set-up wizard to its next step')
    .argument('<deploymentId>', 'deployment id', parseId)
    .action(async (deploymentId: number, options: CommonOptions) => {
      const client = await context.client(options);
      const deployment = await client.call('advanceCreationStep', { params: { deploymentId } });
      context.render(options, deployment, formatDeployment);
    });

  addVerb(deployments, 'reset-step', 'move the set-up wizard back to an earlier step')
    .argument('<deploymentId>', 'deployment id', parseId)
    .addOption(
      new Option('--step <step>', 'the step to go back to (default the first)').choices(CreationStep.options),
    )
    .action(async (deploymentId: number, options: ResetOptions) => {
      const client = await context.client(options);
      const body = options.step ? { step: options.step } : {};
      const deployment = await client.call('resetCreationStep', { params: { deploymentId }, body });
      context.render(options, deployment, formatDeployment);
    });

  addVerb(deployments, 'pods', 'the processes serving the deployment')
    .argument('<deploymentId>', 'deployment id', parseId)
    .action(async (deploymentId: number, options: CommonOptions) => {
      const client = await context.client(options);
      const pods = await client.call('listDeploymentPods', { params: { deploymentId } });
      context.render(options, pods, (value) => formatPods(value.items));
    });

  addVerb(deployments, 'build-status', "build state of a branch's data model")
    .argument('<deploymentId>', 'deployment id', parseId)
    .option('--branch <name>', 'the branch (default the deploy branch)')
    .option('--wait', 'poll until the build is no longer building')
    .option('--timeout <seconds>', 'how long --wait waits (default 300)', parseSeconds)
    .action(async (deploymentId: number, options: BuildStatusOptions) => {
      const client = await context.client(options);
      const read = () =>
        client.call('getBuildStatus', { params: { deploymentId }, query: { branchName: options.branch } });
      const status = options.wait
        ? await pollUntil(read, (value) => value.status !== 'building', {
            intervalMilliseconds: defaultDeployTiming.pollIntervalMilliseconds,
            firstIntervalMilliseconds: defaultDeployTiming.firstPollIntervalMilliseconds,
            timeoutMilliseconds: options.timeout ?? defaultDeployTiming.timeoutMilliseconds,
          }).catch((error: unknown) => {
            if (error instanceof PollTimeoutError) throw new CliError(`the build is ${error.message}`);
            throw error;
          })
        : await read();
      context.render(options, status, formatBuildStatus);
      // A failed or cancelled build is a non-zero exit with or without --wait, so scripts can gate on it.
      if (status.status === 'failed' || status.status === 'cancelled') {
        throw new CliError(`the build of ${status.branchName} ${status.status}`);
      }
    });
}
