import { rm, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { ApiClient } from '../packages/cli/src/client/api-client.js';
import {
  type DeployOptions,
  defaultDeployTiming,
  deployModel,
} from '../packages/cli/src/deploy/deploy-model.js';
import type { DeploySummary } from '../packages/cli/src/deploy/deploy-progress.js';
import { httpDeployApi } from '../packages/cli/src/deploy/http-deploy-api.js';
import { writeBenchResults } from './support/bench-options.js';
import { benchCubePath, benchCubeYaml, writeGeneratedModel } from './support/generated-model.js';
import { startPlatformServer } from './support/platform-server.js';
import { type OperationTiming, timedDeployApi } from './support/timed-deploy-api.js';

/** The goals of the deploy benchmark; reported, never asserted. */
const goals = { firstDeployMaximumMs: 5_000, secondDeployMaximumMs: 1_000, secondDeployFiles: 1 };

interface DeployRun {
  label: string;
  milliseconds: number;
  filesUploaded: number;
  filesUnchanged: number;
  bytesSent: number;
  buildStatus: string | null;
  /** Per build-API operation: calls, first start and last end since the deploy began. */
  operations: Record<string, OperationTiming>;
  /** From the end of finishUpload to the status read that saw the build done. */
  buildWaitMilliseconds: number | null;
}

function countOption(arguments_: string[], name: string, fallback: number): number {
  const index = arguments_.indexOf(`--${name}`);
  const value = index >= 0 ? Number(arguments_[index + 1]) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive integer`);
  return value;
}

async function timedDeploy(
  label: string,
  timed: ReturnType<typeof timedDeployApi>,
  run: () => Promise<DeploySummary>,
): Promise<DeployRun> {
  timed.reset();
  const startedAt = performance.now();
  const summary = await run();
  const milliseconds = Math.round(performance.now() - startedAt);
  const operations = timed.timings();
  if (summary.build?.status !== 'built') {
    throw new Error(`${label}: the build ended ${summary.build?.status}: ${JSON.stringify(summary.build)}`);
  }
  return {
    label,
    milliseconds,
    filesUploaded: summary.uploaded.length,
    filesUnchanged: summary.unchangedCount,
    bytesSent: summary.bytesSent,
    buildStatus: summary.build.status,
    operations,
    buildWaitMilliseconds:
      operations.finishUpload && operations.buildStatus
        ? operations.buildStatus.lastEndMs - operations.finishUpload.lastEndMs
        : null,
  };
}

function line(run: DeployRun): string {
  const phases = Object.entries(run.operations)
    .map(([name, timing]) => `${name} ${timing.calls}x ${timing.firstStartMs}-${timing.lastEndMs} ms`)
    .join(', ');
  return `${run.label.padEnd(34)}${String(run.milliseconds).padStart(6)} ms   ${String(run.filesUploaded).padStart(4)} files sent   ${String(run.bytesSent).padStart(8)} bytes   build ${run.buildStatus}\n    ${phases}; build wait ${run.buildWaitMilliseconds} ms`;
}

/**
 * `platform deploy` of a generated model against the real server in this process (embedded store): the
 * CLI's deploy function is called in-process rather than spawning the CLI, whose tsx start-up from
 * source (~1 s) would swamp the figures. Times include waiting for the build, as the command does.
 */
export async function run(arguments_: string[]): Promise<void> {
  const fileCount = countOption(arguments_, 'files', 500);
  const server = await startPlatformServer({ databaseUrl: null });
  const folder = await writeGeneratedModel(fileCount);
  try {
    const client = new ApiClient({
      apiUrl: server.url,
      apiKey: server.adminKey,
      authScheme: null,
      userAgent: 'platform-bench',
    });
    const deployment = await client.call('createDeployment', { body: { name: 'bench-deploy' } });
    const options: DeployOptions = {
      ...defaultDeployTiming,
      deploymentId: deployment.id,
      directory: folder,
      remove: true,
      wait: true,
      onProgress: () => {},
    };
    const timed = timedDeployApi(httpDeployApi(client, deployment.id));
    const deploy = () => deployModel(timed.api, options);
    const first = await timedDeploy(`first deploy (${fileCount} files)`, timed, deploy);
    process.stdout.write(`${line(first)}\n`);
    await writeFile(benchCubePath(folder, 0), benchCubeYaml(0, 'public.table_0'));
    const second = await timedDeploy('second deploy (1 file changed)', timed, deploy);
    process.stdout.write(`${line(second)}\n`);
    const meets = {
      firstUnderGoal: first.milliseconds < goals.firstDeployMaximumMs,
      secondUnderGoal: second.milliseconds < goals.secondDeployMaximumMs,
      secondSendsOneFile: second.filesUploaded === goals.secondDeployFiles,
    };
    process.stdout.write(
      `goals: first < ${goals.firstDeployMaximumMs} ms ${meets.firstUnderGoal ? 'met' : 'MISSED'}; ` +
        `second sends one file ${meets.secondSendsOneFile ? 'met' : 'MISSED'}, < ${goals.secondDeployMaximumMs} ms ${meets.secondUnderGoal ? 'met' : 'MISSED'}\n`,
    );
    const results = {
      benchmark: 'deploy',
      date: new Date().toISOString(),
      node: process.version,
      // Other work on the machine inflates the figures; the load says how busy it was.
      loadAverage1m: Math.round((loadavg()[0] ?? 0) * 100) / 100,
      engine: server.engine,
      files: fileCount,
      concurrency: options.concurrency,
      pollIntervalMilliseconds: options.pollIntervalMilliseconds,
      method: 'deployModel called in-process against an in-process server (no CLI start-up)',
      goals,
      meets,
      first,
      second,
    };
    await writeBenchResults('deploy', results);
  } finally {
    await rm(folder, { recursive: true, force: true });
    await server.close();
  }
}
