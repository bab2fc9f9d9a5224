import type { DbtSyncLogEntry, DbtSyncStage } from '@platform/contract';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../../platform/database/database.js';
import type { GitAuthor, GitStore } from '../../platform/git-store/git-store.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import type { BuildsService } from '../data-model/builds.service.js';
import type { DevModeService } from '../data-model/dev-mode.service.js';
import { dbtCubeFiles } from './dbt-cube-files.js';
import { DbtManifestError } from './dbt-manifest-error.js';
import { DbtMappingError } from './dbt-mapping-error.js';
import { dbtSyncRunsTable } from './dbt-sync.tables.js';
import { readDbtManifest } from './read-dbt-manifest.js';

export const dbtSyncJob = 'dbt-sync';

export interface DbtSyncJobPayload {
  runId: number;
  deployment: { id: number; deployBranchName: string };
  repositoryId: string;
  author: GitAuthor;
  /** Held in memory only: a run interrupted by a restart is failed, never resumed. */
  manifest: unknown;
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

/**
 * The phases of one sync. Cancellation is checked between phases (and while the build runs); a run
 * that fails or is cancelled after creating its branch deletes it, so nothing is left behind.
 */
export class DbtSyncJob {
  constructor(
    private readonly database: Database,
    private readonly gitStore: GitStore,
    private readonly builds: BuildsService,
    private readonly devMode: DevModeService,
    private readonly logger: Logger,
    jobs: JobRunner,
  ) {
    jobs.register<DbtSyncJobPayload>(dbtSyncJob, (payload) => this.run(payload));
  }

  async run(payload: DbtSyncJobPayload): Promise<void> {
    const [run] = await this.database
      .select()
      .from(dbtSyncRunsTable)
      .where(eq(dbtSyncRunsTable.id, payload.runId));
    if (run?.status !== 'RUNNING') return;
    const logs: DbtSyncLogEntry[] = [];
    let stage: DbtSyncStage = 'INITIALIZING';
    let branchCreated = false;
    const { repositoryId, deployment } = payload;
    const branch = run.branchName;
    const phase = async <Result>(
      next: DbtSyncStage,
      work: () => Promise<Result>,
      describe: (result: Result) => string,
    ) => {
      await this.throwIfCancelled(payload.runId);
      stage = next;
      await this.update(payload.runId, { stage, percentComplete: percentAtStart[stage], logs });
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
      const deployHead = await phase(
        'INITIALIZING',
        async () => {
          const head = await this.gitStore.resolveBranch(repositoryId, deployment.deployBranchName);
          if (!head)
            throw new DbtSyncFailure(`the deploy branch ${deployment.deployBranchName} does not exist`);
          return head;
        },
        (head) => `starting from ${deployment.deployBranchName} at ${head.slice(0, 7)}`,
      );
      const manifest = await phase(
        'FETCHING_PROJECT',
        async () => payload.manifest,
        () => 'read the uploaded manifest',
      );
      const project = await phase(
        'PARSING_PROJECT',
        async () => readDbtManifest(manifest),
        (read) =>
          `parsed ${read.stats.models} model(s), ${read.stats.sources} source(s), ${read.stats.macros} macro(s)`,
      );
      const files = await phase(
        'PROCESSING_MANIFEST',
        async () => dbtCubeFiles(project),
        (generated) => `mapped the models to ${generated.length} cube file(s)`,
      );
      const commit = await phase(
        'WRITING_CUBE_FILES',
        async () => {
          await this.gitStore.createBranch(repositoryId, branch, deployHead);
          branchCreated = true;
          await this.devMode.recordBranch(deployment.id, branch, deployment.deployBranchName);
          return this.gitStore.commitToBranch(repositoryId, {
            branch,
            expectedHead: deployHead,
            changes: files.map((file) => ({
              path: file.path,
              content: new TextEncoder().encode(file.content),
            })),
            message: `dbt sync: ${files.length} cube file(s) from ${project.name ?? 'the dbt project'}`,
            author: payload.author,
            rebaseOnRace: false,
          });
        },
        (oid) => `committed ${files.length} file(s) to ${branch} as ${oid.slice(0, 7)}`,
      );
      await phase(
        'FINALIZING',
        () => this.awaitBuild(payload, branch, commit),
        () => `the generated model of ${branch} builds`,
      );
      await this.throwIfCancelled(payload.runId);
      const now = new Date();
      await this.update(payload.runId, {
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
      const cancelled = error instanceof DbtSyncCancelled;
      if (!isExpected(error)) this.logger.error({ err: error, runId: payload.runId }, 'dbt sync crashed');
      const message = cancelled ? 'cancelled' : messageOf(error);
      if (branchCreated) {
        await this.gitStore.deleteBranch(repositoryId, branch).catch((deleteError: unknown) => {
          this.logger.error({ err: deleteError, branch }, 'could not delete the branch of a failed dbt sync');
        });
      }
      if (cancelled) logs.push(entry('info', `cancelled before the phase after ${stage}`));
      await this.update(payload.runId, {
        status: cancelled ? 'CANCELLED' : 'FAILED',
        errorMessage: message,
        completedAt: new Date(),
        logs,
      });
    }
  }

  /** Builds the sync's commit and waits for it; a model that does not build fails the sync. */
  private async awaitBuild(payload: DbtSyncJobPayload, branch: string, commit: string): Promise<void> {
    const buildId = await this.builds.trigger(payload.deployment, branch, commit);
    for (;;) {
      const build = await this.builds.latest(payload.deployment.id, branch);
      if (build && build.id !== buildId)
        throw new DbtSyncFailure(`branch ${branch} was built by someone else`);
      if (build?.status === 'built') return;
      if (build && build.status !== 'building') {
        throw new DbtSyncFailure(`the generated model does not build: ${build.errorText ?? build.status}`);
      }
      await this.throwIfCancelled(payload.runId);
      await new Promise((resolve) => setTimeout(resolve, buildPollMilliseconds));
    }
  }

  private async throwIfCancelled(runId: number): Promise<void> {
    const [run] = await this.database
      .select({ cancelRequested: dbtSyncRunsTable.cancelRequested })
      .from(dbtSyncRunsTable)
      .where(eq(dbtSyncRunsTable.id, runId));
    if (run?.cancelRequested) throw new DbtSyncCancelled();
  }

  private async update(runId: number, values: Partial<typeof dbtSyncRunsTable.$inferInsert>): Promise<void> {
    await this.database
      .update(dbtSyncRunsTable)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(dbtSyncRunsTable.id, runId));
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
    message,
    ...(phase === undefined ? {} : { phase }),
    ...(durationMs === undefined ? {} : { durationMs }),
  };
}

function isExpected(error: unknown): boolean {
  return (
    error instanceof DbtSyncCancelled ||
    error instanceof DbtSyncFailure ||
    error instanceof DbtManifestError ||
    error instanceof DbtMappingError
  );
}

function messageOf(error: unknown): string {
  if (isExpected(error) && error instanceof Error) return error.message;
  return `the sync could not run: ${error instanceof Error ? error.message : String(error)}`;
}
