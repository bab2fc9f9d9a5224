import type { Platform } from '../../platform/platform.js';
import type { DataModelServices } from '../data-model/data-model.module.js';
import type { DeploymentsServices } from '../deployments/deployments.module.js';
import type { PlatformModule } from '../platform-module.js';
import { DbtRepositoriesService } from './dbt-repositories.service.js';
import { DbtSyncJob, dbtProjectRepositoryIdOf, dbtSyncJob } from './dbt-sync.job.js';
import { dbtSyncRoutes } from './dbt-sync.routes.js';
import { DbtSyncService } from './dbt-sync.service.js';

export interface DbtSyncDependencies {
  deployments: Pick<DeploymentsServices, 'deploymentAccess'>;
  dataModel: Pick<DataModelServices, 'dataModelAccess' | 'builds' | 'devMode'>;
}

/**
 * dbt syncs: the service, the job (registered with the job runner) and, in a process that works jobs, the
 * sweep that resumes syncs orphaned by a stopped process, at start and then every half lease.
 */
export function createDbtSyncModule(
  platform: Pick<Platform, 'config' | 'logger' | 'store' | 'gitStore' | 'jobs' | 'secretBox'>,
  dependencies: DbtSyncDependencies,
) {
  const { database } = platform.store;
  const { deploymentAccess } = dependencies.deployments;
  const { dataModelAccess: access, builds, devMode } = dependencies.dataModel;
  const dbtRepositories = new DbtRepositoriesService(database, access, platform.secretBox);
  const leaseMilliseconds = platform.config.dbtSyncLeaseSeconds * 1000;
  const dbtSync = new DbtSyncService(database, access, deploymentAccess, dbtRepositories, platform.jobs, {
    leaseMilliseconds,
  });
  const logger = platform.logger.child({ component: 'dbt-sync' });
  // The job registers itself with the runner; the service only enqueues it.
  new DbtSyncJob(
    database,
    access,
    deploymentAccess,
    dbtRepositories,
    builds,
    devMode,
    logger,
    { heartbeatMilliseconds: Math.max(100, leaseMilliseconds / 3) },
    platform.jobs,
  );
  // A deleted deployment's dbt mirror goes with it.
  deploymentAccess.onDeleted((deploymentId) =>
    platform.gitStore.deleteRepository(dbtProjectRepositoryIdOf(deploymentId)),
  );
  const resume = async () => {
    const outcome = await dbtSync.resumeStale();
    if (outcome.resumed + outcome.failed > 0) {
      logger.warn(outcome, 'took over the dbt syncs a stopped process left running');
    }
  };
  let sweep: NodeJS.Timeout | null = null;
  const services = { dbtSync, dbtRepositories };
  return {
    services,
    handlers: dbtSyncRoutes(services),
    migrations: { module: 'dbt-sync', directory: new URL('./migrations/', import.meta.url) },
    jobs: [dbtSyncJob],
    async start(context) {
      // Taking over a stale sync is job work: only a process that works jobs does it.
      if (!context.isWorkingJobs) return;
      await resume();
      sweep = setInterval(() => {
        resume().catch((error: unknown) => logger.error({ err: error }, 'the dbt sync resume sweep failed'));
      }, leaseMilliseconds / 2);
      sweep.unref();
    },
    async close() {
      if (sweep) clearInterval(sweep);
      sweep = null;
    },
  } satisfies PlatformModule<unknown, unknown>;
}

export type DbtSyncModule = ReturnType<typeof createDbtSyncModule>;
export type DbtSyncServices = DbtSyncModule['services'];
