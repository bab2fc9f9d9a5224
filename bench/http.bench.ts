import { mkdir, writeFile } from 'node:fs/promises';
import type { SemanticQuery } from '@platform/semantic';
import { startBareServer } from './support/bare-server.js';
import { type LoadBreakdown, measureLoadBreakdown } from './support/load-breakdown.js';
import { type Measurement, measure } from './support/measure.js';
import { startPlatformServer } from './support/platform-server.js';
import { timingLine } from './support/timing-samples.js';

/** The targets of issue 13 for the HTTP layer; reported, never asserted. */
const targets = { loadOverHttpP50Ms: 2, minimumListRatioToBare: 1 / 3 };

/** The semantic benchmark's typical dashboard query, so both benchmarks' in-process figures compare. */
const typicalQuery: SemanticQuery = {
  measures: ['sales.revenue', 'sales.order_count'],
  dimensions: ['sales.product_category'],
  timeDimensions: [
    { dimension: 'sales.ordered_at', granularity: 'month', dateRange: ['2025-07-01', '2026-06-30'] },
  ],
  filters: [{ member: 'sales.status', operator: 'equals', values: ['completed'] }],
  order: { 'sales.revenue': 'desc' },
  limit: 1000,
};

const listPath = '/api/v1/deployments';
const connections = 50;

function numberOption(arguments_: string[], name: string, fallback: number): number {
  const index = arguments_.indexOf(`--${name}`);
  const value = index >= 0 ? Number(arguments_[index + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

function verdict(isMet: boolean, miss: string): string {
  return isMet ? 'target met' : `missed by ${miss}`;
}

function throughputLine(measurement: Measurement): string {
  return `${measurement.label.padEnd(58)}${`${measurement.requestsPerSecond.toLocaleString('en-US')} req/s`.padStart(14)}   p50 ${measurement.latencyP50Ms} ms   p99 ${measurement.latencyP99Ms} ms`;
}

function printBreakdown(breakdown: LoadBreakdown): void {
  print(`load on the demo (${breakdown.rows} rows, ${breakdown.responseBytes} bytes of JSON):`);
  for (const summary of [
    breakdown.inProcess,
    breakdown.service,
    breakdown.injected,
    breakdown.httpWithoutLogs,
    breakdown.http,
  ]) {
    print(`  ${timingLine(summary)}`);
  }
  print('  where an HTTP request spends its time (p50 and mean of each stage within the requests above):');
  for (const stage of breakdown.stages) {
    print(
      `    ${stage.label.padEnd(48)} p50 ${String(stage.p50Ms).padStart(7)} ms   mean ${String(stage.meanMs).padStart(7)} ms`,
    );
  }
  const stagesMean = breakdown.stages
    .filter((stage) => !stage.label.startsWith(' '))
    .reduce((total, stage) => total + stage.meanMs, 0);
  print(
    `    ${'the rest: Fastify, hooks, socket, client'.padEnd(48)} mean ${String(Number((breakdown.http.meanMs - stagesMean).toPrecision(3))).padStart(7)} ms`,
  );
  const miss = breakdown.overheadP50Ms - targets.loadOverHttpP50Ms;
  print(
    `load over HTTP vs in process at p50: +${breakdown.overheadP50Ms} ms (target < ${targets.loadOverHttpP50Ms} ms): ${verdict(miss < 0, `${miss.toPrecision(3)} ms`)}`,
  );
}

/** The authenticated list against a bare Fastify hello-world, both loaded by autocannon. */
async function measureListRatio(timing: { durationSeconds: number; warmUpSeconds: number }) {
  const bareServer = await startBareServer();
  let bare: Measurement;
  try {
    bare = await measure({ label: 'bare Fastify GET /', url: `${bareServer.url}/`, connections, ...timing });
  } finally {
    await bareServer.close();
  }
  const platform = await startPlatformServer({ databaseUrl: null });
  let list: Measurement;
  try {
    list = await measure({
      label: `platform GET ${listPath} (API key, PGlite)`,
      url: `${platform.url}${listPath}`,
      headers: { authorization: `Bearer ${platform.adminKey}` },
      connections,
      ...timing,
    });
  } finally {
    await platform.close();
  }
  const ratio = Number((list.requestsPerSecond / bare.requestsPerSecond).toPrecision(3));
  return { bare, list, ratio };
}

/**
 * `npm run bench -- http [--iterations N] [--duration S] [--warm-up S] [--skip-throughput]`: where a data
 * API `load` over HTTP spends its time against the same query in process, and the authenticated list's
 * throughput against bare Fastify.
 */
export async function run(arguments_: string[]): Promise<void> {
  const iterations = Math.round(numberOption(arguments_, 'iterations', 300));
  const timing = {
    durationSeconds: numberOption(arguments_, 'duration', 10),
    warmUpSeconds: numberOption(arguments_, 'warm-up', 2),
  };
  const breakdown = await measureLoadBreakdown(typicalQuery, { iterations, warmUp: 50 });
  printBreakdown(breakdown);

  let throughput: Awaited<ReturnType<typeof measureListRatio>> | null = null;
  if (!arguments_.includes('--skip-throughput')) {
    throughput = await measureListRatio(timing);
    print(throughputLine(throughput.bare));
    print(throughputLine(throughput.list));
    const failed = [throughput.bare, throughput.list].filter((run) => run.non2xx > 0 || run.errors > 0);
    for (const run of failed)
      print(`warning: ${run.label} had ${run.non2xx} non-2xx answers and ${run.errors} errors`);
    const miss = targets.minimumListRatioToBare - throughput.ratio;
    print(
      `authenticated list / bare Fastify: ${throughput.ratio} (target ≥ ${targets.minimumListRatioToBare.toPrecision(3)}): ${verdict(miss <= 0, miss.toPrecision(3))}`,
    );
  }

  const directory = new URL('./results/', import.meta.url);
  await mkdir(directory, { recursive: true });
  const results = {
    benchmark: 'http',
    date: new Date().toISOString(),
    node: process.version,
    targets,
    typicalQuery,
    load: breakdown,
    throughput,
  };
  await writeFile(new URL('http.json', directory), `${JSON.stringify(results, null, 2)}\n`);
  print('figures written to bench/results/http.json');
}
