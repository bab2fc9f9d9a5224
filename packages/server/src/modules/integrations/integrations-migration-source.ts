import type { MigrationSource } from '../../platform/database/migrate.js';

/** The module's tables; listed in module order by migration-sources.ts. */
export const integrationsMigrationSource: MigrationSource = {
  module: 'integrations',
  directory: new URL('./migrations/', import.meta.url),
};
