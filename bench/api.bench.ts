import { startBareServer } from './support/bare-server.js';
import { writeBenchResults } from './support/bench-options.js';
import { type Measurement, measure } from './support/measure.js';
import { startPlatformServer } from './support/platform-server.js';

const connections = 50;
const listPath = '/api/v1/deployments';
/** The goals of the API benchmark; reported, never asserted. */
const goals = { minimumRatioToBare: 1 / 3, maximumP99Ms: 25 };

interface PlatformRun extends Measurement {
  engine: 'pglite' | 'postgres';
  ratioToBare: number;
  meetsThroughputGoal: boolean;
  meetsLatencyGoal: boolean;
}

function secondsOption(arguments_: string[], name: string, fallback: number): number {
  const index = arguments_.indexOf(`--${name}`);
  const value = index >= 0 ? Number(arguments_[index + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`--${name} must be a positive number of seconds`);
  return value;
}

function line(measurement: Measurement, extra = ''): string {
  const rate = `${measurement.requestsPerSecond.toLocaleString('en-US')} req/s`.padStart(14);
  return `${measurement.label.padEnd(46)}${rate}   p50 ${String(measurement.latencyP50Ms).padStart(4)} ms   p99 ${String(measurement.latencyP99Ms).padStart(4)} ms${extra}`;
}

/** Checks the authenticated list answers 200 before loading it, so the figures are of real answers. */
async function assertListAnswers(url: string, adminKey: string): Promise<void> {
  const response = await fetch(`${url}${listPath}`, { headers: { authorization: `Bearer ${adminKey}` } });
  if (response.status !== 200) {
    throw new Error(`GET ${listPath} answered ${response.status}: ${await response.text()}`);
  }
}

async function measurePlatform(
  databaseUrl: string | null,
  bare: Measurement,
  timing: { durationSeconds: number; warmUpSeconds: number },
): Promise<PlatformRun> {
  const platform = await startPlatformServer({ databaseUrl });
  try {
    await assertListAnswers(platform.url, platform.adminKey);
    const measurement = await measure({
      label: `platform GET ${listPath} (${platform.engine})`,
      url: `${platform.url}${listPath}`,
      headers: { authorization: `Bearer ${platform.adminKey}` },
      connections,
      ...timing,
    });
    const ratioToBare = measurement.requestsPerSecond / bare.requestsPerSecond;
    return {
      ...measurement,
      engine: platform.engine,
      ratioToBare: Math.round(ratioToBare * 1000) / 1000,
      meetsThroughputGoal: ratioToBare >= goals.minimumRatioToBare,
      meetsLatencyGoal: measurement.latencyP99Ms < goals.maximumP99Ms,
    };
  } finally {
    await platform.close();
  }
}

/** Throughput and latency of an authenticated list against a bare Fastify hello-world. */
export async function run(arguments_: string[]): Promise<void> {
  const timing = {
    durationSeconds: secondsOption(arguments_, 'duration', 10),
    warmUpSeconds: secondsOption(arguments_, 'warm-up', 2),
  };
  const bareServer = await startBareServer();
  let bare: Measurement;
  try {
    bare = await measure({ label: 'bare Fastify GET /', url: `${bareServer.url}/`, connections, ...timing });
  } finally {
    await bareServer.close();
  }
  process.stdout.write(`${line(bare)}\n`);
  const databaseUrls = [null, ...(process.env.DATABASE_URL ? [process.env.DATABASE_URL] : [])];
  const platformRuns: PlatformRun[] = [];
  for (const databaseUrl of databaseUrls) {
    const platformRun = await measurePlatform(databaseUrl, bare, timing);
    platformRuns.push(platformRun);
    const goalsText = `${platformRun.meetsThroughputGoal ? 'meets' : 'MISSES'} ≥ 1/3 of bare, ${platformRun.meetsLatencyGoal ? 'meets' : 'MISSES'} p99 < ${goals.maximumP99Ms} ms`;
    process.stdout.write(
      `${line(platformRun, `   ratio ${platformRun.ratioToBare.toFixed(3)} (${goalsText})`)}\n`,
    );
  }
  const failed = [bare, ...platformRuns].filter((run) => run.non2xx > 0 || run.errors > 0);
  for (const run of failed) {
    process.stdout.write(
      `warning: ${run.label} had ${run.non2xx} non-2xx answers and ${run.errors} errors\n`,
    );
  }
  const results = {
    benchmark: 'api',
    date: new Date().toISOString(),
    node: process.version,
    connections,
    ...timing,
    goals: { minimumRatioToBare: goals.minimumRatioToBare, maximumP99Ms: goals.maximumP99Ms },
    bare,
    platform: platformRuns,
  };
  await writeBenchResults('api', results);
}
