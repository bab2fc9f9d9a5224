import type { MigrationSource } from '../database/migrate.js';

/** The job queue's own table: it references no module's table and is migrated before every module. */
export const jobsMigrationSource: MigrationSource = {
  module: 'jobs',
  directory: new URL('./migrations/', import.meta.url),
};
