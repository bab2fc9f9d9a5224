import { join } from 'node:path';
import {
  apiVersion,
  buildChatOpenApiDocument,
  buildOpenApiDocument,
  chatOperations,
  operations,
} from '@platform/contract';
import type { Logger } from 'pino';
import { AccountBootstrap } from './bootstrap.js';
import type { Config } from './config.js';
import { AgentApiKeysService } from './modules/agents/agent-api-keys.service.js';
import { AgentsService } from './modules/agents/agents.service.js';
import { ChatAgentDirectory } from './modules/agents/chat-agent.directory.js';
import { ChatAuthSettingsService } from './modules/agents/chat-auth-settings.service.js';
import { DemoAgentService } from './modules/agents/demo-agent.service.js';
import { ChatAuthenticationService } from './modules/chat/chat-authentication.service.js';
import { ChatRequestsService } from './modules/chat/chat-requests.service.js';
import { ChatSessionBuilder } from './modules/chat/chat-session.builder.js';
import { ChatStreamService } from './modules/chat/chat-stream.service.js';
import { ChatUsersService } from './modules/chat/chat-users.service.js';
import { PlatformTokenVerifier } from './modules/chat/platform-token.verifier.js';
import { createAgentTools } from './modules/chat/tools/create-agent-tools.js';
import { branchBuildStateOf } from './modules/data-model/branch-build-state.js';
import { BranchesService } from './modules/data-model/branches.service.js';
import { BuildsService } from './modules/data-model/builds.service.js';
import { CommitService } from './modules/data-model/commit.service.js';
import { DataModelAccess, repositoryIdOf } from './modules/data-model/data-model-access.js';
import { DataModelFilesService } from './modules/data-model/data-model-files.service.js';
import { DemoModelService } from './modules/data-model/demo-model.service.js';
import { DevModeService } from './modules/data-model/dev-mode.service.js';
import { GitRemotesService } from './modules/data-model/git-remotes.service.js';
import { MergeService } from './modules/data-model/merge.service.js';
import { ModelSourceService } from './modules/data-model/model-source.service.js';
import { ModelValidationService } from './modules/data-model/model-validation.service.js';
import { ServedCommits } from './modules/data-model/served-commits.js';
import { UploadService } from './modules/data-model/upload.service.js';
import { UploadCommitService } from './modules/data-model/upload-commit.service.js';
import { DbtRepositoriesService } from './modules/dbt-sync/dbt-repositories.service.js';
import { DbtSyncJob, dbtProjectRepositoryIdOf } from './modules/dbt-sync/dbt-sync.job.js';
import { DbtSyncService } from './modules/dbt-sync/dbt-sync.service.js';
import { CreationStepService } from './modules/deployments/creation-step.service.js';
import {
  DemoDeploymentService,
  demoDeployBranchName,
} from './modules/deployments/demo-deployment.service.js';
import { DeploymentAccessService } from './modules/deployments/deployment-access.service.js';
import { DeploymentDirectory } from './modules/deployments/deployment-directory.js';
import { DeploymentLogsService } from './modules/deployments/deployment-logs.service.js';
import { DeploymentRuntimeService } from './modules/deployments/deployment-runtime.service.js';
import { DeploymentsService } from './modules/deployments/deployments.service.js';
import { EngineVersionsService } from './modules/deployments/engine-versions.service.js';
import { EnvVarsReader } from './modules/deployments/env-vars.reader.js';
import { EnvVarsService } from './modules/deployments/env-vars.service.js';
import { RegionsService } from './modules/deployments/regions.service.js';
import { EnvironmentTokensService } from './modules/environments/environment-tokens.service.js';
import { EnvironmentsService } from './modules/environments/environments.service.js';
import { AccountsService } from './modules/identity/accounts.service.js';
import { ApiKeysService } from './modules/identity/api-keys.service.js';
import { AuthorizationService } from './modules/identity/authorization.service.js';
import { CredentialService } from './modules/identity/credential.service.js';
import { CredentialOwners } from './modules/identity/credential-owners.js';
import { UserAttributesService } from './modules/identity/user-attributes.service.js';
import { UsersService } from './modules/identity/users.service.js';
import { AgentDataService } from './modules/semantic/agent-data.service.js';
import { CompiledModelCache } from './modules/semantic/compiled-model.cache.js';
import { type AccountUserRoles, DataApiAccessService } from './modules/semantic/data-api-access.service.js';
import { DataApiCredentialService } from './modules/semantic/data-api-credential.service.js';
import { DeploymentTokenSigner, deriveTokenSigningKey } from './modules/semantic/deployment-token.signer.js';
import { DeploymentTokensService } from './modules/semantic/deployment-tokens.service.js';
import { DeploymentWarehouseService } from './modules/semantic/deployment-warehouse.service.js';
import { InFlightQueries } from './modules/semantic/in-flight-queries.js';
import { LoadQueryService } from './modules/semantic/load-query.service.js';
import { ModelMetadataService } from './modules/semantic/model-metadata.service.js';
import { ModelSqlService } from './modules/semantic/model-sql.service.js';
import { QueryPlanner } from './modules/semantic/query-planner.js';
import { QuerySqlService } from './modules/semantic/query-sql.service.js';
import { OpenApiService } from './modules/system/openapi.service.js';
import type { ChangeFeed } from './platform/change-feed/change-feed.js';
import { createChangeFeed } from './platform/change-feed/create-change-feed.js';
import { loadSecretKey } from './platform/crypto/load-secret-key.js';
import { SecretBox } from './platform/crypto/secret-box.js';
import { createStore, pgliteDirectoryOf } from './platform/database/create-store.js';
import type { Store } from './platform/database/database.js';
import { migrate } from './platform/database/migrate.js';
import { migrationSources } from './platform/database/migration-sources.js';
import { createGitStore } from './platform/git-store/create-git-store.js';
import { createJobRunner } from './platform/jobs/create-job-runner.js';
import { AnalystThreadPool } from './platform/llm/builtin-analyst/analyst-thread-pool.js';
import { createAgentRunner } from './platform/llm/create-agent-runner.js';
import { createStreamBus } from './platform/streams/create-stream-bus.js';
import type { StreamBus } from './platform/streams/stream-bus.js';
import { createWarehouse } from './platform/warehouse/create-warehouse.js';
import type { DuckDbFileRule } from './platform/warehouse/duckdb-file-rule.js';
import { WarehousePool } from './platform/warehouse/warehouse-pool.js';
import { sealStoredUrlCredentials } from './seal-stored-url-credentials.js';
import { startupMarks } from './startup-phases.js';

