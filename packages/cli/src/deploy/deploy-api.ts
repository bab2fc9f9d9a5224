import type { BuildError } from './deploy-progress.js';

/** What the server says about the build of a branch, reduced to the fields a deploy decides on. */
export interface BuildStatusSnapshot {
  status: string;
  branchName: string | null;
  errorText: string | null;
  filesHash: string | null;
  updatedAt: string | null;
}

export interface UploadTransaction {
  id: string;
}

/** What the model would be once the upload is finished: compiled by the server, nothing committed. */
export interface UploadValidation {
  valid: boolean;
  errors: BuildError[];
}

export interface FinishUploadInput {
  transaction: UploadTransaction;
  files: Record<string, { hash: string }>;
  autoRemoveFiles: boolean;
  commitMessage?: string;
  branchName?: string;
}

/**
 * The build API calls a deploy makes, one method per operation. The deploy logic depends on this
 * interface only, so unit tests and the benchmark can drive it without the command line.
 */
export interface DeployApi {
  fileHashes(branchName: string | undefined): Promise<unknown>;
  startUpload(branchName: string | undefined): Promise<UploadTransaction>;
  /** Answers the hash the server computed for the bytes, when it says. */
  uploadFile(transaction: UploadTransaction, path: string, bytes: Uint8Array): Promise<string | null>;
  validateUpload(input: Omit<FinishUploadInput, 'commitMessage'>): Promise<UploadValidation>;
  finishUpload(input: FinishUploadInput): Promise<{ lastHash: string | null; buildId: number | null }>;
  buildStatus(branchName: string | undefined): Promise<BuildStatusSnapshot>;
  validationErrors(branchName: string | undefined): Promise<BuildError[]>;
}
