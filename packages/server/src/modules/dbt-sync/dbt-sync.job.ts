import type { DbtSyncLogEntry, DbtSyncStage } from '@platform/contract';
import { and, eq, lte } from 'drizzle-orm';
import type { Logger } from 'pino';
import { redactUrlCredentials } from '../../platform/crypto/url-credentials.js';
import type { Database } from '../../platform/database/database.js';
import type { GitStore } from '../../platform/git-store/git-store.js';
import { GitStoreError } from '../../platform/git-store/git-store.js';
import type { JobContext, JobFailure, JobRunner } from '../../platform/jobs/job-runner.js';
import type { BuildsService } from '../data-model/builds.service.js';
import { type DataModelAccess, platformAuthor, repositoryIdOf } from '../data-model/data-model-access.js';
import type { DevModeService } from '../data-model/dev-mode.service.js';
import type { DeploymentAccessService } from '../deployments/deployment-access.service.js';
import { dbtCubeFiles } from './dbt-cube-files.js';
import { DbtManifestError } from './dbt-manifest-error.js';
import { DbtMappingError } from './dbt-mapping-error.js';
import type { DbtProject } from './dbt-project.types.js';
import { DbtProjectError } from './dbt-project-error.js';
import type { DbtRepositoriesService } from './dbt-repositories.service.js';
import { type DbtSyncRunRow, dbtSyncManifestsTable, dbtSyncRunsTable } from './dbt-sync.tables.js';
import { readDbtCatalog, withCatalogTypes } from './read-dbt-catalog.js';
import { readDbtManifest } from './read-dbt-manifest.js';
import { readDbtProjectAtCommit } from './read-dbt-project-at-commit.js';

export const dbtSyncJob = 'dbt-sync';

/** The start of the message of a run given up after its processes stopped under it again and again. */
export const interruptedMessage = 'the server stopped while the sync ran';

/** A run is started at most this many times; one whose process keeps dying is then failed. */
const maxAttempts = 3;

/**
 * Everything else a run needs is in its row (and its uploaded manifest's), so any process can resume
 * it. The job's attempt (its fence) becomes the run's `attempts`: a process whose heartbeat was late
 * finds its run taken over once `attempts` moved on, and stops without writing anything.
 */
export interface DbtSyncJobPayload {
  runId: number;
}

/** The repository a deployment's dbt project is fetched into (never a data model of its own). */
export function dbtProjectRepositoryIdOf(deploymentId: number): string {
  return `dbt-project-${deploymentId}`;
}

const percentAtStart: Record<DbtSyncStage, number> = {
  INITIALIZING: 0,
  FETCHING_PROJECT: 10,
  PARSING_PROJECT: 20,
  PROCESSING_MANIFEST: 40,
  WRITING_CUBE_FILES: 60,
  FINALIZING: 80,
  COMPLETED: 100,
  FAILED: 100,
};

const buildPollMilliseconds = 100;

/** A failure the sync reports as it is: its message says what is wrong. */
class DbtSyncFailure extends Error {}

class DbtSyncCancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

/** Another process took the run over (this one's heartbeat was too late): it owns the run now. */
class DbtSyncSuperseded extends Error {}

/** The job runner asked the job to stop (this process is stopping): the run is left for the next one. */
class DbtSyncStopped extends Error {}

/**
 * The phases of one sync, run as the durable `dbt-sync` job. Cancellation is checked between phases
 * (and while the build runs); a run that fails or is cancelled after creating its branch deletes it, so
 * nothing is left behind. The job runner moves the job's heartbeat; a job whose process stops is taken
 * over by another process (or this one after a restart) and the run starts again from the beginning.
 */
export class DbtSyncJob {
  constructor(
    private readonly database: Database,
    private readonly access: DataModelAccess,
    private readonly deployments: DeploymentAccessService,
    private readonly repositories: DbtRepositoriesService,
    private readonly builds: BuildsService,
    private readonly devMode: DevModeService,
    private readonly logger: Logger,
    jobs: JobRunner,
  ) {
    jobs.register<DbtSyncJobPayload>(dbtSyncJob, (payload, context) => this.run(payload, context), {
      maxAttempts,
      onExhausted: (payload, failure, context) => this.giveUp(payload, failure, context),
    });
  }

