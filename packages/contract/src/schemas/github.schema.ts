import * as z from 'zod';
import { listOf, PagingQuery } from './common.schema.js';

/** GitHub ids (installations) are positive integers written in decimal. */
export const GitHubId = z.preprocess(
  (value) => (typeof value === 'string' && /^[0-9]{1,15}$/.test(value) ? Number(value) : value),
  z.int({ error: 'must be a positive whole number' }).min(1).max(Number.MAX_SAFE_INTEGER),
);

/** An account or repository name as GitHub allows them; `.` and `..` are not names. */
export const GitHubName = z
  .string()
  .regex(/^[A-Za-z0-9_.-]{1,100}$/, { error: 'must be a GitHub name: letters, digits, -, _ and .' })
  .refine((name) => name !== '.' && name !== '..', { error: 'must be a GitHub name, not . or ..' });

/** GitHub pages by number; the cursor carries the next page. `offset` does not apply here. */
export const GitHubPagingQuery = PagingQuery.pick({ first: true, after: true });

export const GitHubStatus = z
  .object({
    connected: z.boolean().meta({ description: 'The GitHub App is configured and installed somewhere.' }),
    linkUrl: z
      .string()
      .nullable()
      .meta({ description: 'Where to install the app (needs PLATFORM_GITHUB_APP_SLUG).' }),
    settingsUrl: z.string().nullable().meta({ description: "Where to manage the app's installations." }),
  })
  .meta({ id: 'GitHubStatus' });

export const GitHubInstallation = z
  .object({ installationId: z.number().int(), login: z.string() })
  .meta({ id: 'GitHubInstallation' });

export const GitHubInstallationsListResponse = listOf(GitHubInstallation, 'GitHubInstallationsListResponse');

export const GitHubInstallationParams = z.object({ installationId: GitHubId });

export const GitHubRepository = z
  .object({ name: z.string(), fullName: z.string(), htmlUrl: z.string(), defaultBranch: z.string() })
  .meta({ id: 'GitHubRepository' });

export const GitHubRepositoriesListResponse = listOf(GitHubRepository, 'GitHubRepositoriesListResponse');

export const GitHubRepositoryParams = z.object({ owner: GitHubName, repo: GitHubName });

export const ListGitHubBranchesQuery = GitHubPagingQuery.extend({
  installationId: GitHubId.meta({ description: 'The installation that reaches the repository.' }),
});

export const GitHubBranch = z
  .object({ name: z.string(), isDefault: z.boolean() })
  .meta({ id: 'GitHubBranch' });

export const GitHubBranchesListResponse = listOf(GitHubBranch, 'GitHubBranchesListResponse');

export type GitHubStatus = z.infer<typeof GitHubStatus>;
export type GitHubInstallation = z.infer<typeof GitHubInstallation>;
export type GitHubRepository = z.infer<typeof GitHubRepository>;
export type GitHubBranch = z.infer<typeof GitHubBranch>;