// A notification lost on the way is forgotten after this long; normally the change feed evicts at once.
const deploymentCacheMilliseconds = 60_000;
// An open warehouse that does not answer a readiness probe this fast is dropped from the pool.
const warehouseProbeMilliseconds = 2_000;

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
  performance.mark(startupMarks.storeOpened);
  // Whatever fails during start-up must not leave the store or the feed's connection open behind it.
  let changeFeed: ChangeFeed;
  let secretBox: SecretBox;
  let secretKey: string;
  let streamBus: StreamBus;
  try {
    const applied = await migrate(store.database, migrationSources);
    if (applied.length > 0) logger.info({ migrations: applied }, `applied ${applied.length} migrations`);
    performance.mark(startupMarks.migrated);
    secretKey = await loadSecretKey(config.secretKey, config.dataDirectory);
    secretBox = new SecretBox(secretKey);
    await sealStoredUrlCredentials(store.database, secretBox, logger);
    changeFeed = await createChangeFeed({
      databaseUrl: config.databaseUrl,
      schema: config.databaseSchema,
      logger: logger.child({ component: 'change-feed' }),
    });
    // Chat answers: Redis Streams with REDIS_URL (any process joins or aborts), else this process only.
    const feed = changeFeed;
    streamBus = await createStreamBus({
      redisUrl: config.redisUrl,
      logger: logger.child({ component: 'stream-bus' }),
    }).catch(async (error: unknown) => {
      await feed.close();
      throw error;
    });
  } catch (error) {
    await store.close();
    throw error;
  }
  const credentials = new CredentialService(store.database, config.credentialCacheSeconds * 1000);
  changeFeed.subscribe((topic) => credentials.handleChange(topic));
  const authorization = new AuthorizationService(logger.child({ component: 'audit' }));
  const users = new UsersService(store.database, authorization, changeFeed);
  const openApi = new OpenApiService(() =>
    buildOpenApiDocument(Object.values(operations), { version: apiVersion, serverUrl: config.publicUrl }),
  );
  const chatOpenApi = new OpenApiService(() =>
    buildChatOpenApiDocument(Object.values(chatOperations), {
      version: apiVersion,
      serverUrl: config.chatPublicUrl,
    }),
  );
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
    duckDbFileRuleOf(config),
  );
  const regions = new RegionsService(authorization, config);
  const demoDeployment = new DemoDeploymentService(
    store.database,
    deploymentLogs,
    deploymentAccess,
    secretBox,
    config,
  );
  const accounts = new AccountsService(store.database);
  const userAttributes = new UserAttributesService(store.database, authorization);
  // Agents, their keys and chat-auth settings cascade with their deployment's row: no listener needed.
  const agents = new AgentsService(store.database, deploymentAccess, secretBox, changeFeed);
  const agentApiKeys = new AgentApiKeysService(store.database, deploymentAccess, changeFeed);
  const chatAuthSettings = new ChatAuthSettingsService(store.database, deploymentAccess, secretBox);
  const chatAgents = new ChatAgentDirectory(store.database, secretBox, accounts, chatAuthSettings);
  changeFeed.subscribe((topic) => chatAgents.handleChange(topic));
  // The Chat API surface: who the caller is (agent key or platform token) and which chat user they act as.
  const chatUsers = new ChatUsersService(store.database);
  const chatAuthentication = new ChatAuthenticationService(chatAgents, new PlatformTokenVerifier());
  const chatSessions = new ChatSessionBuilder(chatUsers, {
    namesOf: (accountId) => userAttributes.namesOf(accountId),
    activeUserIdByEmail: (accountId, email) => users.activeUserIdByEmail(accountId, email),
  });
  const demoAgent = new DemoAgentService(store.database);
  const dataModel = await createDataModelServices(store, config, logger, {
    deploymentAccess,
    deploymentLogs,
    secretBox,
  });
  const dbtSync = createDbtSyncServices(store, logger, {
    deploymentAccess,
    secretBox,
    dataModel,
  });
  const envVarsReader = new EnvVarsReader(store.database, secretBox);
  changeFeed.subscribe((topic) => envVarsReader.handleChange(topic));
  const semantic = createSemanticServices(config, {
    credentials,
    authorization,
    deploymentAccess,
    deploymentDirectory,
    envVars: envVarsReader,
    modelSource: dataModel.modelSource,
    tokenSigner: new DeploymentTokenSigner(deriveTokenSigningKey(secretKey)),
    accountUsers: users,
  });
  const environments = createEnvironmentServices(store, config, {
    deploymentAccess,
    dataModel,
    credentialOwners: new CredentialOwners(store.database),
    deploymentTokens: semantic.services.deploymentTokens,
  });
  const analystPool = new AnalystThreadPool({ threads: config.analystThreads, queue: config.analystQueue });
  const agentRunner = createAgentRunner({
    defaults: config.llm,
    logger,
    analyst: analystPool,
    idleTimeoutMilliseconds: config.llmTimeoutSeconds * 1000,
  });
  const chatStreams = new ChatStreamService(
    store.database,
    streamBus,
    { agentRunner, agentData: semantic.services.agentData, createAgentTools },
    logger.child({ component: 'chat' }),
  );
  const chatRequests = new ChatRequestsService(
    chatAgents,
    chatAuthentication,
    chatSessions,
    chatUsers,
    chatStreams,
  );
  const deploymentRuntime = new DeploymentRuntimeService(deploymentAccess, (deployment, branchName) =>
    branchBuildStateOf(dataModel.builds, dataModel.servedCommits, deployment, branchName),
  );
  // Every job handler is registered by now; this process runs jobs (process roles will choose).
  dataModel.jobs.startWorking();
  const bootstrap = new AccountBootstrap(
    store.database,
    config,
    demoDeployment,
    async (deploymentId, accountId) => {
      await demoAgent.ensure(accountId, deploymentId);
      await dataModel.demoModel.seed({ id: deploymentId, deployBranchName: demoDeployBranchName });
    },
    logger.child({ component: 'bootstrap' }),
  );
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
    chatOpenApi,
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
    accounts,
    userAttributes,
    agents,
    agentApiKeys,
    chatAuthSettings,
    chatAgents,
    chatUsers,
    chatAuthentication,
    chatSessions,
    agentRunner,
    streamBus,
    chatStreams,
    chatRequests,
    ...dbtSync.services,
    ...dataModel,
    ...semantic.services,
    ...environments,
    /** What /readyz checks on every listener: the store, Redis when configured, the warehouse pool. */
    readinessChecks: {
      store: () => store.ping(),
      ...(config.redisUrl ? { redis: () => streamBus.ping() } : {}),
      warehouses: () => semantic.pool.checkReadiness(warehouseProbeMilliseconds),
    },
    async close() {
      // Answers still running are stopped and stored as failed while the store and warehouses are open.
      await chatStreams.close();
      await analystPool.close();
      // Jobs still running write to the store: they finish (or hand their job back) before it closes.
      await dataModel.jobs.close();
      await semantic.close();
      await changeFeed.close();
      await streamBus.close();
      await store.close();
    },
  };
}

