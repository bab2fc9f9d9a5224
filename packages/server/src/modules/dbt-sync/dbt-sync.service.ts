import { randomBytes, randomUUID } from 'node:crypto';
import type {
  DbtSyncLogEntry,
  DbtSyncRun,
  DbtSyncSource,
  DbtSyncStage,
  DbtSyncStatus,
  DbtSyncsQuery,
  DbtSyncTrigger,
  DbtWebhookEvent,
  DbtWebhookResponse,
  StartDbtSyncInput,
} from '@platform/contract';
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import { AppError } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import { isUniqueViolation } from '../../platform/database/unique-violation.js';
import type { GitAuthor } from '../../platform/git-store/git-store.js';
import { assertBranchName } from '../../platform/git-store/ref-names.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import { pageOf, pageWindowOf } from '../../platform/paging/cursor.js';
import { authorOf, type DataModelAccess } from '../data-model/data-model-access.js';
import { withGitErrors } from '../data-model/git-errors.js';
import type { DeploymentAccessService } from '../deployments/deployment-access.service.js';
import type { Principal } from '../identity/principal.js';
import type { DbtRepositoriesService } from './dbt-repositories.service.js';
import { type DbtSyncJobPayload, dbtSyncJob } from './dbt-sync.job.js';
import { type DbtSyncRunRow, dbtSyncManifestsTable, dbtSyncRunsTable } from './dbt-sync.tables.js';
import { unverifiedDeliveryMessage, verifyWebhookDelivery } from './verify-webhook-delivery.js';

/** The author of the commits of webhook-started syncs. */
const webhookAuthor: GitAuthor = { name: 'dbt webhook', email: 'platform@localhost' };

/**
 * dbt syncs of a deployment: starting one (the work runs as the `dbt-sync` job), following it, its
 * history, and cancelling it. See docs/dbt-sync.md.
 */
export class DbtSyncService {
  constructor(
    private readonly database: Database,
    private readonly access: DataModelAccess,
    private readonly deployments: DeploymentAccessService,
    private readonly repositories: DbtRepositoriesService,
    private readonly jobs: JobRunner,
  ) {}

  async start(
    principal: Principal,
    deploymentId: number,
    input: StartDbtSyncInput,
    trigger: 'api' | 'manual',
  ) {
    const model = await this.access.load(principal, deploymentId, 'SchemaUpdate');
    if (sourceOf(input) === 'git' && (await this.repositories.connectionOf(deploymentId)) === null) {
      throw new AppError(
        'BAD_REQUEST',
        'source "git" needs a connected dbt repository: connect one with PUT .../dbt-repository, or send a manifest',
      );
    }
    return this.begin(model.repositoryId, deploymentId, input, { trigger, author: authorOf(principal) });
  }

  /**
   * A push to the connected repository, from its host: verified by the shared secret (over the raw body),
   * then a sync of the pushed branch when it is the connected one. Other events start nothing.
   */
  async startFromWebhook(
    deploymentId: number,
    delivery: { rawBody: Buffer; headers: Record<string, string | string[] | undefined> },
    event: DbtWebhookEvent,
  ): Promise<DbtWebhookResponse> {
    const deployment = await this.deployments.loadForSystem(deploymentId);
    const connection = deployment ? await this.repositories.connectionOf(deploymentId) : null;
    verifyWebhookDelivery(connection?.webhookSecret ?? null, delivery);
    // Verified, so a secret (hence the repository and the deployment) exists.
    if (!deployment || !connection) throw new AppError('UNAUTHORIZED', unverifiedDeliveryMessage);
    if (event.zen !== undefined || event.ref === undefined) {
      return { started: false, message: 'not a push event; nothing to sync' };
    }
    const pushedBranch = event.ref.startsWith('refs/heads/') ? event.ref.slice('refs/heads/'.length) : null;
    if (pushedBranch !== connection.branch) {
      return {
        started: false,
        message: `a push to ${event.ref}; only pushes to ${connection.branch} start a sync`,
      };
    }
    if (event.deleted === true || /^0+$/.test(event.after ?? '')) {
      return { started: false, message: `${event.ref} was deleted; nothing to sync` };
    }
    const repositoryId = await this.access.ensureRepository(deployment);
    const pushedCommit =
      event.after && /^[0-9a-f]{40,64}$/i.test(event.after) ? event.after.toLowerCase() : null;
    try {
      const started = await this.begin(
        repositoryId,
        deploymentId,
        { source: 'git', ref: pushedBranch },
        { trigger: 'webhook', author: webhookAuthor, pushedCommit },
      );
      return { started: true, message: `started a sync of ${pushedBranch}`, ...started };
    } catch (error) {
      // The host redelivers pushes it thinks were lost, and a signed body can be replayed: once per commit.
      if (pushedCommit !== null && isUniqueViolation(error)) {
        return {
          started: false,
          message: `commit ${pushedCommit.slice(0, 7)} of ${pushedBranch} is already being synced or was synced`,
        };
      }
      throw error;
    }
  }

