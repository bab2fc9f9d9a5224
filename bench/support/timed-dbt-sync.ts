import { performance } from 'node:perf_hooks';
import type { PlatformServer } from './platform-server.js';

export const dbtSyncPhases = [
  'INITIALIZING',
  'FETCHING_PROJECT',
  'PARSING_PROJECT',
  'PROCESSING_MANIFEST',
  'WRITING_CUBE_FILES',
  'FINALIZING',
] as const;

export type DbtSyncPhase = (typeof dbtSyncPhases)[number];

export interface TimedDbtSync {
  branchName: string;
  /** From sending the POST to the status read that saw COMPLETED. */
  wallMs: number;
  /** From sending the POST to its 201 (the upload and the run's row). */
  acceptedMs: number;
  /** The server's own figure: the run's completedAt minus its startedAt. */
  serverDurationMs: number;
  cubeCount: number;
  statusReads: number;
  phaseMs: Record<DbtSyncPhase, number>;
}

interface SyncStatus {
  status: string;
  progress: { stage: string; percentComplete: number };
  error?: string;
}

async function json<Value>(
  server: PlatformServer,
  method: string,
  path: string,
  body?: string,
): Promise<Value> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${server.adminKey}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body,
  });
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Value;
}

/**
 * One dbt sync over HTTP, as a client would follow it: POST the manifest (already serialized, so the
 * client's own JSON.stringify is not timed), poll the status every `pollMs` until it ends, then read the
 * result and the per-phase durations from the logs. A FAILED sync throws with its error.
 */
export async function timedDbtSync(
  server: PlatformServer,
  deploymentId: number,
  manifestJson: string,
  options: { branchName: string; pollMs: number },
): Promise<TimedDbtSync> {
  const base = `/api/v1/deployments/${deploymentId}/dbt-sync`;
  const body = `{"source":"manifest","branchName":${JSON.stringify(options.branchName)},"manifest":${manifestJson}}`;
  const startedAt = performance.now();
  const started = await json<{ syncJobId: string; branchName: string }>(server, 'POST', base, body);
  const acceptedMs = performance.now() - startedAt;
  let statusReads = 0;
  for (;;) {
    const status = await json<SyncStatus>(server, 'GET', `${base}/${started.syncJobId}`);
    statusReads += 1;
    if (status.status === 'COMPLETED') break;
    if (status.status === 'FAILED') throw new Error(`sync ${started.syncJobId} failed: ${status.error}`);
    await new Promise((resolve) => setTimeout(resolve, options.pollMs));
  }
  const wallMs = performance.now() - startedAt;
  const result = await json<{ cubeCount: number; durationMs: number }>(
    server,
    'GET',
    `${base}/${started.syncJobId}/result`,
  );
  const logs = await json<{ items: Array<{ phase?: string; durationMs?: number }> }>(
    server,
    'GET',
    `${base}/${started.syncJobId}/logs`,
  );
  const phaseMs = Object.fromEntries(dbtSyncPhases.map((phase) => [phase, Number.NaN])) as Record<
    DbtSyncPhase,
    number
  >;
  for (const entry of logs.items) {
    const phase = dbtSyncPhases.find((name) => name === entry.phase);
    if (phase && entry.durationMs !== undefined) phaseMs[phase] = entry.durationMs;
  }
  return {
    branchName: started.branchName,
    wallMs: Math.round(wallMs),
    acceptedMs: Math.round(acceptedMs),
    serverDurationMs: result.durationMs,
    cubeCount: result.cubeCount,
    statusReads,
    phaseMs,
  };
}
