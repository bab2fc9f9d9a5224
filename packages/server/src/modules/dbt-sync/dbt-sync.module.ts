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
 * dbt syncs: the service and the job, registered with the durable job runner (whose takeover resumes a
 * sync whose process stopped).
 */
export function createDbtSyncModule(
  platform: Pick<Platform, 'logger' | 'store' | 'gitStore' | 'jobs' | 'secretBox'>,
  dependencies: DbtSyncDependencies,
) {
  const { database } = platform.store;
  const { deploymentAccess } = dependencies.deployments;
  const { dataModelAccess: access, builds, devMode } = dependencies.dataModel;
  const dbtRepositories = new DbtRepositoriesService(database, access, platform.secretBox);
  const dbtSync = new DbtSyncService(database, access, deploymentAccess, dbtRepositories, platform.jobs);
  // The job registers itself with the runner; the service only enqueues it.
  new DbtSyncJob(
    database,
    access,
    deploymentAccess,
    dbtRepositories,
    builds,
    devMode,
    platform.logger.child({ component: 'dbt-sync' }),
    platform.jobs,
  );
  // A deleted deployment's dbt mirror goes with it.
  deploymentAccess.onDeleted((deploymentId) =>
    platform.gitStore.deleteRepository(dbtProjectRepositoryIdOf(deploymentId)),
  );
  const services = { dbtSync, dbtRepositories };
  return {
    services,
    handlers: dbtSyncRoutes(services),
    jobs: [dbtSyncJob],
  } satisfies PlatformModule<unknown, unknown>;
}

export type DbtSyncModule = ReturnType<typeof createDbtSyncModule>;
export type DbtSyncServices = DbtSyncModule['services'];
