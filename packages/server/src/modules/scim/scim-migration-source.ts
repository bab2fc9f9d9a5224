import type { MigrationSource } from '../../platform/database/migrate.js';

/** The module's tables (they refer to identity's users and groups); listed by migration-sources.ts. */
export const scimMigrationSource: MigrationSource = {
  module: 'scim',
  directory: new URL('./migrations/', import.meta.url),
};
