import type { Platform } from '../../platform/platform.js';
import type { PlatformModule } from '../platform-module.js';
import { gitHubRoutes } from './github.routes.js';
import { GitHubService } from './github.service.js';

/**
 * GitHub through the platform's GitHub App (PLATFORM_GITHUB_*): discovery of installations, repositories
 * and branches, and the installation tokens the data model fetches connected repositories with.
 */
export function createGitHubModule(platform: Pick<Platform, 'config'>) {
  const github = new GitHubService(platform.config.github);
  return {
    services: { github },
    handlers: gitHubRoutes(github),
  } satisfies PlatformModule<unknown, unknown>;
}

export type GitHubModule = ReturnType<typeof createGitHubModule>;
export type GitHubServices = GitHubModule['services'];
