import type { Command } from 'commander';
import { formatKeyValues } from '../output/key-values.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addVerb } from '../program/common-options.js';
import { addDeploymentOption } from '../program/deployment-options.js';

interface ConnectOptions extends CommonOptions {
  deployment: number;
  url: string;
  branch: string;
  token?: string;
  installationId?: string;
  owner?: string;
  repo?: string;
}

export function registerGithubCommands(program: Command, context: CommandContext): void {
  const github = program.command('github').description("a deployment's git repository");

  addDeploymentOption(addVerb(github, 'connect', "take the deployment's data model from a git repository"))
    .requiredOption('--url <repositoryUrl>', 'the https (or file) URL of the repository')
    .requiredOption('--branch <name>', 'the branch to deploy from')
    .option('--token <token>', 'an access token (stored encrypted, never shown again)')
    .option('--installation-id <id>', 'the GitHub App installation')
    .option('--owner <owner>', 'the repository owner, for a GitHub App')
    .option('--repo <name>', 'the repository name, for a GitHub App')
    .action(async (options: ConnectOptions) => {
      const client = await context.client(options);
      const result = await client.call('connectGithub', {
        params: { deploymentId: options.deployment },
        body: {
          repositoryUrl: options.url,
          branch: options.branch,
          token: options.token,
          installationId: options.installationId,
          owner: options.owner,
          repo: options.repo,
        },
      });
      context.render(options, result, (value) =>
        formatKeyValues([
          ['connected', value.connected],
          ['repository', value.repositoryUrl],
          ['branch', value.branch],
        ]),
      );
    });
}
