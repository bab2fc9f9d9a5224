import { loadavg } from 'node:os';
import { run as runPage } from './dashboard-page.bench.js';
import { run as runWidgetRuns } from './dashboard-widget-runs.bench.js';
import { numberOption, writeBenchResults } from './support/bench-options.js';
import { type PlatformServer, startPlatformServer } from './support/platform-server.js';
import { type TimingSummary, timeSamples, timingLine } from './support/timing-samples.js';

/**
 * The dashboards issue's targets (issue 15); reported, never asserted. Each measurement is one exported
 * function taking a running server and its demo deployment, so the widget-run and page-load measurements
 * join `sections` below as further functions.
 */
export const goals = { publishP50Ms: 100 };

export const publishScale = { widgets: 50, reports: 10 };

/** One JSON request that must answer `status`; anything else throws, so a refusal is never timed. */
export async function callJson(
  server: PlatformServer,
  method: string,
  path: string,
  body: unknown,
  status = 200,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${server.adminKey}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (response.status !== status) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** A CLASSIC config of `widgets` CHART widgets on a 12-column grid, naming the reports in turn. */
export function chartConfigOf(reportIds: readonly number[], widgets: number) {
  return {
    kind: 'CLASSIC',
    title: 'Benchmark board',
    layout: { cols: { lg: 12, md: 10, sm: 6 }, rowHeight: 40 },
    widgets: Array.from({ length: widgets }, (_, index) => ({
      id: `chart-${index}`,
      type: 'CHART',
      position: { x: (index % 3) * 4, y: Math.floor(index / 3) * 4, w: 4, h: 4 },
      config: { reportId: reportIds[index % reportIds.length] },
    })),
  };
}

/**
 * Publish of a 50-widget CLASSIC config (50 CHART widgets over 10 reports of the demo model): each
 * publish adds a version and freezes the 10 reports into snapshots.
 */
export async function measurePublish(
  server: PlatformServer,
  deploymentId: number,
  iterations: number,
): Promise<TimingSummary> {
  const base = `/api/v1/deployments/${deploymentId}`;
  const reportIds: number[] = [];
  for (let index = 0; index < publishScale.reports; index += 1) {
    const report = await callJson(
      server,
      'POST',
      `${base}/reports`,
      {
        name: `bench report ${index}`,
        kind: 'vega',
        jsonQuery: { measures: ['orders.count'], dimensions: ['orders.status'] },
        spec: { mark: 'bar', encoding: { x: { field: 'orders.status' }, y: { field: 'orders.count' } } },
      },
      201,
    );
    reportIds.push(Number(report.id));
  }
  const workbook = await callJson(server, 'POST', `${base}/workbooks`, { name: 'bench dashboard' }, 201);
  const publishPath = `${base}/workbooks/${Number(workbook.id)}/publish`;
  const config = chartConfigOf(reportIds, publishScale.widgets);
  return timeSamples(
    `publish a ${publishScale.widgets}-widget config (${publishScale.reports} reports)`,
    { iterations, warmUp: 10 },
    async () => {
      const published = await callJson(server, 'POST', publishPath, { config });
      if ((published.reportSnapshots as unknown[]).length !== publishScale.reports) {
        throw new Error('a publish froze the wrong number of reports');
      }
    },
  );
}

interface EngineFigures {
  engine: string;
  sections: Record<string, TimingSummary>;
  /** The machine's load average (1, 5, 15 minutes) when the engine's figures were taken. */
  loadAverage: number[];
}

async function measureEngine(databaseUrl: string | null, iterations: number): Promise<EngineFigures> {
  const server = await startPlatformServer({ databaseUrl });
  try {
    await server.container.platform.jobs.idle();
    const deployments = await callJson(server, 'GET', '/api/v1/deployments', undefined);
    const deploymentId = (deployments.items as Array<{ id: number }>)[0]?.id;
    if (deploymentId === undefined) throw new Error('no demo deployment');
    const sections: Record<string, TimingSummary> = {
      publish: await measurePublish(server, deploymentId, iterations),
    };
    return {
      engine: server.engine,
      sections,
      loadAverage: loadavg().map((value) => Number(value.toFixed(2))),
    };
  } finally {
    await server.close();
  }
}

const goalOf: Record<string, { p50Ms: number }> = { publish: { p50Ms: goals.publishP50Ms } };

/**
 * `npm run bench -- dashboards [--iterations N] [--publish-only]`: every target of the dashboards issue —
 * publish (here), widget runs against load (dashboard-widget-runs), the page in Chromium and its bundle
 * (dashboard-page) — on PGlite and (with DATABASE_URL) on PostgreSQL where the store matters.
 */
export async function run(arguments_: string[]): Promise<void> {
  await runPublish(arguments_);
  if (arguments_.includes('--publish-only')) return;
  await runWidgetRuns([]);
  await runPage([]);
}

async function runPublish(arguments_: string[]): Promise<void> {
  const iterations = numberOption(arguments_, 'iterations', 100);
  const databaseUrls = [null, ...(process.env.DATABASE_URL ? [process.env.DATABASE_URL] : [])];
  const engines: EngineFigures[] = [];
  for (const databaseUrl of databaseUrls) {
    const figures = await measureEngine(databaseUrl, iterations);
    engines.push(figures);
    process.stdout.write(`dashboards bench (${figures.engine})\n`);
    for (const [name, timing] of Object.entries(figures.sections)) {
      process.stdout.write(`${timingLine(timing, goalOf[name])}\n`);
    }
    process.stdout.write(`load average (1, 5, 15 min): ${figures.loadAverage.join(', ')}\n`);
  }
  const results = {
    benchmark: 'dashboards',
    date: new Date().toISOString(),
    node: process.version,
    publishScale,
    goals,
    engines,
  };
  await writeBenchResults('dashboards', results);
}