export type Container = Awaited<ReturnType<typeof createContainer>>;

/** The data-model module: repositories on disk under the data directory, builds run as background jobs. */
async function createDataModelServices(
  store: Store,
  config: Config,
  logger: Logger,
  deployments: {
    deploymentAccess: DeploymentAccessService;
    deploymentLogs: DeploymentLogsService;
    secretBox: SecretBox;
  },
) {
  const database = store.database;
  const gitStore = createGitStore({
    rootDirectory: join(config.dataDirectory, 'repositories'),
    fileRemotePolicy: {
      allowedDirectories: config.gitFileRemoteDirectories,
      forbiddenDirectories: [config.dataDirectory],
    },
  });
  const jobs = createJobRunner({
    database,
    logger: logger.child({ component: 'jobs' }),
    leaseSeconds: config.jobLeaseSeconds,
  });
  const access = new DataModelAccess(deployments.deploymentAccess, gitStore);
  // A deleted deployment's repository goes with it.
  deployments.deploymentAccess.onDeleted((deploymentId) =>
    gitStore.deleteRepository(repositoryIdOf(deploymentId)),
  );
  const builds = new BuildsService(database, gitStore, jobs, deployments.deploymentLogs, logger);
  const devMode = new DevModeService(database, access);
  const gitRemotes = new GitRemotesService(database, access, deployments.secretBox, builds);
  const servedCommits = new ServedCommits(access);
  const uploads = new UploadService(database, access, devMode, {
    uploadsDirectory: join(config.dataDirectory, 'uploads'),
  });
  return {
    gitStore,
    dataModelAccess: access,
    jobs,
    builds,
    devMode,
    gitRemotes,
    uploads,
    dataModelFiles: new DataModelFilesService(access, devMode),
    branches: new BranchesService(database, access, devMode),
    commits: new CommitService(access, devMode, builds),
    merges: new MergeService(database, access, devMode, builds, gitRemotes),
    uploadCommits: new UploadCommitService(access, uploads, builds),
    modelValidation: new ModelValidationService(access, devMode),
    servedCommits,
    modelSource: new ModelSourceService(access, devMode, servedCommits),
    demoModel: new DemoModelService(access, builds),
  };
}

