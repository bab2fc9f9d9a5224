import type { MigrationSource } from '../../platform/database/migrate.js';

/** The module's tables; listed in module order by migration-sources.ts. */
export const workloadIdentityMigrationSource: MigrationSource = {
  module: 'workload-identity',
  directory: new URL('./migrations/', import.meta.url),
};
