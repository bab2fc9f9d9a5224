import { join } from 'node:path';
import type { Logger } from 'pino';
import { AccountBootstrap, type BootstrapOutcome } from './bootstrap.js';
import type { Config } from './config.js';
import { migrationSources } from './migration-sources.js';
import { createAgentsModule } from './modules/agents/agents.module.js';
import { createChatModule } from './modules/chat/chat.module.js';
import { createDashboardsModule } from './modules/dashboards/dashboards.module.js';
import { createDataApiModule } from './modules/data-api/data-api.module.js';
import { createDataModelModule } from './modules/data-model/data-model.module.js';
import { createDbtSyncModule } from './modules/dbt-sync/dbt-sync.module.js';
import { demoDeployBranchName } from './modules/deployments/demo-deployment.service.js';
import { createDeploymentsModule } from './modules/deployments/deployments.module.js';
import { createEmbedModule } from './modules/embed/embed.module.js';
import { createEnvironmentsModule } from './modules/environments/environments.module.js';
import { createGitHubModule } from './modules/github/github.module.js';
import { createIdentityModule } from './modules/identity/identity.module.js';
import { createIntegrationsModule } from './modules/integrations/integrations.module.js';
import { createNotificationsModule } from './modules/notifications/notifications.module.js';
import type { PlatformModule } from './modules/platform-module.js';
import { createScimModule } from './modules/scim/scim.module.js';
import { createSystemModule } from './modules/system/system.module.js';
import { createWorkloadIdentityModule } from './modules/workload-identity/workload-identity.module.js';
import { createWorkspaceModule } from './modules/workspace/workspace.module.js';
import { createChangeFeed } from './platform/change-feed/create-change-feed.js';
import { loadSecretKey } from './platform/crypto/load-secret-key.js';
import { SecretBox } from './platform/crypto/secret-box.js';
import { createStore, pgliteDirectoryOf } from './platform/database/create-store.js';
import { migrate } from './platform/database/migrate.js';
import { createGitStore } from './platform/git-store/create-git-store.js';
import { createJobRunner } from './platform/jobs/create-job-runner.js';
import { AnalystThreadPool } from './platform/llm/builtin-analyst/analyst-thread-pool.js';
import { createAgentRunner } from './platform/llm/create-agent-runner.js';
import type { Platform } from './platform/platform.js';
import { createPythonSandbox } from './platform/python/create-python-sandbox.js';
import { createStreamBus } from './platform/streams/create-stream-bus.js';
import { createWarehouse } from './platform/warehouse/create-warehouse.js';
import { WarehousePool } from './platform/warehouse/warehouse-pool.js';
import { isServingManagementApi, isWorkingJobs } from './process-roles.js';
import { sealStoredUrlCredentials } from './seal-stored-url-credentials.js';
import { startupMarks } from './startup-phases.js';

// An open warehouse that does not answer a readiness probe this fast is dropped from the pool.
const warehouseProbeMilliseconds = 2_000;

export interface ContainerOptions {
  /** Keep the embedded store in memory instead of the data directory (tests). */
  isInMemory?: boolean;
}

export interface ContainerStartOptions {
  /** Write a newly created admin key to `<data dir>/admin-key` (the process does; tests do not). */
  writeKeyFile: boolean;
}

export interface ContainerStartOutcome {
  /** Null in a role that does not serve the management API: it never creates the first account. */
  bootstrap: BootstrapOutcome | null;
}

/**
 * The platform adapters, built once. Opening them only acquires handles (the store, the secret key, the
 * stream bus's connection); the change feed listens and migrations run in the container's start.
 */
