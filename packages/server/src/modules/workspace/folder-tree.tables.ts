import { bigint, integer, pgTable } from 'drizzle-orm/pg-core';

/** Moved by a trigger on every change to a deployment's folder tree (migration 0002). */
export const folderTreeVersionsTable = pgTable('content_folder_tree_versions', {
  deploymentId: integer('deployment_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/** Moved by a trigger on every change to a deployment's resource policies (migration 0004). */
export const resourcePolicyVersionsTable = pgTable('resource_policy_versions', {
  deploymentId: integer('deployment_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});
