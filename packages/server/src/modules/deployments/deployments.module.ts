import type { Platform } from '../../platform/platform.js';
import { duckDbFileRuleOf } from '../../platform/warehouse/duckdb-file-rule.js';
import type { IdentityServices } from '../identity/identity.module.js';
import type { PlatformModule } from '../platform-module.js';
import { CreationStepService } from './creation-step.service.js';
import { DemoDeploymentService } from './demo-deployment.service.js';
import { DeploymentAccessService } from './deployment-access.service.js';
import { DeploymentDirectory } from './deployment-directory.js';
import { DeploymentLogsService } from './deployment-logs.service.js';
import { type BranchBuildSource, DeploymentRuntimeService } from './deployment-runtime.service.js';
import { deploymentsRoutes } from './deployments.routes.js';
import { DeploymentsService } from './deployments.service.js';
import { EngineVersionsService } from './engine-versions.service.js';
import { EnvVarsReader, type IssuedVariablesSource } from './env-vars.reader.js';
import { EnvVarsService } from './env-vars.service.js';
import { RegionsService } from './regions.service.js';

// A notification lost on the way is forgotten after this long; normally the change feed evicts at once.
const deploymentCacheMilliseconds = 60_000;

export interface DeploymentsDependencies {
  identity: Pick<IdentityServices, 'authorization'>;
  /** Asked of the data-model module, which depends on this one: called per request, never while building. */
  latestBuild: BranchBuildSource;
  /** The workload-identity module's tokens for a deployment's connection: called per read, never while building. */
  issuedVariables: IssuedVariablesSource;
}

/** Deployments, their settings, environment variables, logs and runtime, and the demo deployment. */
export function createDeploymentsModule(
  platform: Pick<Platform, 'config' | 'store' | 'changeFeed' | 'secretBox'>,
  dependencies: DeploymentsDependencies,
) {
  const { config, changeFeed, secretBox } = platform;
  const { database } = platform.store;
  const { authorization } = dependencies.identity;
  const deploymentDirectory = new DeploymentDirectory(database, deploymentCacheMilliseconds);
  const deploymentAccess = new DeploymentAccessService(
    database,
    authorization,
    deploymentDirectory,
    changeFeed,
  );
  const deploymentLogs = new DeploymentLogsService(database, deploymentAccess);
  const envVarsReader = new EnvVarsReader(database, secretBox, dependencies.issuedVariables);
  const services = {
    deploymentDirectory,
    deploymentAccess,
    deploymentLogs,
    envVarsReader,
    deployments: new DeploymentsService(database, deploymentAccess, authorization, deploymentLogs, config),
    creationSteps: new CreationStepService(database, deploymentAccess, deploymentLogs, config),
    engineVersions: new EngineVersionsService(deploymentAccess),
    envVars: new EnvVarsService(
      database,
      deploymentAccess,
      authorization,
      secretBox,
      deploymentLogs,
      duckDbFileRuleOf(config),
    ),
    regions: new RegionsService(authorization, config),
    demoDeployment: new DemoDeploymentService(database, deploymentLogs, deploymentAccess, secretBox, config),
    deploymentRuntime: new DeploymentRuntimeService(deploymentAccess, dependencies.latestBuild),
  };
  const unsubscribes: Array<() => void> = [];
  return {
    services,
    handlers: deploymentsRoutes(services),
    async start() {
      // Another process's change to a deployment or its variables drops what this one cached.
      unsubscribes.push(
        changeFeed.subscribe((topic) => deploymentDirectory.handleChange(topic)),
        changeFeed.subscribe((topic) => envVarsReader.handleChange(topic)),
      );
    },
    async close() {
      for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
    },
  } satisfies PlatformModule<unknown, unknown>;
}

export type DeploymentsModule = ReturnType<typeof createDeploymentsModule>;
export type DeploymentsServices = DeploymentsModule['services'];
