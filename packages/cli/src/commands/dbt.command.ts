import { readFile } from 'node:fs/promises';
import { dbtSyncRunStatuses, dbtSyncTriggers } from '@platform/contract';
import { type Command, Option } from 'commander';
import { UsageError } from '../program/cli-errors.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addVerb } from '../program/common-options.js';
import { addDeploymentOption, parseSeconds } from '../program/deployment-options.js';
import { registerDbtRepositoryCommands } from './dbt-repository.command.js';
import { formatDbtSyncResult, waitForDbtSync } from './dbt-sync-wait.js';
import { registerDbtWebhookTestCommand } from './dbt-webhook-test.command.js';

interface DeploymentOptions extends CommonOptions {
  deployment: number;
}

interface SyncOptions extends DeploymentOptions {
  ref?: string;
  manifest?: string;
  catalog?: string;
  branch?: string;
  wait?: boolean;
  /** Milliseconds (parseSeconds converts the seconds given). */
  timeout?: number;
}

interface HistoryOptions extends DeploymentOptions {
  status?: (typeof dbtSyncRunStatuses)[number];
  trigger?: (typeof dbtSyncTriggers)[number];
  first?: string;
  after?: string;
}

/** A dbt artifact (`manifest.json`, `catalog.json`) as the JSON object the API takes. */
async function readArtifact(path: string, kind: 'manifest' | 'catalog'): Promise<Record<string, unknown>> {
  const text = await readFile(path, 'utf8').catch((error: unknown) => {
    throw new UsageError(
      `cannot read the ${kind} ${path}: ${error instanceof Error ? error.message : error}`,
    );
  });
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${path} is not JSON: ${error instanceof Error ? error.message : error}`);
  }
  if (typeof manifest !== 'object' || manifest === null || Array.isArray(manifest)) {
    throw new UsageError(`${path} must hold a JSON object (a dbt ${kind}.json)`);
  }
  return manifest as Record<string, unknown>;
}

/** `platform dbt ...`: dbt syncs of a deployment (see docs/dbt-sync.md). */
export function registerDbtCommands(program: Command, context: CommandContext): void {
  const dbt = program.command('dbt').description("sync a dbt project's models into cubes on a new branch");

  addDeploymentOption(
    addVerb(dbt, 'sync', 'start a sync of the connected dbt repository, or of a manifest.json'),
  )
    .option('--ref <ref>', 'branch or tag of the connected repository (default its connected branch)')
    .option('--manifest <file>', 'sync this dbt target/manifest.json instead of the repository')
    .option('--catalog <file>', "with --manifest: dbt's target/catalog.json, for the columns' types")
    .option('--branch <name>', 'the new branch (default dbt-sync/<ref>-<time>-<hex>)')
    .option('--wait', 'follow the sync (progress on stderr), then print its result; exit 1 when it failed')
    .option('--timeout <seconds>', 'how long --wait waits (default 300)', parseSeconds)
    .action(async (options: SyncOptions) => {
      if (options.manifest !== undefined && options.ref !== undefined) {
        throw new UsageError(
          '--ref reads the connected repository, --manifest sends a manifest instead: give one',
        );
      }
      if (options.catalog !== undefined && options.manifest === undefined) {
        throw new UsageError(
          '--catalog goes with --manifest; a repository sync reads its own target/catalog.json',
        );
      }
      const body =
        options.manifest === undefined
          ? { source: 'git' as const, ref: options.ref, branchName: options.branch }
          : {
              source: 'manifest' as const,
              manifest: await readArtifact(options.manifest, 'manifest'),
              ...(options.catalog === undefined
                ? {}
                : { catalog: await readArtifact(options.catalog, 'catalog') }),
              branchName: options.branch,
            };
      const client = await context.client(options);
      const started = await client.call('startDbtSync', {
        params: { deploymentId: options.deployment },
        body,
      });
      if (!options.wait) {
        context.render(options, started, (value) => `started sync ${value.syncJobId} on ${value.branchName}`);
        return;
      }
      context.note(`sync ${started.syncJobId} started on ${started.branchName}`);
      await waitForDbtSync(client, {
        deploymentId: options.deployment,
        syncJobId: started.syncJobId,
        timeoutMilliseconds: options.timeout ?? 300_000,
        // Progress is for the person watching: stderr, so --json keeps stdout parseable.
        onProgress: (line) => context.note(line),
      });
      const result = await client.call('getDbtSyncResult', {
        params: { deploymentId: options.deployment, syncJobId: started.syncJobId },
      });
      context.render(options, result, (value) => formatDbtSyncResult(value, started.branchName));
    });

  const onSync = (verb: string, description: string) =>
    addDeploymentOption(addVerb(dbt, verb, description)).argument('<syncJobId>', 'the sync id (a UUID)');

  onSync('status', "a sync's stage and progress").action(
    async (syncJobId: string, options: DeploymentOptions) => {
      const client = await context.client(options);
      const status = await client.call('getDbtSyncStatus', {
        params: { deploymentId: options.deployment, syncJobId },
      });
      context.render(
        options,
        status,
        (value) =>
          `${value.status} (${value.progress.percentComplete}%)${value.error ? `: ${value.error}` : ''}`,
      );
    },
  );

  onSync('result', 'the files a completed sync generated').action(
    async (syncJobId: string, options: DeploymentOptions) => {
      const client = await context.client(options);
      const result = await client.call('getDbtSyncResult', {
        params: { deploymentId: options.deployment, syncJobId },
      });
      context.render(options, result, (value) => value.generatedFiles.map((file) => file.path).join('\n'));
    },
  );

  onSync('logs', "a sync's log, one entry per phase").action(
    async (syncJobId: string, options: DeploymentOptions) => {
      const client = await context.client(options);
      const logs = await client.call('getDbtSyncLogs', {
        params: { deploymentId: options.deployment, syncJobId },
      });
      context.render(options, logs, (value) =>
        value.items
          .map((entry) => `${entry.timestamp} ${entry.level} ${entry.phase ?? ''} ${entry.message}`.trim())
          .join('\n'),
      );
    },
  );

  onSync('cancel', 'cancel a running sync').action(async (syncJobId: string, options: DeploymentOptions) => {
    const client = await context.client(options);
    const answer = await client.call('cancelDbtSync', {
      params: { deploymentId: options.deployment, syncJobId },
    });
    context.render(options, answer, (value) => value.message);
  });

  addDeploymentOption(addVerb(dbt, 'history', "a deployment's syncs, newest first"))
    .addOption(new Option('--status <status>', 'only syncs in this state').choices(dbtSyncRunStatuses))
    .addOption(new Option('--trigger <trigger>', 'only syncs started this way').choices(dbtSyncTriggers))
    .option('--first <n>', 'page size (at most 100)')
    .option('--after <cursor>', 'the endCursor of the previous page')
    .action(async (options: HistoryOptions) => {
      const client = await context.client(options);
      const page = await client.call('listDbtSyncs', {
        params: { deploymentId: options.deployment },
        query: {
          status: options.status,
          trigger: options.trigger,
          first: options.first === undefined ? undefined : Number(options.first),
          after: options.after,
        },
      });
      context.render(options, page, (value) =>
        value.items
          .map((run) => `${run.syncJobId} ${run.status} ${run.trigger} ${run.branchName}`)
          .join('\n'),
      );
    });

  registerDbtRepositoryCommands(dbt, context);
  registerDbtWebhookTestCommand(dbt, context);
}
