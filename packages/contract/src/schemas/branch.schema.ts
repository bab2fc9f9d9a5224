import * as z from 'zod';
import { BranchName } from './branch-name.schema.js';
import { GitHubName } from './github.schema.js';

export const StartDevModeInput = z.object({ branchName: BranchName.optional() });

export const DevModeState = z
  .object({
    active: z.literal(true),
    branchName: z.string().meta({ description: "The caller's personal branch." }),
    parentBranch: z.string(),
  })
  .meta({ id: 'DevModeState' });

export const DevModeStopped = z.object({ active: z.literal(false) }).meta({ id: 'DevModeStopped' });

export const Branch = z
  .object({
    id: z.string().meta({ description: 'The branch name, which identifies it.' }),
    name: z.string(),
    parentBranch: z.string().nullable(),
    lastHash: z.string(),
    isStagingEnvironmentEnabled: z
      .boolean()
      .meta({ description: 'Whether the branch serves a staging environment of the deployment.' }),
  })
  .meta({ id: 'Branch' });

export const CreatedBranch = Branch.extend({
  branchName: z.string().meta({
    description: "The branch's name; with `enterDevMode`, the caller's dev-mode branch (this one).",
  }),
}).meta({ id: 'CreatedBranch' });

export const SetStagingEnvironmentInput = z
  .object({ branchName: BranchName, enabled: z.boolean() })
  .meta({ id: 'SetStagingEnvironmentInput' });

export const StagingEnvironmentState = z
  .object({ branchName: z.string(), isStagingEnvironmentEnabled: z.boolean() })
  .meta({ id: 'StagingEnvironmentState' });

export type Branch = z.infer<typeof Branch>;

export const BranchesResponse = z.object({ items: z.array(Branch) }).meta({ id: 'BranchesResponse' });

export const CreateBranchInput = z
  .object({
    name: BranchName,
    from: BranchName.optional().meta({ description: 'Default: the deploy branch.' }),
    enterDevMode: z.boolean().optional(),
  })
  .meta({ id: 'CreateBranchInput' });

export const DeleteBranchQuery = z.object({ branchName: BranchName });

export const CommitBranchInput = z
  .object({ message: z.string().min(1).max(2000).optional(), branchName: BranchName.optional() })
  .meta({ id: 'CommitBranchInput' });

export const CommitBranchResponse = z
  .object({ lastHash: z.string(), buildTriggered: z.boolean() })
  .meta({ id: 'CommitBranchResponse' });

export const PullBranchInput = z.object({ branchName: BranchName.optional() });

export const PullBranchResponse = z
  .object({ buildTriggered: z.boolean(), lastHash: z.string() })
  .meta({ id: 'PullBranchResponse' });

export const MergeBranchInput = z
  .object({
    branchName: BranchName.optional().meta({ description: "Default: the caller's dev-mode branch." }),
    squashCommits: z.boolean().optional(),
    deleteBranch: z.boolean().optional(),
    switchToParentBranch: z.boolean().optional().meta({
      description: 'Accepted from hosted clients; dev mode is per credential here, so it changes nothing.',
    }),
  })
  .meta({ id: 'MergeBranchInput' });

export const MergeBranchResponse = z
  .object({ merged: z.boolean(), branchDeleted: z.boolean() })
  .meta({ id: 'MergeBranchResponse' });

export const MergeToDefaultInput = z
  .object({
    message: z
      .string()
      .min(1)
      .max(2000)
      .optional()
      .meta({ description: 'The merge commit message; default `Merge <branch> into <deploy branch>`.' }),
    branchName: BranchName.optional(),
    removeBranchAfterMerge: z.boolean().optional(),
  })
  .meta({ id: 'MergeToDefaultInput' });

export const MergeToDefaultResponse = z
  .object({ merged: z.boolean(), branchDeleted: z.boolean(), lastHash: z.string(), pushed: z.boolean() })
  .meta({ id: 'MergeToDefaultResponse' });

export const ConnectGithubInput = z
  .object({
    repositoryUrl: z
      .url({ protocol: /^(https?|file)$/ })
      .optional()
      .meta({
        description:
          'An https (or local file) git URL; http only for servers you trust. Without it: `installationId` and `name` name a repository the GitHub App reaches.',
      }),
    branch: BranchName.optional().meta({
      description: "The branch to follow; default the GitHub repository's default branch.",
    }),
    deployBranchName: BranchName.optional().meta({
      description: 'The same as `branch` (the published name).',
    }),
    installationId: z.union([z.int(), z.string().max(100)]).optional(),
    name: GitHubName.optional().meta({
      description: "The repository's name without its owner (the installation's account unless `owner`).",
    }),
    owner: z.string().max(200).optional(),
    repo: z.string().max(200).optional(),
    token: z.string().min(1).max(4000).optional().meta({ description: 'Stored encrypted, never returned.' }),
  })
  .meta({ id: 'ConnectGithubInput' });

export const ConnectGithubResponse = z
  .object({ connected: z.literal(true), repositoryUrl: z.string(), branch: z.string() })
  .meta({ id: 'ConnectGithubResponse' });
