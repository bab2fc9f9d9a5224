import {
  cloudProviders,
  creationMethods,
  creationSteps,
  deployModes,
  logContainers,
  logSources,
  releaseChannels,
  targetPlatforms,
} from '@platform/contract';
import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const deploymentsTable = pgTable(
  'deployments',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull(),
    name: text('name').notNull(),
    creationStep: text('creation_step', { enum: creationSteps }).notNull().default('project'),
    cloudProvider: text('cloud_provider', { enum: cloudProviders }).notNull(),
    creationMethod: text('creation_method', { enum: creationMethods }).notNull(),
    deployMode: text('deploy_mode', { enum: deployModes }).notNull(),
    region: text('region').notNull(),
    releaseChannel: text('release_channel', { enum: releaseChannels }).notNull().default('latest'),
    releaseChannelVersion: text('release_channel_version'),
    deployBranchName: text('deploy_branch_name').notNull().default('main'),
    targetPlatform: text('target_platform', { enum: targetPlatforms }).notNull().default('aws'),
    isManaged: boolean('is_managed').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('deployments_account_name').on(table.accountId, table.name)],
);

export const deploymentEnvVarsTable = pgTable(
  'deployment_env_vars',
  {
    id: serial('id').primaryKey(),
    deploymentId: integer('deployment_id').notNull(),
    name: text('name').notNull(),
    /** Every value is encrypted, secret or not; isSecret only decides whether reads show it. */
    valueEncrypted: text('value_encrypted').notNull(),
    isSecret: boolean('is_secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique().on(table.deploymentId, table.name)],
);

export const deploymentLogsTable = pgTable(
  'deployment_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deploymentId: integer('deployment_id').notNull(),
    date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
    source: text('source', { enum: logSources }).notNull(),
    container: text('container', { enum: logContainers }).notNull(),
    pod: text('pod').notNull(),
    message: text('message').notNull(),
  },
  (table) => [index('deployment_logs_deployment_id').on(table.deploymentId, table.id)],
);

export type DeploymentRow = typeof deploymentsTable.$inferSelect;
export type DeploymentInsert = typeof deploymentsTable.$inferInsert;
export type DeploymentEnvVarRow = typeof deploymentEnvVarsTable.$inferSelect;
export type DeploymentLogRow = typeof deploymentLogsTable.$inferSelect;
