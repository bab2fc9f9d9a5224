import type { MigrationSource } from '../../platform/database/migrate.js';

/** The module's tables; listed in module order by migration-sources.ts (after the workspace's). */
export const dashboardsMigrationSource: MigrationSource = {
  module: 'dashboards',
  directory: new URL('./migrations/', import.meta.url),
};
