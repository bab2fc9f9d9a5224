import { mkdir, writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { newPublicId } from '../packages/server/src/modules/workspace/public-id.js';
import { reportsTable } from '../packages/server/src/modules/workspace/workspace.tables.js';
import { type PlatformServer, startPlatformServer } from './support/platform-server.js';
import { summarize, type TimingSummary, timingLine } from './support/timing-samples.js';

/** The target: a report run within 3 ms of the same query through `/v1/load` at p50. Reported, never asserted. */
const goalOverheadMs = 3;

const query = {
  measures: ['orders.count', 'order_items.revenue'],
  dimensions: ['orders.status'],
  timeDimensions: [{ dimension: 'orders.ordered_at', granularity: 'month' }],
};

function numberOption(arguments_: string[], name: string, fallback: number): number {
  const index = arguments_.indexOf(`--${name}`);
  const value = index >= 0 ? Number(arguments_[index + 1]) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive whole number`);
  return value;
}

async function call(url: string, key: string, body: unknown): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${url} answered ${response.status}: ${text}`);
}

/** The reports CRUD is built apart: the report is written straight into the store. */
async function insertReport(server: PlatformServer, deploymentId: number, fields: Record<string, unknown>) {
  const me = await fetch(`${server.url}/api/v1/users/me`, {
    headers: { authorization: `Bearer ${server.adminKey}` },
  });
  const user = (await me.json()) as { id: number; account: { id: number } };
  const [report] = await server.container.platform.store.database
    .insert(reportsTable)
    .values({
      accountId: user.account.id,
      deploymentId,
      publicId: newPublicId(),
      name: 'bench report',
      ownerUserId: user.id,
      ...fields,
    })
    .returning({ id: reportsTable.id });
  if (!report) throw new Error('could not insert a report');
  return report.id;
}

/** Both requests in turns, so that drift (GC, a noisy neighbour) falls on both alike. */
async function alternate(
  labels: [string, string],
  iterations: number,
  tasks: [() => Promise<void>, () => Promise<void>],
): Promise<[TimingSummary, TimingSummary]> {
  for (let warmUp = 0; warmUp < 30; warmUp += 1) for (const task of tasks) await task();
  const samples: [number[], number[]] = [[], []];
  for (let iteration = 0; iteration < iterations; iteration += 1) {
    for (const index of [0, 1] as const) {
      const started = performance.now();
      await tasks[index]();
      samples[index].push(performance.now() - started);
    }
  }
  return [summarize(labels[0], samples[0]), summarize(labels[1], samples[1])];
}

interface EngineFigures {
  engine: string;
  timings: TimingSummary[];
  overheadP50Ms: number;
}

async function measureEngine(databaseUrl: string | null, iterations: number): Promise<EngineFigures> {
  const server = await startPlatformServer({ databaseUrl });
  try {
    const key = server.adminKey;
    const deployments = await fetch(`${server.url}/api/v1/deployments`, {
      headers: { authorization: `Bearer ${key}` },
    });
    const deploymentId = ((await deployments.json()) as { items: { id: number }[] }).items[0]?.id;
    if (deploymentId === undefined) throw new Error('no demo deployment');
    await server.container.platform.jobs.idle();
    const reportId = await insertReport(server, deploymentId, { jsonQuery: query });
    const compared = await insertReport(server, deploymentId, {
      jsonQuery: {
        ...query,
        timeDimensions: [{ ...query.timeDimensions[0], dateRange: ['2025-01-01', '2025-12-31'] }],
      },
      periodComparisons: [
        { measure: 'orders.count', timeDimension: 'orders.ordered_at', offset: { amount: 1, unit: 'year' } },
      ],
    });
    const loadUrl = `${server.url}/deployments/${deploymentId}/data/v1/load`;
    const runUrl = (id: number) => `${server.url}/api/v1/deployments/${deploymentId}/reports/${id}/run`;
    const [load, run] = await alternate(
      ['the query through /v1/load', 'the same query as a report run'],
      iterations,
      [() => call(loadUrl, key, { query }), () => call(runUrl(reportId), key, {})],
    );
    const [, withComparison] = await alternate(
      ['the query through /v1/load', 'a report run with a period comparison (two queries)'],
      Math.max(20, Math.floor(iterations / 4)),
      [() => call(loadUrl, key, { query }), () => call(runUrl(compared), key, {})],
    );
    return {
      engine: server.engine,
      timings: [load, run, withComparison],
      overheadP50Ms: Number((run.p50Ms - load.p50Ms).toPrecision(3)),
    };
  } finally {
    await server.close();
  }
}

/** A report run against the same query through `/v1/load`, on the demo data, on each store engine. */
export async function run(arguments_: string[]): Promise<void> {
  const iterations = numberOption(arguments_, 'iterations', 200);
  const databaseUrls = [null, ...(process.env.DATABASE_URL ? [process.env.DATABASE_URL] : [])];
  const engines: EngineFigures[] = [];
  for (const databaseUrl of databaseUrls) {
    const figures = await measureEngine(databaseUrl, iterations);
    engines.push(figures);
    process.stdout.write(`workspace-run bench (${figures.engine}):\n`);
    for (const timing of figures.timings) process.stdout.write(`${timingLine(timing)}\n`);
    const verdict = figures.overheadP50Ms <= goalOverheadMs ? 'meets' : 'MISSES';
    process.stdout.write(
      `report run − load at p50: ${figures.overheadP50Ms} ms   goal ≤ ${goalOverheadMs} ms: ${verdict}\n`,
    );
  }
  const results = {
    benchmark: 'workspace-run',
    date: new Date().toISOString(),
    node: process.version,
    query,
    goalOverheadMs,
    engines,
  };
  const directory = new URL('./results/', import.meta.url);
  await mkdir(directory, { recursive: true });
  await writeFile(new URL('workspace-run.json', directory), `${JSON.stringify(results, null, 2)}\n`);
  process.stdout.write('figures written to bench/results/workspace-run.json\n');
}
