import type { Logger } from 'pino';
import { AccountBootstrap } from './bootstrap.js';
import type { Config } from './config.js';
import { CreationStepService } from './modules/deployments/creation-step.service.js';
import { DemoDeploymentService } from './modules/deployments/demo-deployment.service.js';
import { DeploymentAccessService } from './modules/deployments/deployment-access.service.js';
import { DeploymentDirectory } from './modules/deployments/deployment-directory.js';
import { DeploymentLogsService } from './modules/deployments/deployment-logs.service.js';
import { DeploymentRuntimeService } from './modules/deployments/deployment-runtime.service.js';
import { DeploymentsService } from './modules/deployments/deployments.service.js';
import { EngineVersionsService } from './modules/deployments/engine-versions.service.js';
import { EnvVarsService } from './modules/deployments/env-vars.service.js';
import { RegionsService } from './modules/deployments/regions.service.js';
import { ApiKeysService } from './modules/identity/api-keys.service.js';
import { AuthorizationService } from './modules/identity/authorization.service.js';
import { CredentialService } from './modules/identity/credential.service.js';
import { UsersService } from './modules/identity/users.service.js';
import { OpenApiService } from './modules/system/openapi.service.js';
import type { ChangeFeed } from './platform/change-feed/change-feed.js';
import { createChangeFeed } from './platform/change-feed/create-change-feed.js';
import { loadSecretKey } from './platform/crypto/load-secret-key.js';
import { SecretBox } from './platform/crypto/secret-box.js';
import { createStore, pgliteDirectoryOf } from './platform/database/create-store.js';
import type { Store } from './platform/database/database.js';
import { migrate } from './platform/database/migrate.js';
import { migrationSources } from './platform/database/migration-sources.js';

// A notification lost on the way is forgotten after this long; normally the change feed evicts at once.
const deploymentCacheMilliseconds = 60_000;

export interface ContainerOptions {
  /** Keep the embedded store in memory instead of the data directory (tests). */
  isInMemory?: boolean;
}

/** The one place infrastructure and services are constructed and wired together. */
export async function createContainer(config: Config, logger: Logger, options: ContainerOptions = {}) {
  const store: Store = await createStore({
    databaseUrl: config.databaseUrl,
    schema: config.databaseSchema,
    pgliteDirectory: options.isInMemory ? null : pgliteDirectoryOf(config.dataDirectory),
  });
  // Whatever fails during start-up must not leave the store or the feed's connection open behind it.
  let changeFeed: ChangeFeed;
  let secretBox: SecretBox;
  try {
    const applied = await migrate(store.database, migrationSources);
    if (applied.length > 0) logger.info({ migrations: applied }, `applied ${applied.length} migrations`);
    secretBox = new SecretBox(await loadSecretKey(config.secretKey, config.dataDirectory));
    changeFeed = await createChangeFeed({
      databaseUrl: config.databaseUrl,
      schema: config.databaseSchema,
      logger: logger.child({ component: 'change-feed' }),
    });
  } catch (error) {
    await store.close();
    throw error;
  }
  const credentials = new CredentialService(store.database, config.credentialCacheSeconds * 1000);
  changeFeed.subscribe((topic) => credentials.handleChange(topic));
  const authorization = new AuthorizationService(logger.child({ component: 'audit' }));
  const users = new UsersService(store.database, authorization, changeFeed);
  const openApi = new OpenApiService(() => config.publicUrl);
  // Services get the config object itself, not copies: publicUrl is only known after listen.
  const deploymentDirectory = new DeploymentDirectory(store.database, deploymentCacheMilliseconds);
  changeFeed.subscribe((topic) => deploymentDirectory.handleChange(topic));
  const deploymentAccess = new DeploymentAccessService(
    store.database,
    authorization,
    deploymentDirectory,
    changeFeed,
  );
  const apiKeys = new ApiKeysService(store.database, authorization, changeFeed, (accountId, ids) =>
    deploymentAccess.missingIds(accountId, ids),
  );
  const deploymentLogs = new DeploymentLogsService(store.database, deploymentAccess);
  const deployments = new DeploymentsService(
    store.database,
    deploymentAccess,
    authorization,
    deploymentLogs,
    config,
  );
  const creationSteps = new CreationStepService(store.database, deploymentAccess, deploymentLogs, config);
  const engineVersions = new EngineVersionsService(deploymentAccess);
  const envVars = new EnvVarsService(
    store.database,
    deploymentAccess,
    authorization,
    secretBox,
    deploymentLogs,
  );
  const deploymentRuntime = new DeploymentRuntimeService(deploymentAccess);
  const regions = new RegionsService(authorization, config);
  const demoDeployment = new DemoDeploymentService(store.database, deploymentLogs, deploymentAccess, config);
  const bootstrap = new AccountBootstrap(store.database, config, demoDeployment);
  return {
    config,
    logger,
    store,
    secretBox,
    credentials,
    authorization,
    users,
    apiKeys,
    openApi,
    deploymentAccess,
    deploymentLogs,
    deployments,
    creationSteps,
    engineVersions,
    envVars,
    deploymentRuntime,
    regions,
    demoDeployment,
    bootstrap,
    changeFeed,
    async close() {
      await changeFeed.close();
      await store.close();
    },
  };
}

export type Container = Awaited<ReturnType<typeof createContainer>>;
