import type { LogSource } from '@platform/contract';
import { and, desc, eq, lte } from 'drizzle-orm';
import type { Logger } from 'pino';
import { redactUrlCredentials } from '../../platform/crypto/url-credentials.js';
import type { Database } from '../../platform/database/database.js';
import type { GitStore } from '../../platform/git-store/git-store.js';
import type { JobContext, JobFailure, JobRunner } from '../../platform/jobs/job-runner.js';
import type { DeploymentLogsService } from '../deployments/deployment-logs.service.js';
import { compileModel, describeCompileError } from './compile-model.js';
import { type BuildRow, buildsTable } from './data-model.tables.js';
import { repositoryIdOf } from './data-model-access.js';

export const buildJob = 'data-model-build';

interface BuildJobPayload {
  buildId: number;
  source: LogSource;
}

/**
 * A build compiles one commit of a branch in the background and records the outcome; its lines go to
 * the deployment's log (container INIT). The latest build of a branch is its build status.
 */
export class BuildsService {
  constructor(
    private readonly database: Database,
    private readonly gitStore: GitStore,
    private readonly jobs: JobRunner,
    private readonly logs: DeploymentLogsService,
    private readonly logger: Logger,
  ) {
    jobs.register<BuildJobPayload>(buildJob, (payload, context) => this.run(payload, context), {
      onExhausted: (payload, failure, context) => this.giveUp(payload, failure, context),
    });
  }

  /**
   * Records the build as `building` and queues its job in the same transaction, so a build never
   * exists without the job that finishes it; returns its id.
   */
  async trigger(
    deployment: { id: number; deployBranchName: string },
    branchName: string,
    commitOid: string,
  ): Promise<number> {
    const source: LogSource = branchName === deployment.deployBranchName ? 'production' : 'dev';
    return this.database.transaction(async (transaction) => {
      const [row] = await transaction
        .insert(buildsTable)
        .values({ deploymentId: deployment.id, branchName, commitOid, status: 'building' })
        .returning({ id: buildsTable.id });
      if (!row) throw new Error('the build was not recorded');
      await this.jobs.enqueue<BuildJobPayload>(buildJob, { buildId: row.id, source }, { transaction });
      return row.id;
    });
  }

  async latest(deploymentId: number, branchName: string): Promise<BuildRow | null> {
    const [row] = await this.database
      .select()
      .from(buildsTable)
      .where(and(eq(buildsTable.deploymentId, deploymentId), eq(buildsTable.branchName, branchName)))
      .orderBy(desc(buildsTable.id))
      .limit(1);
    return row ?? null;
  }

  private async run({ buildId, source }: BuildJobPayload, context: JobContext): Promise<void> {
    const build = await this.own(buildId, context.attempt);
    // Finished already, or owned by a later attempt of its job: nothing left for this one to do.
    if (!build) return;
    const log = (message: string) =>
      this.logs.append(build.deploymentId, { source, container: 'INIT', message });
    const label = `build ${build.id} of ${build.branchName} at ${build.commitOid.slice(0, 7)}`;
    await log(
      context.attempt > 1
        ? `${label} started again (attempt ${context.attempt}): the process building it stopped`
        : `${label} started`,
    );
    try {
      const files = await this.gitStore.readFiles(repositoryIdOf(build.deploymentId), build.commitOid);
      const compilation = compileModel(files);
      const failed = compilation.errors.length > 0;
      for (const error of compilation.errors) await log(describeCompileError(error));
      // The last log line before the status: whoever sees the build finished finds its whole log.
      await log(
        failed
          ? `${label} failed with ${compilation.errors.length} error(s)`
          : `${label} built: ${compilation.cubesCount} cube(s), ${compilation.viewsCount} view(s)`,
      );
      await this.finish(buildId, context.attempt, {
        status: failed ? 'failed' : 'built',
        errorText: failed ? compilation.errors.map(describeCompileError).join('\n') : null,
        filesHash: compilation.filesHash,
        cubesCount: compilation.cubesCount,
        viewsCount: compilation.viewsCount,
      });
    } catch (error) {
      this.logger.error({ err: error, buildId }, 'data-model build crashed');
      // The status matters more than the log line: a failing log store must not leave it building.
      await log(`${label} could not run`).catch(() => undefined);
      await this.finish(buildId, context.attempt, {
        status: 'failed',
        errorText: `the build could not run: ${String(error)}`,
      });
    }
  }

  /** The job gave up (its processes kept stopping): the build says why instead of staying `building`. */
  private async giveUp({ buildId }: BuildJobPayload, failure: JobFailure, context: JobContext) {
    if (!(await this.own(buildId, context.attempt))) return;
    await this.finish(buildId, context.attempt, {
      status: 'failed',
      errorText: failure.wasInterrupted
        ? `the build was interrupted ${context.maxAttempts} times (${failure.reason}); commit again to retry`
        : `the build could not run: ${failure.reason}`,
    });
  }

  /** Makes the build this attempt's, unless it has finished or a later attempt owns it. */
  private async own(buildId: number, attempt: number): Promise<BuildRow | null> {
    const [build] = await this.database
      .update(buildsTable)
      .set({ attempt })
      .where(
        and(
          eq(buildsTable.id, buildId),
          eq(buildsTable.status, 'building'),
          lte(buildsTable.attempt, attempt),
        ),
      )
      .returning();
    return build ?? null;
  }

  private async finish(
    buildId: number,
    attempt: number,
    outcome: Partial<BuildRow> & Pick<BuildRow, 'status'>,
  ) {
    await this.database
      .update(buildsTable)
      .set({
        ...outcome,
        // why: build-status shows it to viewers; an error can quote a URL with its credentials.
        ...(outcome.errorText ? { errorText: redactUrlCredentials(outcome.errorText) } : {}),
        finishedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(buildsTable.id, buildId),
          eq(buildsTable.attempt, attempt),
          eq(buildsTable.status, 'building'),
        ),
      );
  }
}
