import { join } from 'node:path';
import type { Platform } from '../../platform/platform.js';
import type { BranchBuildSource } from '../deployments/deployment-runtime.service.js';
import type { DeploymentsServices } from '../deployments/deployments.module.js';
import type { GitHubServices } from '../github/github.module.js';
import type { PlatformModule } from '../platform-module.js';
import { ActiveDevSessions } from './active-dev-sessions.js';
import { branchBuildStateOf } from './branch-build-state.js';
import { BranchesService } from './branches.service.js';
import { BuildsService, buildJob } from './builds.service.js';
import { CommitService } from './commit.service.js';
import { dataModelRoutes } from './data-model.routes.js';
import { DataModelAccess, repositoryIdOf } from './data-model-access.js';
import { DataModelFilesService } from './data-model-files.service.js';
import { DemoModelService } from './demo-model.service.js';
import { DevModeService } from './dev-mode.service.js';
import { GitRemotesService } from './git-remotes.service.js';
import { MergeService } from './merge.service.js';
import { ModelSourceService } from './model-source.service.js';
import { ModelValidationService } from './model-validation.service.js';
import { ServedCommits } from './served-commits.js';
import { UploadService } from './upload.service.js';
import { UploadCommitService } from './upload-commit.service.js';

// A notification lost on the way is forgotten after this long; normally the change feed drops it at once.
const devSessionCacheMilliseconds = 60_000;

export interface DataModelDependencies {
  deployments: Pick<DeploymentsServices, 'deploymentAccess' | 'deploymentLogs'>;
  /** Repositories connected through the GitHub App are fetched with its installation tokens. */
  github: Pick<GitHubServices, 'github'>;
}

/** Data-model repositories (git, on disk under the data directory), branches, uploads and builds. */
export function createDataModelModule(
  platform: Pick<Platform, 'config' | 'logger' | 'store' | 'gitStore' | 'jobs' | 'secretBox' | 'changeFeed'>,
  dependencies: DataModelDependencies,
) {
  const { config, logger, gitStore } = platform;
  const { database } = platform.store;
  const { deploymentAccess, deploymentLogs } = dependencies.deployments;
  const access = new DataModelAccess(deploymentAccess, gitStore);
  // A deleted deployment's repository goes with it.
  deploymentAccess.onDeleted((deploymentId) => gitStore.deleteRepository(repositoryIdOf(deploymentId)));
  // Registers the build job with the runner; a process that works jobs runs it.
  const builds = new BuildsService(database, gitStore, platform.jobs, deploymentLogs, logger);
  const activeDevSessions = new ActiveDevSessions(devSessionCacheMilliseconds);
  const devMode = new DevModeService(database, access, platform.changeFeed, activeDevSessions);
  const gitRemotes = new GitRemotesService(
    database,
    access,
    platform.secretBox,
    builds,
    dependencies.github.github,
  );
  const servedCommits = new ServedCommits(access);
  const uploads = new UploadService(database, access, devMode, {
    uploadsDirectory: join(config.dataDirectory, 'uploads'),
  });
  const latestBuild: BranchBuildSource = (deployment, branchName) =>
    branchBuildStateOf(builds, servedCommits, deployment, branchName);
  const services = {
    dataModelAccess: access,
    builds,
    devMode,
    gitRemotes,
    uploads,
    servedCommits,
    latestBuild,
    dataModelFiles: new DataModelFilesService(access, devMode),
    branches: new BranchesService(database, access, devMode),
    commits: new CommitService(access, devMode, builds),
    merges: new MergeService(database, access, devMode, builds, gitRemotes),
    uploadCommits: new UploadCommitService(access, uploads, builds),
    modelValidation: new ModelValidationService(access, devMode),
    modelSource: new ModelSourceService(access, devMode, servedCommits),
    demoModel: new DemoModelService(access, builds),
  };
  let unsubscribe: (() => void) | null = null;
  return {
    services,
    handlers: dataModelRoutes(services),
    jobs: [buildJob],
    async start() {
      // Another process's dev-mode change drops the sessions this one remembers for that deployment.
      unsubscribe = platform.changeFeed.subscribe((topic) => activeDevSessions.handleChange(topic));
    },
    async close() {
      unsubscribe?.();
      unsubscribe = null;
    },
  } satisfies PlatformModule<unknown, unknown>;
}

export type DataModelModule = ReturnType<typeof createDataModelModule>;
export type DataModelServices = DataModelModule['services'];
