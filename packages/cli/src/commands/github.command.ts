import type { Command } from 'commander';
import { formatKeyValues } from '../output/key-values.js';
import { UsageError } from '../program/cli-errors.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addVerb } from '../program/common-options.js';
import { addDeploymentOption } from '../program/deployment-options.js';
import { addPagingOptions, fetchPages, noteMorePages, type PagingOptions } from '../program/paginate.js';
import {
  formatGitHubBranches,
  formatGitHubInstallations,
  formatGitHubRepositories,
  formatGitHubStatus,
} from './github-views.js';

interface ConnectOptions extends CommonOptions {
  deployment: number;
  url?: string;
  branch?: string;
  token?: string;
  installationId?: string;
  owner?: string;
  repo?: string;
}

interface ListOptions extends CommonOptions, PagingOptions {}

export function registerGithubCommands(program: Command, context: CommandContext): void {
  const github = program
    .command('github')
    .description("the platform's GitHub App and a deployment's git repository");

  addVerb(github, 'status', 'whether the GitHub App is configured and installed').action(
    async (options: CommonOptions) => {
      const client = await context.client(options);
      context.render(options, await client.call('getGithubStatus', {}), formatGitHubStatus);
    },
  );

  addPagingOptions(addVerb(github, 'installations', "list the GitHub App's installations")).action(
    async (options: ListOptions) => {
      const client = await context.client(options);
      const page = await fetchPages(options, (paging) =>
        client.call('listGithubInstallations', { query: paging }),
      );
      context.render(options, page, (value) => formatGitHubInstallations(value.items));
      if (!options.json) noteMorePages(context, page);
    },
  );

  addPagingOptions(
    addVerb(github, 'repos', 'list the repositories an installation reaches').argument(
      '<installationId>',
      'the installation (see github installations)',
    ),
  ).action(async (installationId: string, options: ListOptions) => {
    const client = await context.client(options);
    const page = await fetchPages(options, (paging) =>
      client.call('listGithubRepositories', {
        params: { installationId: Number(installationId) },
        query: paging,
      }),
    );
    context.render(options, page, (value) => formatGitHubRepositories(value.items));
    if (!options.json) noteMorePages(context, page);
  });

  addPagingOptions(
    addVerb(github, 'branches', 'list the branches of a repository')
      .argument('<owner/repo>', 'the repository, as owner/name')
      .requiredOption('--installation <installationId>', 'the installation that reaches the repository'),
  ).action(async (fullName: string, options: ListOptions & { installation: string }) => {
    const [owner, repo, ...rest] = fullName.split('/');
    if (!owner || !repo || rest.length > 0) throw new UsageError('give the repository as owner/name');
    const client = await context.client(options);
    const page = await fetchPages(options, (paging) =>
      client.call('listGithubBranches', {
        params: { owner, repo },
        query: { ...paging, installationId: Number(options.installation) },
      }),
    );
    context.render(options, page, (value) => formatGitHubBranches(value.items));
    if (!options.json) noteMorePages(context, page);
  });

  addDeploymentOption(
    addVerb(github, 'connect', "take the deployment's data model from a git repository").argument(
      '[repository]',
      'with --installation-id: the repository name without its owner',
    ),
  )
    .option('--url <repositoryUrl>', 'the https (or file) URL of the repository')
    .option('--branch <name>', "the branch to deploy from (default: the GitHub repository's default)")
    .option('--token <token>', 'an access token (stored encrypted, never shown again)')
    .option('--installation-id <id>', 'the GitHub App installation that reaches the repository')
    .option('--owner <owner>', 'the repository owner (default: the installation account)')
    .option('--repo <name>', 'the repository name, as the positional argument')
    .action(async (repository: string | undefined, options: ConnectOptions) => {
      const name = repository ?? options.repo;
      if (options.url === undefined && (options.installationId === undefined || name === undefined)) {
        throw new UsageError('give --url, or --installation-id and the repository name');
      }
      const client = await context.client(options);
      const result = await client.call('connectGithub', {
        params: { deploymentId: options.deployment },
        body: {
          repositoryUrl: options.url,
          branch: options.branch,
          token: options.token,
          installationId: options.installationId,
          owner: options.owner,
          ...(options.url === undefined ? { name } : { repo: options.repo }),
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
