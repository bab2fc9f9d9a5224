import type { MigrationSource } from './migrate.js';

/**
 * Each module owns its tables and migrations; modules that others reference come first. The job queue
 * (platform/jobs) references no module's table and is migrated first.
 */
export const migrationSources: readonly MigrationSource[] = [
  { module: 'jobs', directory: new URL('../jobs/migrations/', import.meta.url) },
  { module: 'identity', directory: new URL('../../modules/identity/migrations/', import.meta.url) },
  { module: 'deployments', directory: new URL('../../modules/deployments/migrations/', import.meta.url) },
  { module: 'agents', directory: new URL('../../modules/agents/migrations/', import.meta.url) },
  { module: 'data-model', directory: new URL('../../modules/data-model/migrations/', import.meta.url) },
  { module: 'environments', directory: new URL('../../modules/environments/migrations/', import.meta.url) },
  { module: 'dbt-sync', directory: new URL('../../modules/dbt-sync/migrations/', import.meta.url) },
  { module: 'chat', directory: new URL('../../modules/chat/migrations/', import.meta.url) },
];
