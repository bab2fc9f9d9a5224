import type { MigrationSource } from '../../platform/database/migrate.js';

/** The module's tables; listed in module order by migration-sources.ts. */
export const notificationsMigrationSource: MigrationSource = {
  module: 'notifications',
  directory: new URL('./migrations/', import.meta.url),
};
