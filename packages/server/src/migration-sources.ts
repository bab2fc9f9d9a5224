import { agentsMigrationSource } from './modules/agents/agents-migration-source.js';
import { chatMigrationSource } from './modules/chat/chat-migration-source.js';
import { dashboardsMigrationSource } from './modules/dashboards/dashboards-migration-source.js';
import { dataModelMigrationSource } from './modules/data-model/data-model-migration-source.js';
import { dbtSyncMigrationSource } from './modules/dbt-sync/dbt-sync-migration-source.js';
import { deploymentsMigrationSource } from './modules/deployments/deployments-migration-source.js';
import { embedMigrationSource } from './modules/embed/embed-migration-source.js';
import { environmentsMigrationSource } from './modules/environments/environments-migration-source.js';
import { identityMigrationSource } from './modules/identity/identity-migration-source.js';
import { integrationsMigrationSource } from './modules/integrations/integrations-migration-source.js';
import { notificationsMigrationSource } from './modules/notifications/notifications-migration-source.js';
import { scimMigrationSource } from './modules/scim/scim-migration-source.js';
import { workloadIdentityMigrationSource } from './modules/workload-identity/workload-identity-migration-source.js';
import { workspaceMigrationSource } from './modules/workspace/workspace-migration-source.js';
import type { MigrationSource } from './platform/database/migrate.js';
import { jobsMigrationSource } from './platform/jobs/jobs-migration-source.js';

/**
 * Every migration source in the order the container applies them: the job queue's table first, then each
 * module's in the container's module order. One list, shared by the container's start and the build, which
 * applies the same migrations to the PGlite template (pglite-template-writer.ts) so a first start finds
 * them applied. Kept apart from the module factories so the build loads no module code.
 */
export function migrationSources(): MigrationSource[] {
  return [
    jobsMigrationSource,
    identityMigrationSource,
    integrationsMigrationSource,
    deploymentsMigrationSource,
    workloadIdentityMigrationSource,
    dataModelMigrationSource,
    dbtSyncMigrationSource,
    environmentsMigrationSource,
    agentsMigrationSource,
    chatMigrationSource,
    workspaceMigrationSource,
    dashboardsMigrationSource,
    embedMigrationSource,
    scimMigrationSource,
    notificationsMigrationSource,
  ];
}
