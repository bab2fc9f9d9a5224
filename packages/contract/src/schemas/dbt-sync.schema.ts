import * as z from 'zod';
import { IdParam, listOf, PagingQuery, Timestamp } from './common.schema.js';

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
    branchName: z
      .string()
      .min(1, { error: 'branchName must not be empty' })
      .max(200)
      .optional()
      .meta({ description: 'The new branch; default `dbt-sync/<ref>-<YYYYMMDDhhmmss>-<8 hex>`.' }),
    ref: z
      .string()
      .min(1, { error: 'ref must not be empty' })
      .max(200)
      .optional()
      .meta({ description: 'Branch or tag of the connected dbt repository.' }),
    source: z
      .enum(dbtSyncSources)
      .optional()
      .meta({ description: '`manifest` when a manifest is sent, else `git`.' }),
    manifest: z
      .record(z.string(), z.unknown())
      .optional()
      .meta({ description: 'A dbt `manifest.json` (any 1.x schema), as a JSON object.' }),
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
