import { performance } from 'node:perf_hooks';
import { newPublicId } from '../../packages/server/src/modules/workspace/public-id.js';
import { reportsTable } from '../../packages/server/src/modules/workspace/workspace.tables.js';
import type { PlatformServer } from './platform-server.js';
import { summarize, type TimingSummary } from './timing-samples.js';

/** The demo model's query both sides run: through `/v1/load`, and saved as a report and run. */
export const reportRunQuery = {
  measures: ['orders.count', 'order_items.revenue'],
  dimensions: ['orders.status'],
  timeDimensions: [{ dimension: 'orders.ordered_at', granularity: 'month' }],
};

export interface ReportRunFigures {
  load: TimingSummary;
  run: TimingSummary;
  withComparison: TimingSummary;
  /** The report run's p50 minus the load's p50, measured in turns. */
  overheadP50Ms: number;
}

/** POSTs `body`; throws on any answer but 200 or one whose rows are missing, so no error is ever timed. */
export async function postForRows(url: string, key: string, body: unknown): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`POST ${url} answered ${response.status}: ${text}`);
  const parsed = JSON.parse(text) as { data?: unknown; results?: Array<{ data?: unknown }> };
  const rows = parsed.data ?? parsed.results?.[0]?.data;
  if (!Array.isArray(rows) || rows.length === 0) throw new Error(`POST ${url} answered no rows: ${text}`);
}

/** The report is written straight into the store, owned by the admin whose key runs it. */
async function insertReport(
  server: PlatformServer,
  deploymentId: number,
  fields: Partial<typeof reportsTable.$inferInsert>,
): Promise<number> {
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
export async function alternate(
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

/**
 * A report run against the same query through `/v1/load` on the demo data (the target: within
 * 3 ms at p50), and a run with a period comparison (two warehouse queries) for scale.
 */
export async function measureReportRunOverhead(
  server: PlatformServer,
  deploymentId: number,
  iterations: number,
): Promise<ReportRunFigures> {
  const key = server.adminKey;
  await server.container.platform.jobs.idle();
  const reportId = await insertReport(server, deploymentId, { jsonQuery: reportRunQuery });
  const compared = await insertReport(server, deploymentId, {
    jsonQuery: {
      ...reportRunQuery,
      timeDimensions: [{ ...reportRunQuery.timeDimensions[0], dateRange: ['2025-01-01', '2025-12-31'] }],
    },
    periodComparisons: [
      { measure: 'orders.count', timeDimension: 'orders.ordered_at', offset: { amount: 1, unit: 'year' } },
    ],
  });
  const loadUrl = `${server.url}/deployments/${deploymentId}/data/v1/load`;
  const runUrl = (id: number) => `${server.url}/api/v1/deployments/${deploymentId}/reports/${id}/run`;
  const load = () => postForRows(loadUrl, key, { query: reportRunQuery });
  const [loadTiming, runTiming] = await alternate(
    ['the query through /v1/load', 'the same query as a report run'],
    iterations,
    [load, () => postForRows(runUrl(reportId), key, {})],
  );
  const [, withComparison] = await alternate(
    ['the query through /v1/load', 'a report run with a period comparison (two queries)'],
    Math.max(20, Math.floor(iterations / 4)),
    [load, () => postForRows(runUrl(compared), key, {})],
  );
  return {
    load: loadTiming,
    run: runTiming,
    withComparison,
    overheadP50Ms: Number((runTiming.p50Ms - loadTiming.p50Ms).toPrecision(3)),
  };
}
