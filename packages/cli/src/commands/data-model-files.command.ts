import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { CliError, UsageError } from '../program/cli-errors.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addVerb } from '../program/common-options.js';
import { addBranchOption, addDeploymentOption } from '../program/deployment-options.js';
import { findFile, formatFileHashes, formatFileList, formatValidation } from './data-model-views.js';

export interface DataModelOptions extends CommonOptions {
  deployment: number;
  branch?: string;
}

interface PutOptions extends DataModelOptions {
  file?: string;
  content?: string;
}

/** A data-model verb: `--deployment` always, `--branch` for those that take one. */
export function addDataModelVerb(
  group: Command,
  nameAndArguments: string,
  description: string,
  branchDescription: string | null = 'the branch (default the deploy branch)',
): Command {
  const command = addDeploymentOption(addVerb(group, nameAndArguments, description));
  return branchDescription === null ? command : addBranchOption(command, branchDescription);
}

async function contentOf(options: PutOptions): Promise<string> {
  if ((options.file === undefined) === (options.content === undefined)) {
    throw new UsageError('give exactly one of --file <path> or --content <text>');
  }
  if (options.content !== undefined) return options.content;
  try {
    return await readFile(options.file as string, 'utf8');
  } catch (error) {
    throw new CliError(`cannot read ${options.file}: ${error instanceof Error ? error.message : error}`);
  }
}

const writeBranch = 'the dev-mode branch to write to (default your own)';

/** The verbs on files of the data model: read, write, hash, validate. */
export function registerDataModelFileCommands(dataModel: Command, context: CommandContext): void {
  addDataModelVerb(dataModel, 'list', 'list the files of a branch').action(
    async (options: DataModelOptions) => {
      const client = await context.client(options);
      const listing = await client.call('listDataModelFiles', {
        params: { deploymentId: options.deployment },
        query: { branchName: options.branch },
      });
      context.render(options, listing, formatFileList);
    },
  );

  addDataModelVerb(dataModel, 'get', "print a file's content")
    .argument('<path>', 'the file, relative to the repository root')
    .action(async (path: string, options: DataModelOptions) => {
      const client = await context.client(options);
      const listing = await client.call('listDataModelFiles', {
        params: { deploymentId: options.deployment },
        query: { branchName: options.branch, withContent: 'true' },
      });
      const file = findFile(listing.files, path);
      if (!file) throw new CliError(`no file ${path} on branch ${listing.branchName}`);
      // The content as stored, byte for byte: no newline added, so `get > file` round-trips.
      if (options.json) context.printJson(file);
      else context.runtime.writeOut(file.content ?? '');
    });

  addDataModelVerb(dataModel, 'put', 'write one file (on a dev-mode branch)', writeBranch)
    .argument('<path>', 'the file, relative to the repository root')
    .option('--file <local>', 'read the content from this local file')
    .option('--content <text>', 'the content itself')
    .action(async (path: string, options: PutOptions) => {
      const content = await contentOf(options);
      const client = await context.client(options);
      const result = await client.call('writeDataModelFiles', {
        params: { deploymentId: options.deployment },
        body: { files: [{ path, content }], branchName: options.branch },
      });
      context.render(options, result, () => `wrote ${path}`);
    });

  addDataModelVerb(dataModel, 'delete', 'delete files (on a dev-mode branch)', writeBranch)
    .argument('<paths...>', 'the files, relative to the repository root')
    .action(async (paths: string[], options: DataModelOptions) => {
      const client = await context.client(options);
      const result = await client.call('deleteDataModelFiles', {
        params: { deploymentId: options.deployment },
        body: { files: paths.map((path) => ({ path })), branchName: options.branch },
      });
      context.render(options, result, () => `deleted ${paths.join(', ')}`);
    });

  addDataModelVerb(dataModel, 'rename', 'rename or move a file (on a dev-mode branch)', writeBranch)
    .argument('<path>', 'the file')
    .argument('<newPath>', 'its new path')
    .action(async (path: string, newPath: string, options: DataModelOptions) => {
      const client = await context.client(options);
      const result = await client.call('renameDataModelFiles', {
        params: { deploymentId: options.deployment },
        body: { files: [{ path, newPath }], branchName: options.branch },
      });
      context.render(options, result, () => `renamed ${path} to ${newPath}`);
    });

  addDataModelVerb(dataModel, 'file-hashes', 'the SHA-1 of every file of a branch').action(
    async (options: DataModelOptions) => {
      const client = await context.client(options);
      const hashes = await client.call('getDataModelFileHashes', {
        params: { deploymentId: options.deployment },
        query: { branchName: options.branch },
      });
      context.render(options, hashes, formatFileHashes);
    },
  );

  addDataModelVerb(dataModel, 'validate', 'compile the model of a branch; exit 1 when it has errors')
    .option('--dev-mode', 'validate your dev-mode branch (instead of --branch)')
    .action(async (options: DataModelOptions & { devMode?: boolean }) => {
      const client = await context.client(options);
      const validation = await client.call('validateDataModel', {
        params: { deploymentId: options.deployment },
        query: { branchName: options.branch, devMode: options.devMode ? 'true' : undefined },
      });
      context.render(options, validation, formatValidation);
      if (validation.valid === false) {
        throw new CliError(`the data model of ${validation.branchName} has errors`);
      }
    });
}
