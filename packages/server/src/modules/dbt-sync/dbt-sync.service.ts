import { randomBytes, randomUUID } from 'node:crypto';
import type {
  DbtSyncLogEntry,
  DbtSyncRun,
  DbtSyncStage,
  DbtSyncStatus,
  DbtSyncsQuery,
  StartDbtSyncInput,
} from '@platform/contract';
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import { AppError } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import { assertBranchName } from '../../platform/git-store/ref-names.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import { decodeCursor, pageOf } from '../../platform/paging/cursor.js';
import { authorOf, type DataModelAccess } from '../data-model/data-model-access.js';
import { withGitErrors } from '../data-model/git-errors.js';
import type { Principal } from '../identity/principal.js';
import { type DbtSyncJobPayload, dbtSyncJob } from './dbt-sync.job.js';
import { type DbtSyncRunRow, dbtSyncRunsTable } from './dbt-sync.tables.js';

/** The message a run left RUNNING by a stopped process gets at the next start. */
export const interruptedMessage = 'the server stopped while the sync ran';

/**
 * dbt syncs of a deployment: starting one (the work runs as the `dbt-sync` job), following it, its
 * history, and cancelling it. See docs/dbt-sync.md.
 */
export class DbtSyncService {
  constructor(
    private readonly database: Database,
    private readonly access: DataModelAccess,
    private readonly jobs: JobRunner,
  ) {}

  async start(principal: Principal, deploymentId: number, input: StartDbtSyncInput) {
    const model = await this.access.load(principal, deploymentId, 'SchemaUpdate');
    const source = input.source ?? (input.manifest === undefined ? 'git' : 'manifest');
    if (source === 'git') {
      throw new AppError(
        'BAD_REQUEST',
        'source "git" needs a connected dbt repository, which this deployment does not have',
      );
    }
    if (input.manifest === undefined) {
      throw new AppError(
        'BAD_REQUEST',
        'source "manifest" needs a manifest: send the dbt manifest.json as `manifest`',
      );
    }
    const branchName = input.branchName ?? generatedBranchName(input.ref ?? 'manifest', new Date());
    await withGitErrors(async () => assertBranchName(branchName));
    if ((await this.access.gitStore.resolveBranch(model.repositoryId, branchName)) !== null) {
      throw new AppError('CONFLICT', `branch ${branchName} already exists`);
    }
    const syncJobId = randomUUID();
    const [row] = await this.database
      .insert(dbtSyncRunsTable)
      .values({
        syncJobId,
        deploymentId,
        status: 'RUNNING',
        stage: 'INITIALIZING',
        trigger: 'api',
        source,
        branchName,
        gitRef: input.ref ?? null,
      })
      .returning({ id: dbtSyncRunsTable.id });
    if (!row) throw new Error('the dbt sync was not recorded');
    await this.jobs.enqueue<DbtSyncJobPayload>(dbtSyncJob, {
      runId: row.id,
      deployment: { id: deploymentId, deployBranchName: model.deployment.deployBranchName },
      repositoryId: model.repositoryId,
      author: authorOf(principal),
      manifest: input.manifest,
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
    const beforeId = decodeCursor(query.after);
    const conditions: SQL[] = [eq(dbtSyncRunsTable.deploymentId, deploymentId)];
    if (beforeId !== null) conditions.push(lt(dbtSyncRunsTable.id, beforeId));
    if (query.status) conditions.push(eq(dbtSyncRunsTable.status, query.status));
    if (query.trigger) conditions.push(eq(dbtSyncRunsTable.trigger, query.trigger));
    const rows = await this.database
      .select()
      .from(dbtSyncRunsTable)
      .where(and(...conditions))
      .orderBy(desc(dbtSyncRunsTable.id))
      .limit(query.first + 1);
    const page = pageOf(rows, query.first);
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

  /**
   * A run left RUNNING by a process that stopped will never finish: it is failed at start, as builds
   * are. With several processes this runs when any of them starts; the scale-out job runner will own it.
   */
  async failInterrupted(): Promise<number> {
    const now = new Date();
    const rows = await this.database
      .update(dbtSyncRunsTable)
      .set({ status: 'FAILED', errorMessage: interruptedMessage, completedAt: now, updatedAt: now })
      .where(eq(dbtSyncRunsTable.status, 'RUNNING'))
      .returning({ id: dbtSyncRunsTable.id });
    return rows.length;
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