  private get gitStore(): GitStore {
    return this.access.gitStore;
  }

  async run(payload: DbtSyncJobPayload, context: JobContext): Promise<void> {
    const run = await this.own(payload.runId, context.attempt);
    // Ended already, or a later attempt of the job owns it.
    if (!run) return;
    await this.runPhases(run, context.signal);
  }

  /** Makes the run this attempt's, unless it has ended or a later attempt owns it. */
  private async own(runId: number, attempt: number): Promise<DbtSyncRunRow | null> {
    const [run] = await this.database
      .update(dbtSyncRunsTable)
      .set({ attempts: attempt, updatedAt: new Date() })
      .where(
        and(
          eq(dbtSyncRunsTable.id, runId),
          eq(dbtSyncRunsTable.status, 'RUNNING'),
          lte(dbtSyncRunsTable.attempts, attempt),
        ),
      )
      .returning();
    return run ?? null;
  }

  /** The job gave up: the run fails with the reason, and the branch a stopped attempt left goes. */
  private async giveUp({ runId }: DbtSyncJobPayload, failure: JobFailure, context: JobContext) {
    const run = await this.own(runId, context.attempt);
    if (!run) return;
    await this.deleteOwnBranch(repositoryIdOf(run.deploymentId), run.branchName);
    await this.finish(run, {
      status: 'FAILED',
      errorMessage: failure.wasInterrupted
        ? `${interruptedMessage} ${context.maxAttempts} times; start it again`
        : messageOf(new Error(failure.reason)),
      completedAt: new Date(),
    });
  }

  private async runPhases(run: DbtSyncRunRow, signal: AbortSignal): Promise<void> {
    const isResumed = run.attempts > 1;
    const logs: DbtSyncLogEntry[] = isResumed
      ? [
          ...run.logs,
          entry('info', `resumed from the start (attempt ${run.attempts}): the process running it stopped`),
        ]
      : [];
    let stage: DbtSyncStage = 'INITIALIZING';
    // A resumed run may find the branch its stopped attempt created: that one is the run's own too.
    let mayOwnBranch = isResumed;
    const repositoryId = repositoryIdOf(run.deploymentId);
    const branch = run.branchName;
    const phase = async <Result>(
      next: DbtSyncStage,
      work: () => Promise<Result>,
      describe: (result: Result) => string,
    ) => {
      await this.throwIfCancelled(run, signal);
      stage = next;
      await this.update(run, { stage, percentComplete: percentAtStart[stage], logs });
      const started = Date.now();
      try {
        const result = await work();
        logs.push(entry('info', describe(result), stage, Date.now() - started));
        return result;
      } catch (error) {
        logs.push(entry('error', `${stage} failed: ${messageOf(error)}`, stage, Date.now() - started));
        throw error;
      }
    };
    try {
      const start = await phase(
        'INITIALIZING',
        async () => {
          const deployment = await this.deployments.loadForSystem(run.deploymentId);
          if (!deployment) throw new DbtSyncFailure(`deployment ${run.deploymentId} no longer exists`);
          await this.access.ensureRepository(deployment);
          // Start refuses an existing branch name, so one found now is what the stopped attempt created.
          if (isResumed) await this.deleteOwnBranch(repositoryId, branch);
          const head = await this.gitStore.resolveBranch(repositoryId, deployment.deployBranchName);
          if (!head)
            throw new DbtSyncFailure(`the deploy branch ${deployment.deployBranchName} does not exist`);
          return { deployment, head };
        },
        ({ deployment, head }) => `starting from ${deployment.deployBranchName} at ${head.slice(0, 7)}`,
      );
      const fetched = await phase(
        'FETCHING_PROJECT',
        () => this.fetchProject(run),
        (source) => source.description,
      );
      const project = await phase(
        'PARSING_PROJECT',
        async () => fetched.read(),
        (read) =>
          `parsed ${read.stats.models} model(s), ${read.stats.sources} source(s), ${read.stats.macros} macro(s)`,
      );
      const files = await phase(
        'PROCESSING_MANIFEST',
        async () => dbtCubeFiles(project),
        (generated) => `mapped the models to ${generated.length} cube file(s)`,
      );
      const deployment = { id: start.deployment.id, deployBranchName: start.deployment.deployBranchName };
      const commit = await phase(
        'WRITING_CUBE_FILES',
        async () => {
          await this.gitStore.createBranch(repositoryId, branch, start.head);
          mayOwnBranch = true;
          await this.devMode.recordBranch(deployment.id, branch, deployment.deployBranchName);
          return this.gitStore.commitToBranch(repositoryId, {
            branch,
            expectedHead: start.head,
            changes: files.map((file) => ({
              path: file.path,
              content: new TextEncoder().encode(file.content),
            })),
            message: `dbt sync: ${files.length} cube file(s) from ${project.name ?? 'the dbt project'}`,
            author: { name: run.authorName, email: run.authorEmail },
            rebaseOnRace: false,
          });
        },
        (oid) => `committed ${files.length} file(s) to ${branch} as ${oid.slice(0, 7)}`,
      );
      await phase(
        'FINALIZING',
        () => this.awaitBuild(run, signal, deployment, branch, commit),
        () => `the generated model of ${branch} builds`,
      );
      await this.throwIfCancelled(run, signal);
      const now = new Date();
      await this.finish(run, {
        status: 'COMPLETED',
        stage: 'COMPLETED',
        percentComplete: 100,
        generatedFiles: files.map((file) => ({ path: file.path })),
        manifestStats: project.stats,
        cubeCount: files.length,
        completedAt: now,
        logs: [...logs, entry('info', `completed: ${files.length} cube(s) on ${branch}`, 'COMPLETED', 0)],
      });
    } catch (error) {
      // The runner hands the job to the next process; that attempt starts again from the beginning.
      if (error instanceof DbtSyncStopped) throw error;
      if (error instanceof DbtSyncSuperseded) {
        this.logger.warn(
          { runId: run.id, attempt: run.attempts },
          'a dbt sync was taken over by another process',
        );
        return;
      }
      const cancelled = error instanceof DbtSyncCancelled;
      if (!isExpected(error)) this.logger.error({ err: error, runId: run.id }, 'dbt sync crashed');
      const message = cancelled ? 'cancelled' : messageOf(error);
      if (mayOwnBranch) await this.deleteOwnBranch(repositoryId, branch);
      if (cancelled) logs.push(entry('info', `cancelled before the phase after ${stage}`));
      await this.finish(run, {
        status: cancelled ? 'CANCELLED' : 'FAILED',
        errorMessage: message,
        completedAt: new Date(),
        logs,
      });
    }
  }