  private async begin(
    repositoryId: string,
    deploymentId: number,
    input: StartDbtSyncInput,
    origin: { trigger: DbtSyncTrigger; author: GitAuthor; pushedCommit?: string | null },
  ) {
    const source = sourceOf(input);
    if (source === 'git') {
      if (input.manifest !== undefined || input.catalog !== undefined) {
        throw new AppError(
          'BAD_REQUEST',
          'source "git" reads the connected repository (and its target/catalog.json): send no manifest or catalog',
        );
      }
      if (input.ref !== undefined) await withGitErrors(async () => assertBranchName(input.ref ?? ''));
    } else if (input.manifest === undefined) {
      throw new AppError(
        'BAD_REQUEST',
        'source "manifest" needs a manifest: send the dbt manifest.json as `manifest`',
      );
    }
    const branchName = input.branchName ?? generatedBranchName(input.ref ?? source, new Date());
    await withGitErrors(async () => assertBranchName(branchName));
    if ((await this.access.gitStore.resolveBranch(repositoryId, branchName)) !== null) {
      throw new AppError('CONFLICT', `branch ${branchName} already exists`);
    }
    const syncJobId = randomUUID();
    // The run and its job are stored together: a run never exists without the job that ends it.
    await this.database.transaction(async (transaction) => {
      const [row] = await transaction
        .insert(dbtSyncRunsTable)
        .values({
          syncJobId,
          deploymentId,
          status: 'RUNNING',
          stage: 'INITIALIZING',
          trigger: origin.trigger,
          source,
          branchName,
          gitRef: input.ref ?? null,
          pushedCommit: origin.pushedCommit ?? null,
          authorName: origin.author.name,
          authorEmail: origin.author.email,
        })
        .returning({ id: dbtSyncRunsTable.id });
      if (!row) throw new Error('the dbt sync was not recorded');
      if (input.manifest !== undefined) {
        // Kept until the run ends, so a run whose process stops can be resumed with the same input.
        await transaction.insert(dbtSyncManifestsTable).values({
          runId: row.id,
          manifest: JSON.stringify(input.manifest),
          catalog: input.catalog === undefined ? null : JSON.stringify(input.catalog),
        });
      }
      await this.jobs.enqueue<DbtSyncJobPayload>(dbtSyncJob, { runId: row.id }, { transaction });
    });
    return { syncJobId, workflowId: `dbt-sync-${syncJobId}`, branchName };
  }

  async status(principal: Principal, deploymentId: number, syncJobId: string): Promise<DbtSyncStatus> {
    const run = await this.load(principal, deploymentId, syncJobId, 'SchemaRead');
    const status: DbtSyncStage =
      run.status === 'RUNNING' ? run.stage : run.status === 'COMPLETED' ? 'COMPLETED' : 'FAILED';
    const message =
      run.status === 'RUNNING'
        ? `${run.stage.toLowerCase().replaceAll('_', ' ')}`
        : run.status === 'COMPLETED'
          ? `${run.cubeCount ?? 0} cube(s) written to ${run.branchName}`
          : `stopped during ${run.stage}`;
    return {
      syncJobId: run.syncJobId,
      status,
      progress: { stage: status, percentComplete: run.percentComplete, message },
      updatedAt: run.updatedAt.toISOString(),
      ...(run.errorMessage === null ? {} : { error: run.errorMessage }),
    };
  }

  async result(principal: Principal, deploymentId: number, syncJobId: string) {
    const run = await this.load(principal, deploymentId, syncJobId, 'SchemaRead');
    if (run.status !== 'COMPLETED' || !run.completedAt) {
      const why = run.errorMessage ? `: ${run.errorMessage}` : '';
      throw new AppError(
        'CONFLICT',
        `dbt sync ${syncJobId} is ${run.status}${why}; a result exists once it has completed`,
      );
    }
    return {
      syncJobId: run.syncJobId,
      generatedFiles: run.generatedFiles ?? [],
      manifestStats: run.manifestStats ?? { models: 0, sources: 0, macros: 0 },
      cubeCount: run.cubeCount ?? 0,
      completedAt: run.completedAt.toISOString(),
      durationMs: run.completedAt.getTime() - run.startedAt.getTime(),
    };
  }

