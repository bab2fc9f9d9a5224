import { resolve } from 'node:path';
import type { Command } from 'commander';
import { defaultDeployTiming, deployModel } from '../deploy/deploy-model.js';
import { type DeploySummary, formatBuildOutcome, formatSummary } from '../deploy/deploy-progress.js';
import { httpDeployApi } from '../deploy/http-deploy-api.js';
import { CliError } from '../program/cli-errors.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addCommonOptions } from '../program/common-options.js';
import {
  addBranchOption,
  addDeploymentOption,
  parseConcurrency,
  parseSeconds,
} from '../program/deployment-options.js';
import { PollTimeoutError } from '../program/poll-until.js';

interface DeployCommandOptions extends CommonOptions {
  deployment: number;
  branch?: string;
  message?: string;
  remove: boolean;
  wait: boolean;
  timeout?: number;
  concurrency?: number;
}

/** Prints the outcome; a failed build exits 1 after its errors are shown, whatever the output mode. */
function report(context: CommandContext, options: DeployCommandOptions, summary: DeploySummary): void {
  // The summary is for a person, like the progress lines: stderr, so --json keeps stdout parseable.
  context.note(formatSummary(summary));
  if (options.json) context.printJson(summary);
  const build = summary.build;
  if (!build) return;
  if (build.status === 'failed') {
    context.note(formatBuildOutcome(build));
    throw new CliError(`the build of ${build.branchName ?? 'the branch'} failed`);
  }
  if (!options.json) context.print(formatBuildOutcome(build));
  if (build.status !== 'built' && build.status !== 'none') {
    throw new CliError(`the build ended ${build.status}`);
  }
}

export function registerDeployCommand(program: Command, context: CommandContext): void {
  const deploy = addBranchOption(
    addDeploymentOption(
      addCommonOptions(
        program
          .command('deploy')
          .description(
            "upload a folder's data model (*.yml, *.yaml, model/**): only changed files, one commit, then wait for the build",
          )
          .argument('[directory]', 'the folder holding the model', '.'),
      ),
    ),
  );
  deploy
    .option('--message <text>', 'the commit message')
    .option('--no-remove', 'keep files the server has and the folder lacks')
    .option('--no-wait', 'do not wait for the build')
    .option('--timeout <seconds>', 'how long to wait for the build (default 300)', parseSeconds)
    .option(
      '--concurrency <count>',
      `parallel uploads (default ${defaultDeployTiming.concurrency})`,
      parseConcurrency,
    )
    .action(async (directory: string, options: DeployCommandOptions) => {
      const client = await context.client(options);
      try {
        const summary = await deployModel(httpDeployApi(client, options.deployment), {
          ...defaultDeployTiming,
          deploymentId: options.deployment,
          directory: resolve(directory),
          branchName: options.branch,
          commitMessage: options.message,
          remove: options.remove,
          wait: options.wait,
          concurrency: options.concurrency ?? defaultDeployTiming.concurrency,
          timeoutMilliseconds: options.timeout ?? defaultDeployTiming.timeoutMilliseconds,
          onProgress: (line) => context.note(line),
        });
        report(context, options, summary);
      } catch (error) {
        if (error instanceof PollTimeoutError) {
          throw new CliError(
            `uploaded, but the build is ${error.message}; see platform deployments build-status`,
          );
        }
        throw error;
      }
    });
}
