import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { parseId } from '../program/argument-parsers.js';
import { UsageError } from '../program/cli-errors.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addVerb } from '../program/common-options.js';
import { addDeploymentOption } from '../program/deployment-options.js';
import { addPagingOptions, fetchPages, noteMorePages, type PagingOptions } from '../program/paginate.js';
import { formatDashboard } from './dashboard-views.js';
import { formatWorkbook, formatWorkbookDashboard, formatWorkbooks } from './workbook-views.js';

interface DeploymentOptions extends CommonOptions {
  deployment: number;
}

interface WorkbookOptions extends DeploymentOptions {
  name?: string;
  folder?: number;
  slug?: string;
  clearSlug?: boolean;
  meta?: string;
  shared?: boolean;
}

/** A folder id, or 0 for the root (as the hosted CLI takes `--folder 0`). */
function parseFolderId(value: string): number {
  return value.trim() === '0' ? 0 : parseId(value);
}

/** A JSON object given inline or as `@file` (as curl reads bodies), for meta and dashboard drafts. */
async function jsonObjectOf(option: string, value: string): Promise<Record<string, unknown>> {
  const text = value.startsWith('@') ? await readFile(value.slice(1), 'utf8') : value;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${option} must be JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new UsageError(`${option} must be a JSON object`);
  }
  return parsed as Record<string, unknown>;
}

function addContentOptions(command: Command): Command {
  return command
    .option('--name <name>', 'the workbook name')
    .option('--folder <folderId>', 'the folder to put it in (0: the root)', parseFolderId)
    .option('--meta <json>', 'free-form meta as a JSON object, or @file')
    .option('--shared', 'shared with everyone who may see its folder')
    .option('--no-shared', 'seen only by its owner, content managers and policy holders');
}

/** With both --shared and --no-shared declared, commander leaves `shared` undefined unless one is given. */
async function contentBodyOf(options: WorkbookOptions) {
  return {
    name: options.name,
    // `--folder 0` is the root, sent as null as the hosted CLI sends it (the server takes 0 too).
    folderId: options.folder === 0 ? null : options.folder,
    meta: options.meta === undefined ? undefined : await jsonObjectOf('--meta', options.meta),
    isShared: options.shared,
  };
}