async function createPlatform(config: Config, logger: Logger, options: ContainerOptions): Promise<Platform> {
  const store = await createStore({
    databaseUrl: config.databaseUrl,
    schema: config.databaseSchema,
    pgliteDirectory: options.isInMemory ? null : pgliteDirectoryOf(config.dataDirectory),
  });
  performance.mark(startupMarks.storeOpened);
  try {
    const secretKey = await loadSecretKey(config.secretKey, config.dataDirectory);
    // The built-in analyst plans answers in worker threads, started on the first answer.
    const analystPool = new AnalystThreadPool({
      threads: config.analystThreads,
      queue: config.analystQueue,
      active: config.analystActive,
    });
    const changeFeed = await createChangeFeed({
      databaseUrl: config.databaseUrl,
      schema: config.databaseSchema,
      logger: logger.child({ component: 'change-feed' }),
    });
    // Chat answers: Redis Streams with REDIS_URL (any process joins or aborts), else this process only.
    const streamBus = await createStreamBus({
      redisUrl: config.redisUrl,
      logger: logger.child({ component: 'stream-bus' }),
    });
    return {
      config,
      logger,
      store,
      streamBus,
      secretKey,
      secretBox: new SecretBox(secretKey),
      changeFeed,
      gitStore: createGitStore({
        rootDirectory: join(config.dataDirectory, 'repositories'),
        fileRemotePolicy: {
          allowedDirectories: config.gitFileRemoteDirectories,
          forbiddenDirectories: [config.dataDirectory],
        },
      }),
      jobs: createJobRunner({
        database: store.database,
        logger: logger.child({ component: 'jobs' }),
        leaseSeconds: config.jobLeaseSeconds,
      }),
      warehousePool: new WarehousePool(createWarehouse),
      analystPool,
      agentRunner: createAgentRunner({
        defaults: config.llm,
        logger,
        analyst: analystPool,
        idleTimeoutMilliseconds: config.llmTimeoutSeconds * 1000,
      }),
      python: createPythonSandbox({
        command: config.pythonCommand,
        limits: { concurrentRuns: config.pythonConcurrentRuns },
      }),
    };
  } catch (error) {
    // Whatever fails while opening must not leave the store open behind it.
    await store.close();
    throw error;
  }
}

/**
 * The modules in dependency order, each handed the exported services of the modules it needs. Three
 * back-references (API keys check deployment ids; build status reads the data model; a deployment's
 * variables carry the workload-identity module's tokens) are functions called per request, after every
 * module exists.
 */
function createModules(platform: Platform) {
  const system = createSystemModule(platform);
  const identity = createIdentityModule(platform, {
    findMissingDeployments: (accountId, deploymentIds) =>
      deployments.services.deploymentAccess.missingIds(accountId, deploymentIds),
  });
  const integrations = createIntegrationsModule(platform, { identity: identity.services });
  const deployments = createDeploymentsModule(platform, {
    identity: identity.services,
    latestBuild: (deployment, branchName) => dataModel.services.latestBuild(deployment, branchName),
    issuedVariables: (deployment) => workloadIdentity.services.workloadTokens.variablesOf(deployment),
  });
  const workloadIdentity = createWorkloadIdentityModule(platform, {
    identity: identity.services,
    deployments: deployments.services,
  });
  const github = createGitHubModule(platform);
  const dataModel = createDataModelModule(platform, {
    deployments: deployments.services,
    github: github.services,
  });
  const dbtSync = createDbtSyncModule(platform, {
    deployments: deployments.services,
    dataModel: dataModel.services,
  });
  const dataApi = createDataApiModule(platform, {
    identity: identity.services,
    deployments: deployments.services,
    dataModel: dataModel.services,
  });
  const environments = createEnvironmentsModule(platform, {
    identity: identity.services,
    deployments: deployments.services,
    dataModel: dataModel.services,
    dataApi: dataApi.services,
  });
  const agents = createAgentsModule(platform, {
    identity: identity.services,
    deployments: deployments.services,
  });
  const chat = createChatModule(platform, {
    identity: identity.services,
    agents: agents.services,
    dataApi: dataApi.services,
  });
  const workspace = createWorkspaceModule(platform, {
    identity: identity.services,
    deployments: deployments.services,
    dataApi: dataApi.services,
  });
  const dashboards = createDashboardsModule(platform, {
    workspace: workspace.services,
    chat: chat.services,
    dataApi: dataApi.services,
    identity: identity.services,
  });
  const embed = createEmbedModule(platform, {
    identity: identity.services,
    deployments: deployments.services,
    chat: chat.services,
    workspace: workspace.services,
    dashboards: dashboards.services,
    agents: agents.services,
  });
  const scim = createScimModule(platform, { identity: identity.services });
  const notifications = createNotificationsModule(platform, {
    identity: identity.services,
    deployments: deployments.services,
    dataApi: dataApi.services,
    workspace: workspace.services,
    dashboards: dashboards.services,
    embed: embed.services,
    chat: chat.services,
  });
  return {
    system,
    identity,
    integrations,
    deployments,
    workloadIdentity,
    github,
    dataModel,
    dbtSync,
    dataApi,
    environments,
    agents,
    chat,
    workspace,
    dashboards,
    embed,
    scim,
    notifications,
  };
}

