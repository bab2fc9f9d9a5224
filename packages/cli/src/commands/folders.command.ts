import type { Command } from 'commander';
import { parseId } from '../program/argument-parsers.js';
import { UsageError } from '../program/cli-errors.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addVerb } from '../program/common-options.js';
import { addDeploymentOption } from '../program/deployment-options.js';
import { addPagingOptions, fetchPages, noteMorePages, type PagingOptions } from '../program/paginate.js';
import { formatFolder, formatFolders } from './workspace-views.js';

interface DeploymentOptions extends CommonOptions {
  deployment: number;
}

interface ListOptions extends DeploymentOptions, PagingOptions {
  parent?: number;
}

interface CreateOptions extends DeploymentOptions {
  name: string;
  parent?: number;
  position?: number;
}

interface UpdateOptions extends DeploymentOptions {
  name?: string;
  position?: number;
}

interface DeleteOptions extends DeploymentOptions {
  recursive?: boolean;
}

function parsePosition(value: string): number {
  return value.trim() === '0' ? 0 : parseId(value);
}

/** `platform folders list|create|get|update|delete|ancestors`: the folders of a deployment's workspace. */
export function registerFoldersCommands(program: Command, context: CommandContext): void {
  const folders = program
    .command('folders')
    .description("the folders of a deployment's workspace (moving one: platform workspace move)");
  const verb = (name: string, description: string) =>
    addDeploymentOption(addVerb(folders, name, description));

  const list = verb('list', "list the folders at the root, or a folder's subfolders").option(
    '--parent <folderId>',
    'list the subfolders of this folder',
    parseId,
  );
  addPagingOptions(list).action(async (options: ListOptions) => {
    const client = await context.client(options);
    const page = await fetchPages(options, (paging) =>
      client.call('listFolders', {
        params: { deploymentId: options.deployment },
        query: { ...paging, parentId: options.parent },
      }),
    );
    context.render(options, page, (value) => formatFolders(value.items));
    if (!options.json) noteMorePages(context, page);
  });

  verb('create', 'create a folder')
    .requiredOption('--name <name>', 'its name (unique among its siblings)')
    .option('--parent <folderId>', 'create it in this folder (default: the root)', parseId)
    .option('--position <number>', 'where it sorts among its siblings (default 0)', parsePosition)
    .action(async (options: CreateOptions) => {
      const client = await context.client(options);
      const created = await client.call('createFolder', {
        params: { deploymentId: options.deployment },
        body: { name: options.name, parentId: options.parent, position: options.position },
      });
      context.render(options, created, formatFolder);
    });

  verb('get', 'show one folder and its path')
    .argument('<folderId>', 'folder id', parseId)
    .action(async (folderId: number, options: DeploymentOptions) => {
      const client = await context.client(options);
      const folder = await client.call('getFolder', {
        params: { deploymentId: options.deployment, folderId },
      });
      context.render(options, folder, formatFolder);
    });

  verb('update', 'rename or reorder a folder')
    .argument('<folderId>', 'folder id', parseId)
    .option('--name <name>', 'the new name')
    .option('--position <number>', 'the new position among its siblings', parsePosition)
    .action(async (folderId: number, options: UpdateOptions) => {
      if (options.name === undefined && options.position === undefined) {
        throw new UsageError('give --name, --position or both');
      }
      const client = await context.client(options);
      const updated = await client.call('updateFolder', {
        params: { deploymentId: options.deployment, folderId },
        body: { name: options.name, position: options.position },
      });
      context.render(options, updated, formatFolder);
    });

  verb('delete', 'delete an empty folder (--recursive: with everything in it)')
    .argument('<folderId>', 'folder id', parseId)
    .option('--recursive', 'also delete its subfolders, workbooks and reports')
    .action(async (folderId: number, options: DeleteOptions) => {
      const client = await context.client(options);
      const result = await client.call('deleteFolder', {
        params: { deploymentId: options.deployment, folderId },
        query: { recursive: options.recursive ? 'true' : undefined },
      });
      context.render(options, result, () => `deleted folder ${folderId}`);
    });

  verb('ancestors', 'list the folders above a folder, root first')
    .argument('<folderId>', 'folder id', parseId)
    .action(async (folderId: number, options: DeploymentOptions) => {
      const client = await context.client(options);
      const ancestors = await client.call('getFolderAncestors', {
        params: { deploymentId: options.deployment, folderId },
      });
      context.render(options, ancestors, (value) => formatFolders(value, 'none: the folder is at the root'));
    });
}
