import type {
  DbtSyncLogEntry,
  DbtSyncRunStatus,
  DbtSyncSource,
  DbtSyncStage,
  DbtSyncTrigger,
} from '@platform/contract';
import { boolean, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** One dbt sync: its state, its outcome and its log (a handful of entries, one per phase). */
export const dbtSyncRunsTable = pgTable('dbt_sync_runs', {
  id: serial('id').primaryKey(),
  syncJobId: uuid('sync_job_id').notNull(),
  deploymentId: integer('deployment_id').notNull(),
  status: text('status').$type<DbtSyncRunStatus>().notNull(),
  stage: text('stage').$type<DbtSyncStage>().notNull(),
  percentComplete: integer('percent_complete').notNull().default(0),
  trigger: text('trigger').$type<DbtSyncTrigger>().notNull(),
  source: text('source').$type<DbtSyncSource>().notNull(),
  branchName: text('branch_name').notNull(),
  gitRef: text('git_ref'),
  /** The `after` commit of the webhook push that started the run; one live run per pushed commit. */
  pushedCommit: text('pushed_commit'),
  cancelRequested: boolean('cancel_requested').notNull().default(false),
  errorMessage: text('error_message'),
  generatedFiles: jsonb('generated_files').$type<Array<{ path: string }>>(),
  manifestStats: jsonb('manifest_stats').$type<{ models: number; sources: number; macros: number }>(),
  cubeCount: integer('cube_count'),
  logs: jsonb('logs').$type<DbtSyncLogEntry[]>().notNull().default([]),
  authorName: text('author_name').notNull(),
  authorEmail: text('author_email').notNull(),
  /** The attempt of the `dbt-sync` job that owns the run (its fence): a resumed run counts again. */
  attempts: integer('attempts').notNull().default(1),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});

export type DbtSyncRunRow = typeof dbtSyncRunsTable.$inferSelect;

/** An uploaded manifest (and catalog), as JSON text, kept until its run ends. */
export const dbtSyncManifestsTable = pgTable('dbt_sync_manifests', {
  runId: integer('run_id').primaryKey(),
  manifest: text('manifest').notNull(),
  /** The uploaded catalog.json, when one came with the manifest. */
  catalog: text('catalog'),
});

/** The dbt repository of a deployment; the token and webhook secret are SecretBox ciphertexts. */
export const dbtRepositoriesTable = pgTable('dbt_repositories', {
  deploymentId: integer('deployment_id').primaryKey(),
  /** Shown as is: its userinfo's secret is `[ENCRYPTED]` here and encrypted in the next column. */
  repositoryUrl: text('repository_url').notNull(),
  repositoryUrlSecretEncrypted: text('repository_url_secret_encrypted'),
  branch: text('branch').notNull(),
  tokenEncrypted: text('token_encrypted'),
  webhookSecretEncrypted: text('webhook_secret_encrypted'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type DbtRepositoryRow = typeof dbtRepositoriesTable.$inferSelect;