/** Builds the platform adapters and the modules; nothing runs until `start()`. */
export async function createContainer(config: Config, logger: Logger, options: ContainerOptions = {}) {
  const platform = await createPlatform(config, logger, options);
  const modules = createModules(platform);
  const inOrder: ReadonlyArray<PlatformModule<unknown, unknown>> = Object.values(modules);
  const services = {
    ...modules.system.services,
    ...modules.identity.services,
    ...modules.integrations.services,
    ...modules.deployments.services,
    ...modules.workloadIdentity.services,
    ...modules.github.services,
    ...modules.dataModel.services,
    ...modules.dbtSync.services,
    ...modules.dataApi.services,
    ...modules.environments.services,
    ...modules.agents.services,
    ...modules.chat.services,
    ...modules.workspace.services,
    ...modules.dashboards.services,
    ...modules.embed.services,
    ...modules.scim.services,
    ...modules.notifications.services,
  };
  // The first account and the demo span modules (identity, deployments, agents, data model).
  const bootstrap = new AccountBootstrap(
    platform.store.database,
    config,
    services.demoDeployment,
    async (deploymentId, accountId) => {
      await services.demoAgent.ensure(accountId, deploymentId);
      await services.demoModel.seed({ id: deploymentId, deployBranchName: demoDeployBranchName });
    },
    logger.child({ component: 'bootstrap' }),
  );
  const started: Array<PlatformModule<unknown, unknown>> = [];
  return {
    config,
    logger,
    platform,
    modules,
    services,
    bootstrap,
    /** What /readyz checks on every listener: the store, Redis when configured, the warehouse pool. */
    readinessChecks: {
      store: () => platform.store.ping(),
      ...(config.redisUrl ? { redis: () => platform.streamBus.ping() } : {}),
      warehouses: () => platform.warehousePool.checkReadiness(warehouseProbeMilliseconds),
    },
    /**
     * Migrations (migration-sources.ts, in module order, once), the change feed, each module's start, the first
     * account and demo (roles serving the management API), then job work (roles `all` and `worker`).
     */
    async start(startOptions: ContainerStartOptions): Promise<ContainerStartOutcome> {
      // A store made from the build's PGlite template has them all applied already: one read finds that.
      const applied = await migrate(platform.store.database, migrationSources());
      if (applied.length > 0) logger.info({ migrations: applied }, `applied ${applied.length} migrations`);
      performance.mark(startupMarks.migrated);
      // Rows written before URL credentials were sealed hold them in clear: seal them before anything reads.
      await sealStoredUrlCredentials(platform.store.database, platform.secretBox, logger);
      await platform.changeFeed.start();
      const context = { isWorkingJobs: isWorkingJobs(config.role) };
      for (const module of inOrder) {
        await module.start?.(context);
        started.push(module);
      }
      const outcome = isServingManagementApi(config.role)
        ? await bootstrap.run({ writeKeyFile: startOptions.writeKeyFile })
        : null;
      if (context.isWorkingJobs) {
        platform.jobs.startWorking();
        logger.debug({ jobs: inOrder.flatMap((module) => module.jobs ?? []) }, 'working jobs');
      }
      return { bootstrap: outcome };
    },
    /** Modules in reverse order, then the jobs still running (they write to the store), then the adapters. */
    async close(): Promise<void> {
      for (const module of started.splice(0).reverse()) await module.close?.();
      await platform.analystPool.close();
      await platform.jobs.close();
      await platform.warehousePool.closeAll();
      await platform.changeFeed.close();
      await platform.streamBus.close();
      await platform.store.close();
    },
  };
}

export type Container = Awaited<ReturnType<typeof createContainer>>;