/** The environments of deployments: read from the data model, tokens minted by the data API's service. */
function createEnvironmentServices(
  store: Store,
  config: Config,
  dependencies: {
    deploymentAccess: DeploymentAccessService;
    dataModel: Awaited<ReturnType<typeof createDataModelServices>>;
    credentialOwners: CredentialOwners;
    deploymentTokens: DeploymentTokensService;
  },
) {
  const { dataModel } = dependencies;
  const environments = new EnvironmentsService(
    {
      loadDeployment: (principal, deploymentId) =>
        dependencies.deploymentAccess.load(principal, deploymentId, 'DeploymentRead'),
      stagingBranches: (deploymentId) => dataModel.branches.stagingBranches(deploymentId),
      devModeBranches: (deploymentId) => dataModel.devMode.activeSessions(deploymentId),
      ownersOf: (accountId, credentialIds) =>
        dependencies.credentialOwners.ownersOf(accountId, credentialIds),
    },
    config,
  );
  return {
    environments,
    environmentTokens: new EnvironmentTokensService(
      store.database,
      environments,
      dependencies.deploymentTokens,
    ),
  };
}

/**
 * The data API of deployments (`semantic` module): tokens, compiled models per commit, and one open
 * warehouse per deployment, closed with the deployment and at shutdown.
 */