  /**
   * The project's source: the uploaded manifest kept with the run, or the connected repository's `ref`
   * fetched into the deployment's dbt mirror. Parsing happens in the next phase, through `read`.
   */
  private async fetchProject(run: DbtSyncRunRow): Promise<{ read: () => DbtProject; description: string }> {
    if (run.source === 'manifest') {
      const [kept] = await this.database
        .select()
        .from(dbtSyncManifestsTable)
        .where(eq(dbtSyncManifestsTable.runId, run.id));
      if (!kept) throw new DbtSyncFailure('the uploaded manifest was not kept; start the sync again');
      const { catalog } = kept;
      return {
        read: () => {
          const project = readDbtManifest(JSON.parse(kept.manifest));
          return catalog === null ? project : withCatalogTypes(project, readDbtCatalog(JSON.parse(catalog)));
        },
        description: `read the uploaded manifest (${kept.manifest.length} bytes)${catalog === null ? '' : ` and catalog (${catalog.length} bytes)`}`,
      };
    }
    const connection = await this.repositories.connectionOf(run.deploymentId);
    if (!connection) throw new DbtSyncFailure('the deployment has no connected dbt repository any more');
    const ref = run.gitRef ?? connection.branch;
    const mirror = dbtProjectRepositoryIdOf(run.deploymentId);
    await this.gitStore.ensureRepository(mirror, {
      defaultBranch: 'platform-mirror',
      author: platformAuthor,
    });
    const commit = await this.gitStore.fetchRef(mirror, connection.remote, ref);
    const atCommit = await readDbtProjectAtCommit(this.gitStore, mirror, commit);
    return {
      read: () => atCommit.project,
      description: `fetched ${ref} at ${commit.slice(0, 7)}; read ${atCommit.readFrom}`,
    };
  }

