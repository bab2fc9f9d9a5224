import type { SealedUrlColumn } from '../../platform/crypto/seal-plaintext-urls.js';
import { dbtRepositoriesTable } from './dbt-sync.tables.js';

/** The dbt-sync module's URLs stored sealed: a deployment's dbt repository. */
export const dbtSyncSealedUrls: readonly SealedUrlColumn[] = [
  {
    table: dbtRepositoriesTable,
    id: dbtRepositoriesTable.deploymentId,
    url: dbtRepositoriesTable.repositoryUrl,
    secret: dbtRepositoriesTable.repositoryUrlSecretEncrypted,
  },
];