function createSemanticServices(
  config: Config,
  dependencies: {
    credentials: CredentialService;
    authorization: AuthorizationService;
    deploymentAccess: DeploymentAccessService;
    deploymentDirectory: DeploymentDirectory;
    envVars: EnvVarsReader;
    modelSource: ModelSourceService;
    tokenSigner: DeploymentTokenSigner;
    accountUsers: AccountUserRoles;
  },
) {
  const pool = new WarehousePool(createWarehouse);
  const warehouses = new DeploymentWarehouseService(dependencies.envVars, pool, duckDbFileRuleOf(config));
  const compiledModels = new CompiledModelCache(dependencies.modelSource);
  const inFlightQueries = new InFlightQueries();
  dependencies.deploymentAccess.onDeleted(async (deploymentId) => {
    compiledModels.evict(deploymentId);
    await warehouses.evict(deploymentId);
  });
  const planner = new QueryPlanner(
    new DataApiAccessService(
      dependencies.deploymentAccess,
      dependencies.deploymentDirectory,
      dependencies.modelSource,
      dependencies.accountUsers,
    ),
    compiledModels,
  );
  const timing = {
    continueWaitMilliseconds: config.continueWaitSeconds * 1000,
    queryTimeoutMilliseconds: config.queryTimeoutSeconds * 1000,
  };
  const modelSql = new ModelSqlService(planner, warehouses, timing);
  return {
    pool,
    services: {
      dataApiCredentials: new DataApiCredentialService(
        dependencies.credentials,
        dependencies.authorization,
        dependencies.tokenSigner,
      ),
      deploymentTokens: new DeploymentTokensService(dependencies.deploymentAccess, dependencies.tokenSigner),
      warehouses,
      compiledModels,
      loadQueries: new LoadQueryService(planner, warehouses, inFlightQueries, timing),
      modelMetadata: new ModelMetadataService(planner),
      modelSql,
      querySql: new QuerySqlService(planner, warehouses),
      agentData: new AgentDataService(planner, modelSql, warehouses, timing),
    },
    async close() {
      inFlightQueries.clear();
      await pool.closeAll();
    },
  };
}

/**
 * dbt syncs: the service and the job, registered with the data model's job runner (which takes over a
 * sync whose process stopped).
 */
function createDbtSyncServices(
  store: Store,
  logger: Logger,
  modules: {
    deploymentAccess: DeploymentAccessService;
    secretBox: SecretBox;
    dataModel: Awaited<ReturnType<typeof createDataModelServices>>;
  },
) {
  const { dataModel, deploymentAccess } = modules;
  const access = dataModel.dataModelAccess;
  const dbtRepositories = new DbtRepositoriesService(store.database, access, modules.secretBox);
  const dbtSync = new DbtSyncService(
    store.database,
    access,
    deploymentAccess,
    dbtRepositories,
    dataModel.jobs,
  );
  // The job registers itself with the runner; the service only enqueues it.
  new DbtSyncJob(
    store.database,
    access,
    deploymentAccess,
    dbtRepositories,
    dataModel.builds,
    dataModel.devMode,
    logger.child({ component: 'dbt-sync' }),
    dataModel.jobs,
  );
  // A deleted deployment's dbt mirror goes with it.
  deploymentAccess.onDeleted((deploymentId) =>
    dataModel.gitStore.deleteRepository(dbtProjectRepositoryIdOf(deploymentId)),
  );
  return { services: { dbtSync, dbtRepositories } };
}

function duckDbFileRuleOf(config: Config): DuckDbFileRule {
  return { allowedDirectories: config.duckDbDirectories, dataDirectory: config.dataDirectory };
}