export function registerWorkbooksCommands(program: Command, context: CommandContext): void {
  const workbooks = program
    .command('workbooks')
    .description("a deployment's workbooks: their reports, meta and dashboard draft");
  const workbookId = (command: Command) => command.argument('<workbookId>', 'workbook id', parseId);

  addPagingOptions(addDeploymentOption(addVerb(workbooks, 'list', 'list the workbooks you may see')))
    .option('--folder <folderId>', 'only those directly in this folder (0: the root)', parseFolderId)
    .action(async (options: DeploymentOptions & PagingOptions & { folder?: number }) => {
      const client = await context.client(options);
      const page = await fetchPages(options, (paging) =>
        client.call('listWorkbooks', {
          params: { deploymentId: options.deployment },
          query: { ...paging, folderId: options.folder },
        }),
      );
      context.render(options, page, (value) => formatWorkbooks(value.items));
      if (!options.json) noteMorePages(context, page);
    });

  workbookId(addDeploymentOption(addVerb(workbooks, 'get', 'show one workbook'))).action(
    async (id: number, options: DeploymentOptions) => {
      const client = await context.client(options);
      const workbook = await client.call('getWorkbook', {
        params: { deploymentId: options.deployment, workbookId: id },
      });
      context.render(options, workbook, formatWorkbook);
    },
  );

  addContentOptions(addDeploymentOption(addVerb(workbooks, 'create', 'create a workbook you own')))
    .option('--slug <slug>', 'a slug, unique in the deployment')
    .action(async (options: WorkbookOptions) => {
      const client = await context.client(options);
      const created = await client.call('createWorkbook', {
        params: { deploymentId: options.deployment },
        body: { ...(await contentBodyOf(options)), slug: options.slug },
      });
      context.render(options, created, formatWorkbook);
    });

  workbookId(
    addContentOptions(
      addDeploymentOption(
        addVerb(workbooks, 'update', 'change, rename or move a workbook; options left out stay'),
      ),
    ),
  )
    .option('--slug <slug>', 'a new slug')
    .option('--clear-slug', 'remove the slug')
    .action(async (id: number, options: WorkbookOptions) => {
      if (options.slug !== undefined && options.clearSlug) {
        throw new UsageError('give --slug or --clear-slug, not both');
      }
      const client = await context.client(options);
      const updated = await client.call('updateWorkbook', {
        params: { deploymentId: options.deployment, workbookId: id },
        body: { ...(await contentBodyOf(options)), slug: options.clearSlug ? null : options.slug },
      });
      context.render(options, updated, formatWorkbook);
    });

  workbookId(addDeploymentOption(addVerb(workbooks, 'delete', 'delete a workbook and its reports'))).action(
    async (id: number, options: DeploymentOptions) => {
      const client = await context.client(options);
      const result = await client.call('deleteWorkbook', {
        params: { deploymentId: options.deployment, workbookId: id },
      });
      context.render(options, result, () => `deleted workbook ${id}`);
    },
  );

  workbookId(
    addDeploymentOption(addVerb(workbooks, 'duplicate', 'copy a workbook and its reports; you own the copy')),
  )
    .option('--shared', 'share the copy (default: only you see it)')
    .action(async (id: number, options: DeploymentOptions & { shared?: boolean }) => {
      const client = await context.client(options);
      // Without --shared no body at all, as the hosted CLI sends it.
      const body = options.shared ? { shared: true } : undefined;
      const copy = await client.call('duplicateWorkbook', {
        params: { deploymentId: options.deployment, workbookId: id },
        body: body as { shared?: boolean },
      });
      context.render(options, copy, formatWorkbook);
    });

  addContentOptions(
    addDeploymentOption(
      addVerb(
        workbooks,
        'upsert',
        'create the workbook with this slug, or update it (meta merged key by key)',
      ),
    ),
  )
    .argument('<slug>', 'the slug (trimmed and lowercased by the server)')
    .action(async (slug: string, options: WorkbookOptions) => {
      const client = await context.client(options);
      const workbook = await client.call('upsertWorkbookBySlug', {
        params: { deploymentId: options.deployment, slug },
        body: await contentBodyOf(options),
      });
      context.render(options, workbook, formatWorkbook);
    });

  workbookId(addDeploymentOption(addVerb(workbooks, 'dashboard', "save a workbook's dashboard draft")))
    .requiredOption('--draft <json>', 'the draft as a JSON object, @file, or null to clear it')
    .action(async (id: number, options: DeploymentOptions & { draft: string }) => {
      const client = await context.client(options);
      const dashboardDraft = options.draft === 'null' ? null : await jsonObjectOf('--draft', options.draft);
      const dashboard = await client.call('updateWorkbookDashboard', {
        params: { deploymentId: options.deployment, workbookId: id },
        body: { dashboardDraft },
      });
      context.render(options, dashboard, formatWorkbookDashboard);
    });

  workbookId(
    addDeploymentOption(addVerb(workbooks, 'publish', "publish the workbook's dashboard (a new version)")),
  )
    .option('--config <json>', 'the dashboard config as a JSON object or @file; default the saved draft')
    .option('--title <title>', 'the dashboard title')
    .option('--description <text>', 'the dashboard description')
    .option('--allow-embed', 'allow signed embedding of the dashboard')
    .action(
      async (
        id: number,
        options: DeploymentOptions & {
          config?: string;
          title?: string;
          description?: string;
          allowEmbed?: boolean;
        },
      ) => {
        const client = await context.client(options);
        const dashboard = await client.call('publishDashboard', {
          params: { deploymentId: options.deployment, workbookId: id },
          body: {
            workbookId: id,
            config: options.config === undefined ? undefined : await jsonObjectOf('--config', options.config),
            title: options.title,
            description: options.description,
            allowEmbed: options.allowEmbed,
          },
        });
        context.render(options, dashboard, formatDashboard);
      },
    );
}
