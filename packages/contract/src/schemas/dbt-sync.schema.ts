import * as z from 'zod';
import { BranchName } from './branch-name.schema.js';
import { IdParam, listOf, PagingQuery, Timestamp } from './common.schema.js';
import { jsonObject } from './text.schema.js';

/** The phases of a sync in order; only COMPLETED and FAILED end it. */
export const dbtSyncStages = [
  'INITIALIZING',
  'FETCHING_PROJECT',
  'PARSING_PROJECT',
  'PROCESSING_MANIFEST',
  'WRITING_CUBE_FILES',
  'FINALIZING',
  'COMPLETED',
  'FAILED',
] as const;
export type DbtSyncStage = (typeof dbtSyncStages)[number];

/**
 * A run's state in the history; a cancelled run reads CANCELLED here and FAILED in its status. UNKNOWN is
 * a filter value of the specification that no run of this server takes.
 */
export const dbtSyncRunStatuses = ['RUNNING', 'COMPLETED', 'FAILED', 'CANCELLED', 'UNKNOWN'] as const;
export type DbtSyncRunStatus = (typeof dbtSyncRunStatuses)[number];

export const dbtSyncTriggers = ['manual', 'api', 'webhook', 'agent', 'unknown'] as const;
export type DbtSyncTrigger = (typeof dbtSyncTriggers)[number];

export const dbtSyncSources = ['git', 'manifest'] as const;
export type DbtSyncSource = (typeof dbtSyncSources)[number];

/** An uploaded manifest may be this large (the body of startDbtSync). */
export const dbtManifestLimitBytes = 50 * 1024 * 1024;

export const StartDbtSyncInput = z
  .object({
    branchName: BranchName.optional().meta({
      description: 'The new branch; default `dbt-sync/<ref>-<YYYYMMDDhhmmss>-<8 hex>`.',
    }),
    ref: BranchName.optional().meta({ description: 'Branch or tag of the connected dbt repository.' }),
    source: z
      .enum(dbtSyncSources)
      .optional()
      .meta({ description: '`manifest` when a manifest is sent, else `git`.' }),
    manifest: jsonObject()
      .optional()
      .meta({ description: 'A dbt `manifest.json` (any 1.x schema), as a JSON object.' }),
    catalog: jsonObject().optional().meta({
      description:
        'With `manifest` only: the `catalog.json` of `dbt docs generate`, whose column types are used where the manifest declares no `data_type`.',
    }),
  })
  .meta({ id: 'StartDbtSyncInput' });
export type StartDbtSyncInput = z.infer<typeof StartDbtSyncInput>;

export const StartDbtSyncResponse = z
  .object({ syncJobId: z.string(), workflowId: z.string(), branchName: z.string() })
  .meta({ id: 'DbtSyncResponse' });

export const DbtSyncParams = z.object({
  deploymentId: IdParam,
  syncJobId: z.uuid({ error: 'syncJobId must be a UUID' }),
});

export const DbtSyncStatus = z
  .object({
    syncJobId: z.string(),
    status: z.enum(dbtSyncStages),
    progress: z.object({
      stage: z.enum(dbtSyncStages),
      percentComplete: z.int().min(0).max(100),
      message: z.string().optional(),
    }),
    updatedAt: Timestamp,
    error: z.string().optional(),
  })
  .meta({ id: 'DbtSyncStatus' });
export type DbtSyncStatus = z.infer<typeof DbtSyncStatus>;

export const DbtManifestStats = z
  .object({ models: z.int(), sources: z.int(), macros: z.int() })
  .meta({ id: 'DbtManifestStats' });

export const DbtSyncResult = z
  .object({
    syncJobId: z.string(),
    generatedFiles: z.array(z.object({ path: z.string() })),
    manifestStats: DbtManifestStats,
    cubeCount: z.int(),
    completedAt: Timestamp,
    durationMs: z.int(),
  })
  .meta({ id: 'DbtSyncResult' });
export type DbtSyncResult = z.infer<typeof DbtSyncResult>;

export const DbtSyncLogEntry = z
  .object({
    timestamp: Timestamp,
    level: z.enum(['info', 'error']),
    stream: z.string(),
    message: z.string(),
    phase: z.enum(dbtSyncStages).optional(),
    durationMs: z.int().optional(),
  })
  .meta({ id: 'DbtSyncLogEntry' });
