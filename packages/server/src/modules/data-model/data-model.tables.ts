import { bigint, boolean, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const buildStatuses = ['none', 'building', 'built', 'failed', 'cancelled', 'stopped'] as const;

/** What git does not record about a branch: the branch it was made from. */
export const branchesTable = pgTable(
  'data_model_branches',
  {
    deploymentId: integer('deployment_id').notNull(),
    name: text('name').notNull(),
    parentBranch: text('parent_branch'),
    /** Whether the branch serves a staging environment (GET .../environments?type=staging). */
    isStagingEnvironmentEnabled: boolean('is_staging_environment_enabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.deploymentId, table.name] })],
);

/** Dev mode belongs to a credential: the branch its writes go to, and whether it is on. */
export const devSessionsTable = pgTable(
  'data_model_dev_sessions',
  {
    deploymentId: integer('deployment_id').notNull(),
    credentialId: integer('credential_id').notNull(),
    branchName: text('branch_name').notNull(),
    parentBranch: text('parent_branch').notNull(),
    isActive: boolean('is_active').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.deploymentId, table.credentialId] })],
);

export const buildsTable = pgTable('data_model_builds', {
  id: serial('id').primaryKey(),
  deploymentId: integer('deployment_id').notNull(),
  branchName: text('branch_name').notNull(),
  commitOid: text('commit_oid').notNull(),
  status: text('status', { enum: buildStatuses }).notNull(),
  errorText: text('error_text'),
  filesHash: text('files_hash'),
  cubesCount: integer('cubes_count'),
  viewsCount: integer('views_count'),
  /** The attempt of the build job that owns the build: its writes are fenced by it. */
  attempt: integer('attempt').notNull().default(0),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const uploadTransactionsTable = pgTable('data_model_upload_transactions', {
  id: text('id').primaryKey(),
  deploymentId: integer('deployment_id').notNull(),
  credentialId: integer('credential_id').notNull(),
  branchName: text('branch_name').notNull(),
  totalBytes: bigint('total_bytes', { mode: 'number' }).notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The staged bytes live on disk under the transaction's folder, named by hash. */
export const uploadFilesTable = pgTable(
  'data_model_upload_files',
  {
    transactionId: text('transaction_id').notNull(),
    fileName: text('file_name').notNull(),
    hash: text('hash').notNull(),
    size: integer('size').notNull(),
  },
  (table) => [primaryKey({ columns: [table.transactionId, table.fileName] })],
);

export const gitRemotesTable = pgTable('data_model_git_remotes', {
  deploymentId: integer('deployment_id').primaryKey(),
  /** Shown as is: its userinfo's secret is `[ENCRYPTED]` here and encrypted in the next column. */
  repositoryUrl: text('repository_url').notNull(),
  repositoryUrlSecretEncrypted: text('repository_url_secret_encrypted'),
  branch: text('branch').notNull(),
  installationId: text('installation_id'),
  owner: text('owner'),
  repo: text('repo'),
  /** SecretBox ciphertext; never returned and never logged. */
  tokenEncrypted: text('token_encrypted'),
  /** Fetched with a GitHub App installation token of `installationId`, minted when needed. */
  usesInstallationToken: boolean('uses_installation_token').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type BuildRow = typeof buildsTable.$inferSelect;
export type DevSessionRow = typeof devSessionsTable.$inferSelect;
export type UploadTransactionRow = typeof uploadTransactionsTable.$inferSelect;
export type GitRemoteRow = typeof gitRemotesTable.$inferSelect;
