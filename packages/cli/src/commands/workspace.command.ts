import { type WorkspaceItemType, workspaceOrderFields } from '@platform/contract';
import { type Command, Option } from 'commander';
import { parseId } from '../program/argument-parsers.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addVerb } from '../program/common-options.js';
import { addDeploymentOption } from '../program/deployment-options.js';
import { addPagingOptions, fetchPages, noteMorePages, type PagingOptions } from '../program/paginate.js';
import {
  collectItemTypes,
  folderIdOf,
  parseItemRef,
  parseItemRefs,
  parseTargetFolder,
} from './workspace-arguments.js';
import { formatBulkResult, formatWorkspaceItem, formatWorkspaceItems } from './workspace-views.js';

interface DeploymentOptions extends CommonOptions {
  deployment: number;
}

interface ListOptions extends DeploymentOptions, PagingOptions {
  folder?: number;
  type?: WorkspaceItemType[];
  search?: string;
  orderBy?: (typeof workspaceOrderFields)[number];
  desc?: boolean;
}

interface MoveOptions extends DeploymentOptions {
  to: number | 'root';
}

interface BulkDeleteOptions extends DeploymentOptions {
  recursive?: boolean;
}

const itemsHelp = 'items as <type>:<id>, e.g. folder:3 workbook:7 report:12';

function addListOptions(command: Command): Command {
  return addPagingOptions(
    command
      .option(
        '--folder <folderId>',
        "the folder's items (default: the root); with --search, its subtree",
        parseId,
      )
      .option(
        '--type <type>',
        'only folder, workbook or report (repeatable, or comma-separated)',
        collectItemTypes,
      )
      .option('--search <text>', 'items whose name contains the text, anywhere (or under --folder)')
      .addOption(
        new Option('--order-by <field>', 'sort by (default name)').choices([...workspaceOrderFields]),
      )
      .option('--desc', 'sort descending'),
  );
}

/** `platform workspace list|shared|move|bulk-delete|bulk-move`: folders, workbooks and reports as one list. */
export function registerWorkspaceCommands(program: Command, context: CommandContext): void {
  const workspace = program
    .command('workspace')
    .description("a deployment's folders, workbooks and reports as one list; moving and deleting them");
  const verb = (name: string, description: string) =>
    addDeploymentOption(addVerb(workspace, name, description));

  for (const [name, operationId, description] of [
    ['list', 'listWorkspace', 'list the items of a folder (or the root), or search them'],
    ['shared', 'listSharedWorkspace', 'as list, without workbooks that are not shared and their reports'],
  ] as const) {
    addListOptions(verb(name, description)).action(async (options: ListOptions) => {
      const client = await context.client(options);
      const page = await fetchPages(options, (paging) =>
        client.call(operationId, {
          params: { deploymentId: options.deployment },
          query: {
            ...paging,
            folderId: options.folder,
            types: options.type,
            search: options.search,
            orderByField: options.orderBy,
            orderByDirection: options.desc ? 'desc' : undefined,
          },
        }),
      );
      context.render(options, page, (value) => formatWorkspaceItems(value.items));
      if (!options.json) noteMorePages(context, page);
    });
  }

  verb('move', 'move one folder, workbook or report into a folder (or the root)')
    .argument('<item>', 'the item as <type>:<id>, e.g. report:12', parseItemRef)
    .requiredOption('--to <folderId|root>', 'the target folder, or root', parseTargetFolder)
    .action(async (item: { type: WorkspaceItemType; id: number }, options: MoveOptions) => {
      const client = await context.client(options);
      const moved = await client.call('moveWorkspaceItem', {
        params: { deploymentId: options.deployment },
        body: { type: item.type, id: item.id, folderId: folderIdOf(options.to) },
      });
      context.render(options, moved, formatWorkspaceItem);
    });

  verb('bulk-delete', 'delete up to 100 items, each on its own (failures are listed)')
    .argument('<items...>', itemsHelp)
    .option('--recursive', 'delete folders with everything in them')
    .action(async (rawItems: string[], options: BulkDeleteOptions) => {
      const items = parseItemRefs(rawItems);
      const client = await context.client(options);
      const result = await client.call('bulkDeleteWorkspaceItems', {
        params: { deploymentId: options.deployment },
        body: { items, recursive: options.recursive },
      });
      context.render(options, result, (value) => formatBulkResult('deleted', value.deleted, value.failed));
    });

  verb('bulk-move', 'move up to 100 items into one folder, each on its own (failures are listed)')
    .argument('<items...>', itemsHelp)
    .requiredOption('--to <folderId|root>', 'the target folder, or root', parseTargetFolder)
    .action(async (rawItems: string[], options: MoveOptions) => {
      const items = parseItemRefs(rawItems);
      const client = await context.client(options);
      const result = await client.call('bulkMoveWorkspaceItems', {
        params: { deploymentId: options.deployment },
        body: { items, folderId: folderIdOf(options.to) },
      });
      context.render(options, result, (value) => formatBulkResult('moved', value.moved, value.failed));
    });
}