  /** A run has a handful of entries (one per phase): they come as one page. */
  async logs(principal: Principal, deploymentId: number, syncJobId: string) {
    const run = await this.load(principal, deploymentId, syncJobId, 'SchemaRead');
    const items: DbtSyncLogEntry[] = run.logs;
    return { items, pageInfo: { endCursor: null, hasNextPage: false } };
  }

  /** Newest first, so the cursor moves towards smaller ids. */
  async list(principal: Principal, deploymentId: number, query: DbtSyncsQuery) {
    await this.access.load(principal, deploymentId, 'SchemaRead');
    const { afterId: beforeId, size, offset } = pageWindowOf(query);
    const conditions: SQL[] = [eq(dbtSyncRunsTable.deploymentId, deploymentId)];
    if (beforeId !== null) conditions.push(lt(dbtSyncRunsTable.id, beforeId));
    if (query.status) conditions.push(eq(dbtSyncRunsTable.status, query.status));
    if (query.trigger) conditions.push(eq(dbtSyncRunsTable.trigger, query.trigger));
    const rows = await this.database
      .select()
      .from(dbtSyncRunsTable)
      .where(and(...conditions))
      .orderBy(desc(dbtSyncRunsTable.id))
      .offset(offset)
      .limit(size + 1);
    const page = pageOf(rows, size);
    return { items: page.rows.map(toRun), pageInfo: page.pageInfo };
  }

  /** Asks the job to stop; it does so at its next phase boundary and removes the branch it made. */
  async cancel(principal: Principal, deploymentId: number, syncJobId: string) {
    const run = await this.load(principal, deploymentId, syncJobId, 'SchemaUpdate');
    const updated = await this.database
      .update(dbtSyncRunsTable)
      .set({ cancelRequested: true, updatedAt: new Date() })
      .where(and(eq(dbtSyncRunsTable.id, run.id), eq(dbtSyncRunsTable.status, 'RUNNING')))
      .returning({ id: dbtSyncRunsTable.id });
    if (updated.length === 0) {
      throw new AppError('CONFLICT', `dbt sync ${syncJobId} has already ended (${run.status})`);
    }
    return { message: `dbt sync ${syncJobId} is being cancelled: it stops at the next phase boundary` };
  }

  private async load(
    principal: Principal,
    deploymentId: number,
    syncJobId: string,
    action: 'SchemaRead' | 'SchemaUpdate',
  ): Promise<DbtSyncRunRow> {
    await this.access.load(principal, deploymentId, action);
    const [run] = await this.database
      .select()
      .from(dbtSyncRunsTable)
      .where(and(eq(dbtSyncRunsTable.deploymentId, deploymentId), eq(dbtSyncRunsTable.syncJobId, syncJobId)));
    if (!run) throw new AppError('NOT_FOUND', `dbt sync ${syncJobId} not found`);
    return run;
  }
}

/** `manifest` when one is sent, else `git`, unless the input names its source. */
function sourceOf(input: StartDbtSyncInput): DbtSyncSource {
  return input.source ?? (input.manifest === undefined ? 'git' : 'manifest');
}

/** `dbt-sync/<ref>-<YYYYMMDDhhmmss>-<8 hex>`, the ref reduced to characters a branch name takes. */
export function generatedBranchName(ref: string, now: Date): string {
  const safeRef = ref.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[.-]+|[.-]+$/g, '') || 'ref';
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `dbt-sync/${safeRef}-${stamp}-${randomBytes(4).toString('hex')}`;
}

function toRun(row: DbtSyncRunRow): DbtSyncRun {
  return {
    syncJobId: row.syncJobId,
    deploymentId: row.deploymentId,
    status: row.status,
    trigger: row.trigger,
    source: row.source,
    branchName: row.branchName,
    startedAt: row.startedAt.toISOString(),
    ...(row.completedAt
      ? {
          completedAt: row.completedAt.toISOString(),
          durationMs: row.completedAt.getTime() - row.startedAt.getTime(),
        }
      : {}),
    ...(row.errorMessage === null ? {} : { errorMessage: row.errorMessage }),
    ...(row.gitRef === null ? {} : { gitRef: row.gitRef }),
    lastStage: row.stage,
    ...(row.manifestStats && row.generatedFiles
      ? {
          stats: {
            cubeCount: row.cubeCount ?? 0,
            generatedFileCount: row.generatedFiles.length,
            models: row.manifestStats.models,
            sources: row.manifestStats.sources,
          },
        }
      : {}),
  };
}