  private async deleteOwnBranch(repositoryId: string, branch: string): Promise<void> {
    try {
      if ((await this.gitStore.resolveBranch(repositoryId, branch)) !== null) {
        await this.gitStore.deleteBranch(repositoryId, branch);
      }
    } catch (error) {
      this.logger.error({ err: error, branch }, 'could not delete the branch of a failed dbt sync');
    }
  }

  /** Builds the sync's commit and waits for it; a model that does not build fails the sync. */
  private async awaitBuild(
    run: DbtSyncRunRow,
    signal: AbortSignal,
    deployment: { id: number; deployBranchName: string },
    branch: string,
    commit: string,
  ): Promise<void> {
    const buildId = await this.builds.trigger(deployment, branch, commit);
    for (;;) {
      const build = await this.builds.latest(deployment.id, branch);
      if (build && build.id !== buildId)
        throw new DbtSyncFailure(`branch ${branch} was built by someone else`);
      if (build?.status === 'built') return;
      if (build && build.status !== 'building') {
        throw new DbtSyncFailure(`the generated model does not build: ${build.errorText ?? build.status}`);
      }
      await this.throwIfCancelled(run, signal);
      await new Promise((resolve) => setTimeout(resolve, buildPollMilliseconds));
    }
  }

  /**
   * Between phases: stops a cancelled run, a job whose run another process has taken over, and a job
   * whose process is stopping.
   */
  private async throwIfCancelled(run: DbtSyncRunRow, signal: AbortSignal): Promise<void> {
    if (signal.aborted) throw new DbtSyncStopped(String(signal.reason));
    const [current] = await this.database
      .select({ cancelRequested: dbtSyncRunsTable.cancelRequested, attempts: dbtSyncRunsTable.attempts })
      .from(dbtSyncRunsTable)
      .where(eq(dbtSyncRunsTable.id, run.id));
    if (current?.attempts !== run.attempts) throw new DbtSyncSuperseded();
    if (current.cancelRequested) throw new DbtSyncCancelled();
  }

  /** Every write of the job is fenced by its attempt, so a superseded job changes nothing. */
  private ownRun(run: DbtSyncRunRow) {
    return and(eq(dbtSyncRunsTable.id, run.id), eq(dbtSyncRunsTable.attempts, run.attempts));
  }

  private async update(
    run: DbtSyncRunRow,
    values: Partial<typeof dbtSyncRunsTable.$inferInsert>,
  ): Promise<void> {
    await this.database
      .update(dbtSyncRunsTable)
      .set({ ...values, updatedAt: new Date() })
      .where(this.ownRun(run));
  }

  /** The run's outcome and the end of its kept manifest, together. */
  private async finish(
    run: DbtSyncRunRow,
    values: Partial<typeof dbtSyncRunsTable.$inferInsert>,
  ): Promise<void> {
    await this.database.transaction(async (transaction) => {
      const updated = await transaction
        .update(dbtSyncRunsTable)
        .set({ ...values, updatedAt: new Date() })
        .where(this.ownRun(run))
        .returning({ id: dbtSyncRunsTable.id });
      if (updated.length > 0) {
        await transaction.delete(dbtSyncManifestsTable).where(eq(dbtSyncManifestsTable.runId, run.id));
      }
    });
  }
}

function entry(
  level: 'info' | 'error',
  message: string,
  phase?: DbtSyncStage,
  durationMs?: number,
): DbtSyncLogEntry {
  return {
    timestamp: new Date().toISOString(),
    level,
    stream: 'dbt-sync',
    message: redactUrlCredentials(message),
    ...(phase === undefined ? {} : { phase }),
    ...(durationMs === undefined ? {} : { durationMs }),
  };
}

function isExpected(error: unknown): boolean {
  return (
    error instanceof DbtSyncCancelled ||
    error instanceof DbtSyncFailure ||
    error instanceof DbtManifestError ||
    error instanceof DbtProjectError ||
    error instanceof DbtMappingError ||
    // A remote that cannot be reached or has no such ref: its message says so, safely.
    error instanceof GitStoreError
  );
}

/** The failure a sync's status shows: a git error quotes the repository URL, so its credentials go. */
function messageOf(error: unknown): string {
  if (isExpected(error) && error instanceof Error) return redactUrlCredentials(error.message);
  return redactUrlCredentials(
    `the sync could not run: ${error instanceof Error ? error.message : String(error)}`,
  );
}
