import type { Command } from 'commander';
import { formatKeyValues } from '../output/key-values.js';
import type { CommandContext } from '../program/command-context.js';
import { addDataModelVerb, type DataModelOptions } from './data-model-files.command.js';
import { formatBranch, formatBranches } from './data-model-views.js';

interface CreateBranchOptions extends DataModelOptions {
  from?: string;
  devMode?: boolean;
}

interface CommitOptions extends DataModelOptions {
  message?: string;
}

interface MergeOptions extends DataModelOptions {
  branch: string;
  squash?: boolean;
  deleteBranch?: boolean;
}

interface MergeToDefaultOptions extends DataModelOptions {
  message: string;
  removeBranch?: boolean;
}

/** The verbs on branches and dev mode: list, create, delete, staging on/off, enter, leave, commit, pull, merge. */
export function registerDataModelBranchCommands(dataModel: Command, context: CommandContext): void {
  const call = async (options: DataModelOptions) => ({
    client: await context.client(options),
    params: { deploymentId: options.deployment },
  });

  addDataModelVerb(dataModel, 'branches', 'list the branches', null).action(
    async (options: DataModelOptions) => {
      const { client, params } = await call(options);
      const branches = await client.call('listBranches', { params });
      context.render(options, branches, (value) => formatBranches(value.items));
    },
  );

  addDataModelVerb(dataModel, 'create-branch', 'create a branch', null)
    .argument('<name>', 'the new branch')
    .option('--from <branch>', 'fork it from this branch (default the deploy branch)')
    .option('--dev-mode', 'enter dev mode on it')
    .action(async (name: string, options: CreateBranchOptions) => {
      const { client, params } = await call(options);
      const body = { name, from: options.from, enterDevMode: options.devMode };
      context.render(options, await client.call('createBranch', { params, body }), formatBranch);
    });

  addDataModelVerb(dataModel, 'delete-branch', 'delete a branch (never the deploy branch)', null)
    .argument('<name>', 'the branch')
    .action(async (name: string, options: DataModelOptions) => {
      const { client, params } = await call(options);
      const result = await client.call('deleteBranch', { params, query: { branchName: name } });
      context.render(options, result, () => `deleted branch ${name}`);
    });

  for (const [verb, enabled] of [
    ['enable-branch', true],
    ['disable-branch', false],
  ] as const) {
    addDataModelVerb(
      dataModel,
      verb,
      `turn ${enabled ? 'on' : 'off'} the staging environment of a branch`,
      null,
    )
      .argument('<name>', 'the branch')
      .action(async (name: string, options: DataModelOptions) => {
        const { client, params } = await call(options);
        const body = { branchName: name, enabled };
        const result = await client.call('setStagingEnvironment', { params, body });
        context.render(
          options,
          result,
          (value) =>
            `staging environment of ${value.branchName} ${value.isStagingEnvironmentEnabled ? 'on' : 'off'}`,
        );
      });
  }

  addDataModelVerb(dataModel, 'dev-mode', 'enter dev mode: your own branch, forked from --branch').action(
    async (options: DataModelOptions) => {
      const { client, params } = await call(options);
      const state = await client.call('startDevMode', { params, body: { branchName: options.branch } });
      context.render(
        options,
        state,
        (value) => `dev mode on ${value.branchName} (from ${value.parentBranch})`,
      );
    },
  );

  addDataModelVerb(dataModel, 'exit-dev-mode', 'leave dev mode', null).action(
    async (options: DataModelOptions) => {
      const { client, params } = await call(options);
      context.render(options, await client.call('stopDevMode', { params }), () => 'dev mode off');
    },
  );

  addDataModelVerb(
    dataModel,
    'commit',
    'commit the changes of a dev-mode branch',
    'the branch (default yours)',
  )
    .option('--message <text>', 'the commit message')
    .action(async (options: CommitOptions) => {
      const { client, params } = await call(options);
      const body = { message: options.message, branchName: options.branch };
      const result = await client.call('commitBranch', { params, body });
      context.render(options, result, (value) =>
        formatKeyValues([
          ['commit', value.lastHash],
          ['build triggered', value.buildTriggered],
        ]),
      );
    });

  addDataModelVerb(dataModel, 'pull', 'bring a branch up to date with its parent').action(
    async (options: DataModelOptions) => {
      const { client, params } = await call(options);
      const result = await client.call('pullBranch', { params, body: { branchName: options.branch } });
      context.render(options, result, (value) =>
        formatKeyValues([
          ['commit', value.lastHash],
          ['build triggered', value.buildTriggered],
        ]),
      );
    },
  );

  addDataModelVerb(dataModel, 'merge', 'merge a branch into its parent', null)
    .requiredOption('--branch <name>', 'the branch to merge')
    .option('--squash', 'squash its commits into one')
    .option('--delete-branch', 'delete it after the merge')
    .action(async (options: MergeOptions) => {
      const { client, params } = await call(options);
      const body = {
        branchName: options.branch,
        squashCommits: options.squash,
        deleteBranch: options.deleteBranch,
      };
      const result = await client.call('mergeBranch', { params, body });
      context.render(options, result, (value) =>
        formatKeyValues([
          ['merged', value.merged],
          ['branch deleted', value.branchDeleted],
        ]),
      );
    });

  addDataModelVerb(
    dataModel,
    'merge-to-default',
    'merge a branch into the deploy branch',
    'the branch (default yours)',
  )
    .requiredOption('--message <text>', 'the merge commit message')
    .option('--remove-branch', 'delete the branch after the merge')
    .action(async (options: MergeToDefaultOptions) => {
      const { client, params } = await call(options);
      const body = {
        message: options.message,
        branchName: options.branch,
        removeBranchAfterMerge: options.removeBranch,
      };
      const result = await client.call('mergeToDefault', { params, body });
      context.render(options, result, (value) =>
        formatKeyValues([
          ['merged', value.merged],
          ['branch deleted', value.branchDeleted],
          ['commit', value.lastHash],
          ['pushed', value.pushed],
        ]),
      );
    });
}