export type DbtSyncLogEntry = z.infer<typeof DbtSyncLogEntry>;

export const DbtSyncLogsResponse = listOf(DbtSyncLogEntry, 'DbtSyncLogsResponse');

export const DbtSyncRun = z
  .object({
    syncJobId: z.string(),
    deploymentId: z.int(),
    status: z.enum(dbtSyncRunStatuses),
    trigger: z.enum(dbtSyncTriggers),
    source: z.enum(dbtSyncSources),
    branchName: z.string(),
    startedAt: Timestamp,
    completedAt: Timestamp.optional(),
    durationMs: z.int().optional(),
    errorMessage: z.string().optional(),
    gitRef: z.string().optional(),
    lastStage: z.enum(dbtSyncStages).optional(),
    stats: z
      .object({ cubeCount: z.int(), generatedFileCount: z.int(), models: z.int(), sources: z.int() })
      .optional(),
  })
  .meta({ id: 'DbtSyncRun' });
export type DbtSyncRun = z.infer<typeof DbtSyncRun>;

export const DbtSyncsQuery = PagingQuery.extend({
  status: z.enum(dbtSyncRunStatuses).optional(),
  trigger: z.enum(dbtSyncTriggers).optional(),
});
export type DbtSyncsQuery = z.infer<typeof DbtSyncsQuery>;

export const DbtSyncsResponse = listOf(DbtSyncRun, 'DbtSyncsResponse');

export const CancelDbtSyncResponse = z.object({ message: z.string() }).meta({ id: 'CancelDbtSyncResponse' });

/** The smallest webhook secret accepted: shorter ones are guessable. */
export const dbtWebhookSecretMinLength = 16;

export const ConnectDbtRepositoryInput = z
  .object({
    repositoryUrl: z.url({ protocol: /^(https?|file)$/ }).meta({
      description:
        "The dbt project's git repository: https (http only to loopback), or a local `file://` repository.",
    }),
    branch: BranchName.default('main').meta({
      description: 'The ref a sync reads when it names none, and whose pushes the webhook syncs.',
    }),
    token: z
      .string()
      .min(1)
      .max(4000)
      .optional()
      .meta({ description: 'A read token for the repository; stored encrypted, never returned.' }),
    webhookSecret: z
      .string()
      .min(dbtWebhookSecretMinLength, {
        error: `webhookSecret must be at least ${dbtWebhookSecretMinLength} characters`,
      })
      .max(4000)
      .optional()
      .meta({ description: 'The shared secret of the push webhook; stored encrypted, never returned.' }),
  })
  .meta({ id: 'ConnectDbtRepositoryInput' });
export type ConnectDbtRepositoryInput = z.infer<typeof ConnectDbtRepositoryInput>;

export const DbtRepository = z
  .object({
    repositoryUrl: z.string(),
    branch: z.string(),
    hasToken: z.boolean(),
    hasWebhookSecret: z.boolean(),
    webhookPath: z
      .string()
      .meta({ description: 'Where the repository host sends push events (POST, JSON), on this server.' }),
    updatedAt: Timestamp,
  })
  .meta({ id: 'DbtRepository' });
export type DbtRepository = z.infer<typeof DbtRepository>;

/**
 * A push event as GitHub, GitLab and Gitea send it: only the fields a sync needs are read, the rest is
 * ignored. `ref` is the full pushed ref (`refs/heads/main`).
 */
export const DbtWebhookEvent = z
  .looseObject({
    ref: z.string().max(400).optional(),
    after: z.string().max(100).optional(),
    deleted: z.boolean().optional(),
    zen: z.string().optional(),
  })
  .meta({ id: 'DbtWebhookEvent' });
export type DbtWebhookEvent = z.infer<typeof DbtWebhookEvent>;

export const DbtWebhookResponse = z
  .object({
    started: z.boolean(),
    message: z.string(),
    syncJobId: z.string().optional(),
    branchName: z.string().optional(),
  })
  .meta({ id: 'DbtWebhookResponse' });
export type DbtWebhookResponse = z.infer<typeof DbtWebhookResponse>;
