import { loadavg } from 'node:os';
import { numberOption, writeBenchResults } from './support/bench-options.js';
import { startPlatformServer } from './support/platform-server.js';
import {
  measureReportRunOverhead,
  type ReportRunFigures,
  reportRunQuery,
} from './support/report-run-overhead.js';
import { type TimingSummary, timeSamples, timingLine } from './support/timing-samples.js';
import { seedWorkspace } from './support/workspace-content.js';

/** The targets; reported, never asserted. */
const goals = { listP50Ms: 10, searchP50Ms: 20, bulkMoveMs: 200, reportRunOverheadP50Ms: 3 };
const scale = { roots: 100, childrenPerRoot: 9, reportsPerFolder: 10 };

/**
 * One request; any answer but 200, or a body `isExpected` refuses, throws: a 400 or an empty result is
 * never timed as if it were the work.
 */
async function call(
  url: string,
  key: string,
  init: { method?: string; body?: unknown },
  isExpected: (body: unknown) => boolean,
): Promise<unknown> {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${key}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  const label = `${init.method ?? 'GET'} ${url}`;
  if (response.status !== 200) throw new Error(`${label} answered ${response.status}: ${text}`);
  const body = JSON.parse(text) as unknown;
  if (!isExpected(body)) throw new Error(`${label} answered an unexpected body: ${text.slice(0, 500)}`);
  return body;
}

/** A page of a list with at least `minimum` items. */
function pageOf(minimum: number) {
  return (body: unknown) => {
    const items = (body as { items?: unknown }).items;
    return Array.isArray(items) && items.length >= minimum;
  };
}

interface EngineFigures {
  engine: string;
  folders: number;
  reports: number;
  timings: TimingSummary[];
  reportRun: ReportRunFigures;
  /** The machine's load average (1, 5, 15 minutes) when the engine's figures were taken. */
  loadAverage: number[];
}

async function measureEngine(databaseUrl: string | null, iterations: number): Promise<EngineFigures> {
  const server = await startPlatformServer({ databaseUrl });
  try {
    const key = server.adminKey;
    const deployments = (await call(`${server.url}/api/v1/deployments`, key, {}, pageOf(1))) as {
      items: { id: number }[];
    };
    const deploymentId = deployments.items[0]?.id;
    if (deploymentId === undefined) throw new Error('no demo deployment');
    const seeded = await seedWorkspace(server, deploymentId, scale);
    const base = `${server.url}/api/v1/deployments/${deploymentId}`;
    process.stdout.write(
      `workspace bench (${server.engine}): ${seeded.folderIds.length} folders, ${seeded.reportIds.length} reports\n`,
    );
    const timings: TimingSummary[] = [];
    const options = { iterations, warmUp: 20 };
    timings.push(
      await timeSamples("list a folder's reports (first page of 20)", options, () =>
        call(`${base}/reports?folderId=${seeded.sampleFolderId}`, key, {}, pageOf(scale.reportsPerFolder)),
      ),
    );
    timings.push(
      await timeSamples("list a folder's workspace items (first page)", options, () =>
        call(`${base}/workspace?folderId=${seeded.sampleFolderId}`, key, {}, pageOf(scale.reportsPerFolder)),
      ),
    );
    timings.push(
      await timeSamples('search the reports ("churn by month 4")', options, () =>
        call(`${base}/reports?search=${encodeURIComponent('churn by month 4')}`, key, {}, pageOf(1)),
      ),
    );
    timings.push(
      await timeSamples('search the workspace ("churn by month 4")', options, () =>
        call(`${base}/workspace?search=${encodeURIComponent('churn by month 4')}`, key, {}, pageOf(1)),
      ),
    );
    const targets = seeded.folderIds.slice(-10);
    timings.push(
      await timeSamples('bulk move of 100 reports', { iterations: 20, warmUp: 2 }, (iteration) =>
        call(
          `${base}/workspace/bulk-move`,
          key,
          {
            method: 'POST',
            body: {
              items: seeded.reportIds.slice(0, 100).map((id) => ({ type: 'REPORT', id })),
              folderId: targets[iteration % targets.length],
            },
          },
          // Every item moved: a refusal answered per item would otherwise be timed as a move.
          (body) => {
            const { moved, failed } = body as { moved?: unknown[]; failed?: unknown[] };
            return moved?.length === 100 && failed?.length === 0;
          },
        ),
      ),
    );
    // On the demo data, beside the seeded content (the folder tree of 1,000 folders is the scope's).
    const reportRun = await measureReportRunOverhead(server, deploymentId, iterations);
    return {
      engine: server.engine,
      folders: seeded.folderIds.length,
      reports: seeded.reportIds.length,
      timings,
      reportRun,
      loadAverage: loadavg().map((value) => Number(value.toFixed(2))),
    };
  } finally {
    await server.close();
  }
}

const goalOf: Record<string, { p50Ms: number }> = {
  "list a folder's reports (first page of 20)": { p50Ms: goals.listP50Ms },
  "list a folder's workspace items (first page)": { p50Ms: goals.listP50Ms },
  'search the reports ("churn by month 4")': { p50Ms: goals.searchP50Ms },
  'search the workspace ("churn by month 4")': { p50Ms: goals.searchP50Ms },
  'bulk move of 100 reports': { p50Ms: goals.bulkMoveMs },
};

/**
 * Lists, searches and bulk moves over 10,000 reports in 1,000 folders, and a report run against the same
 * query through `/v1/load`, on PGlite and (with DATABASE_URL) on PostgreSQL.
 */
export async function run(arguments_: string[]): Promise<void> {
  const iterations = numberOption(arguments_, 'iterations', 200);
  const databaseUrls = [null, ...(process.env.DATABASE_URL ? [process.env.DATABASE_URL] : [])];
  const engines: EngineFigures[] = [];
  for (const databaseUrl of databaseUrls) {
    const figures = await measureEngine(databaseUrl, iterations);
    engines.push(figures);
    for (const timing of figures.timings)
      process.stdout.write(`${timingLine(timing, goalOf[timing.label])}\n`);
    const { reportRun } = figures;
    for (const timing of [reportRun.load, reportRun.run, reportRun.withComparison])
      process.stdout.write(`${timingLine(timing)}\n`);
    const verdict = reportRun.overheadP50Ms <= goals.reportRunOverheadP50Ms ? 'meets' : 'MISSES';
    process.stdout.write(
      `${'report run − load at p50'.padEnd(58)}${String(reportRun.overheadP50Ms).padStart(12)} ms   goal ≤ ${goals.reportRunOverheadP50Ms} ms: ${verdict}\n`,
    );
    process.stdout.write(`load average (1, 5, 15 min): ${figures.loadAverage.join(', ')}\n`);
  }
  const results = {
    benchmark: 'workspace',
    date: new Date().toISOString(),
    node: process.version,
    scale,
    reportRunQuery,
    goals,
    engines,
  };
  await writeBenchResults('workspace', results);
}
