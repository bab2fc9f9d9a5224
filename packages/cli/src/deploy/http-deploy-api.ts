import type { ApiClient } from '../client/api-client.js';
import { CliError } from '../program/cli-errors.js';
import type { BuildStatusSnapshot, DeployApi, FinishUploadInput, UploadTransaction } from './deploy-api.js';
import type { BuildError } from './deploy-progress.js';

function buildErrorOf(error: { message: string; fileName: string; line?: number | undefined }): BuildError {
  return { message: error.message, fileName: error.fileName || null, line: error.line ?? null };
}

/** The deploy's calls over the typed client of the contract, for one deployment. */
export function httpDeployApi(client: ApiClient, deploymentId: number): DeployApi {
  const params = { deploymentId };
  return {
    fileHashes: (branchName) => client.call('getDataModelFileHashes', { params, query: { branchName } }),

    async startUpload(branchName): Promise<UploadTransaction> {
      const started = await client.call('startUpload', { params, body: { branchName } });
      // Without a transaction every upload would be refused one by one; say so once instead.
      if (typeof started?.transaction?.id !== 'string') {
        throw new CliError('the server did not open an upload transaction');
      }
      return started.transaction;
    },

    async uploadFile(transaction, path, bytes) {
      const stored = await client.callMultipart('uploadFile', {
        params,
        parts: {
          transaction: JSON.stringify(transaction),
          fileName: path,
          file: { bytes, fileName: path.slice(path.lastIndexOf('/') + 1) },
        },
      });
      return typeof stored.hash === 'string' ? stored.hash : null;
    },

    async validateUpload(input) {
      const validation = await client.call('validateUpload', { params, body: input });
      return { valid: validation.valid, errors: validation.errors.map(buildErrorOf) };
    },

    async finishUpload(input: FinishUploadInput) {
      const finished = await client.call('finishUpload', { params, body: input });
      return { lastHash: finished.lastHash ?? null, buildId: finished.buildId ?? null };
    },

    async buildStatus(branchName): Promise<BuildStatusSnapshot> {
      const status = await client.call('getBuildStatus', { params, query: { branchName } });
      return {
        status: status.status,
        branchName: status.branchName ?? null,
        errorText: status.errorText ?? null,
        filesHash: status.filesHash ?? null,
        updatedAt: status.updatedAt ?? null,
      };
    },

    async validationErrors(branchName): Promise<BuildError[]> {
      const validation = await client.call('validateDataModel', { params, query: { branchName } });
      return validation.errors.map(buildErrorOf);
    },
  };
}
