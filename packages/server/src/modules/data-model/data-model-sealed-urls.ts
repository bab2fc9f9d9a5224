import type { SealedUrlColumn } from '../../platform/crypto/seal-plaintext-urls.js';
import { gitRemotesTable } from './data-model.tables.js';

/** The data-model module's URLs stored sealed: a deployment's git remote. */
export const dataModelSealedUrls: readonly SealedUrlColumn[] = [
  {
    table: gitRemotesTable,
    id: gitRemotesTable.deploymentId,
    url: gitRemotesTable.repositoryUrl,
    secret: gitRemotesTable.repositoryUrlSecretEncrypted,
  },
];
