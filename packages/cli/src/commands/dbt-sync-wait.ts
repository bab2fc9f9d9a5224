import type { DbtSyncResult, DbtSyncStatus } from '@platform/contract';
import type { ApiClient } from '../client/api-client.js';
import { CliError } from '../program/cli-errors.js';
import { PollTimeoutError, pollUntil } from '../program/poll-until.js';

export interface DbtSyncWaitOptions {
  deploymentId: number;
  syncJobId: string;
  timeoutMilliseconds: number;
  /** Called with one line each time the stage or the percentage changes. */
  onProgress: (line: string) => void;
}

const terminalStages = new Set<string>(['COMPLETED', 'FAILED']);

/** `PARSING_PROJECT 20% reading the manifest`: what a person watching the sync wants to see change. */
export function formatDbtSyncProgress(status: DbtSyncStatus): string {
  const { stage, percentComplete, message } = status.progress;
  return message ? `${stage} ${percentComplete}% ${message}` : `${stage} ${percentComplete}%`;
}

/**
 * Polls the sync until it is COMPLETED or FAILED and answers that status, reporting each new stage or
 * percentage on the way. A failed sync (cancelled included) and a timeout are CliErrors saying why.
 */
export async function waitForDbtSync(client: ApiClient, options: DbtSyncWaitOptions): Promise<DbtSyncStatus> {
  const params = { deploymentId: options.deploymentId, syncJobId: options.syncJobId };
  let lastProgress: string | null = null;
  const read = async () => {
    const status = await client.call('getDbtSyncStatus', { params });
    const progress = `${status.progress.stage} ${status.progress.percentComplete}`;
    if (progress !== lastProgress) options.onProgress(formatDbtSyncProgress(status));
    lastProgress = progress;
    return status;
  };
  const status = await pollUntil(read, (value) => terminalStages.has(value.status), {
    intervalMilliseconds: 2000,
    firstIntervalMilliseconds: 250,
    timeoutMilliseconds: options.timeoutMilliseconds,
  }).catch((error: unknown) => {
    if (error instanceof PollTimeoutError) {
      throw new CliError(
        `sync ${options.syncJobId} has not ended (${error.message}); follow it with ` +
          `platform dbt status ${options.syncJobId} --deployment ${options.deploymentId}`,
      );
    }
    throw error;
  });
  if (status.status === 'FAILED') {
    throw new CliError(`sync ${options.syncJobId} failed: ${status.error ?? 'the server gave no reason'}`);
  }
  return status;
}

/** The human rendering of a completed sync: a summary line, then the generated files. */
export function formatDbtSyncResult(result: DbtSyncResult, branchName: string): string {
  const stats = result.manifestStats;
  const summary =
    `sync ${result.syncJobId} completed on ${branchName}: ${result.cubeCount} cubes from ` +
    `${stats.models} models and ${stats.sources} sources in ${(result.durationMs / 1000).toFixed(1)} s`;
  return [summary, ...result.generatedFiles.map((file) => file.path)].join('\n');
}
