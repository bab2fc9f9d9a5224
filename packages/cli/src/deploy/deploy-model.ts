import { readFile } from 'node:fs/promises';
import { CliError } from '../program/cli-errors.js';
import { buildOutcomeOf, waitForBuildStatus } from './build-wait.js';
import type { BuildStatusSnapshot, DeployApi, UploadTransaction } from './deploy-api.js';
import {
  type BuildError,
  type DeploySummary,
  formatBuildError,
  formatProgressLine,
} from './deploy-progress.js';
import { diffModel, remoteHashesOf } from './hash-diff.js';
import { type LocalModelFile, readModelFiles } from './model-files.js';

export interface DeployOptions {
  deploymentId: number;
  directory: string;
  branchName?: string;
  commitMessage?: string;
  /** Remove files the server has and the folder lacks (the default; --no-remove turns it off). */
  remove: boolean;
  wait: boolean;
  /** Parallel uploads: enough to hide round trips, few enough not to swamp a small server. */
  concurrency: number;
  pollIntervalMilliseconds: number;
  firstPollIntervalMilliseconds: number;
  timeoutMilliseconds: number;
  settleMilliseconds: number;
  onProgress: (line: string) => void;
}

export const defaultDeployTiming = {
  concurrency: 4,
  pollIntervalMilliseconds: 300,
  firstPollIntervalMilliseconds: 75,
  timeoutMilliseconds: 300_000,
  settleMilliseconds: 3_000,
};

/**
 * The folder's model has errors: nothing was committed. The message lists every one, `file:line message`,
 * by file and line (files upload concurrently, so the server's order is not the folder's).
 */
export class InvalidModelError extends CliError {
  constructor(readonly errors: readonly BuildError[]) {
    super(
      [
        `the data model has ${errors.length} error(s); nothing was deployed`,
        ...[...errors].sort(byFileAndLine).map(formatBuildError),
      ].join('\n'),
    );
  }
}

function byFileAndLine(left: BuildError, right: BuildError): number {
  const byFile = (left.fileName ?? '').localeCompare(right.fileName ?? '');
  return byFile !== 0 ? byFile : (left.line ?? 0) - (right.line ?? 0);
}

/** Runs `work` over `items` with at most `limit` at a time; rejects with the first failure. */
export async function forEachConcurrently<Item>(
  items: readonly Item[],
  limit: number,
  work: (item: Item, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      await work(items[index] as Item, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}

async function uploadChanged(
  api: DeployApi,
  transaction: UploadTransaction,
  files: readonly LocalModelFile[],
  options: DeployOptions,
): Promise<number> {
  let bytesSent = 0;
  let started = 0;
  await forEachConcurrently(files, options.concurrency, async (file) => {
    started += 1;
    options.onProgress(formatProgressLine(started, files.length, file.path));
    const bytes = await readFile(file.absolutePath);
    const storedHash = await api.uploadFile(transaction, file.path, bytes);
    // The hash sent in finish is the one read first; a file edited while deploying would commit a mismatch.
    if (storedHash !== null && storedHash.toLowerCase() !== file.hash) {
      throw new CliError(`${file.path} changed while it was being deployed; deploy again`);
    }
    bytesSent += bytes.byteLength;
  });
  return bytesSent;
}

/**
 * Deploys a folder's data model: uploads only the files whose SHA-1 differs from the server's, has the
 * server compile the model they would make, commits them in one transaction only if it compiles
 * (removing what the folder lacks unless told not to), then waits for the build.
 */
export async function deployModel(api: DeployApi, options: DeployOptions): Promise<DeploySummary> {
  const local = await readModelFiles(options.directory);
  if (local.length === 0) {
    // An empty upload with removal on would delete the whole remote model: almost surely a wrong folder.
    throw new CliError(`no model files (*.yml, *.yaml, model/**) under ${options.directory}`);
  }
  const diff = diffModel(local, remoteHashesOf(await api.fileHashes(options.branchName)));
  const removed = options.remove ? diff.missingLocally : [];
  const summary: DeploySummary = {
    deploymentId: options.deploymentId,
    branchName: options.branchName ?? null,
    uploaded: diff.changed.map((file) => file.path),
    unchangedCount: diff.unchanged.length,
    removed,
    bytesSent: 0,
    lastHash: null,
    buildId: null,
    build: null,
  };
  let previous: BuildStatusSnapshot | null = null;
  if (diff.changed.length > 0 || removed.length > 0) {
    if (options.wait) previous = await api.buildStatus(options.branchName);
    const transaction = await api.startUpload(options.branchName);
    summary.bytesSent = await uploadChanged(api, transaction, diff.changed, options);
    const upload = {
      transaction,
      files: Object.fromEntries(local.map((file) => [file.path, { hash: file.hash }])),
      autoRemoveFiles: options.remove,
      branchName: options.branchName,
    };
    // A model that does not compile is never committed: the branch keeps serving what it has.
    const validation = await api.validateUpload(upload);
    if (!validation.valid) throw new InvalidModelError(validation.errors);
    const finished = await api.finishUpload({ ...upload, commitMessage: options.commitMessage });
    summary.lastHash = finished.lastHash;
    summary.buildId = finished.buildId;
  }
  if (options.wait) {
    const status = await waitForBuildStatus(() => api.buildStatus(options.branchName), {
      previous,
      expectedHash: summary.lastHash,
      settleMilliseconds: options.settleMilliseconds,
      intervalMilliseconds: options.pollIntervalMilliseconds,
      firstIntervalMilliseconds: options.firstPollIntervalMilliseconds,
      timeoutMilliseconds: options.timeoutMilliseconds,
    });
    summary.build = await buildOutcomeOf(api, status);
    summary.branchName ??= status.branchName;
  }
  return summary;
}
