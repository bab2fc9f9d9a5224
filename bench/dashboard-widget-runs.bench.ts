import { loadavg } from 'node:os';
import { numberOption, writeBenchResults } from './support/bench-options.js';
import { type PlatformServer, startPlatformServer } from './support/platform-server.js';
import { reportRunQuery } from './support/report-run-overhead.js';
import { timingLine } from './support/timing-samples.js';
import { measureWidgetRunOverhead, type WidgetRunFigures } from './support/widget-run-overhead.js';

/** The targets; reported, never asserted. */
const goals = { widgetRunOverheadP50Ms: 3 };

async function demoDeploymentOf(server: PlatformServer): Promise<number> {
  const response = await fetch(`${server.url}/api/v1/deployments`, {
    headers: { authorization: `Bearer ${server.adminKey}` },
  });
  const body = (await response.json()) as { items?: Array<{ id: number }> };
  const id = body.items?.[0]?.id;
  if (id === undefined) throw new Error('no demo deployment');
  return id;
}

/** The widget-run section: a widget run against the same query through `/v1/load`, printed as it goes. */
export async function widgetRunSection(
  server: PlatformServer,
  iterations: number,
): Promise<WidgetRunFigures & { query: typeof reportRunQuery; goalP50Ms: number }> {
  const figures = await measureWidgetRunOverhead(server, await demoDeploymentOf(server), iterations);
  for (const timing of [figures.load, figures.widgetRun]) process.stdout.write(`${timingLine(timing)}\n`);
  const verdict = figures.overheadP50Ms <= goals.widgetRunOverheadP50Ms ? 'meets' : 'MISSES';
  process.stdout.write(
    `${'widget run − load at p50'.padEnd(58)}${String(figures.overheadP50Ms).padStart(12)} ms   goal ≤ ${goals.widgetRunOverheadP50Ms} ms: ${verdict}\n`,
  );
  return { ...figures, query: reportRunQuery, goalP50Ms: goals.widgetRunOverheadP50Ms };
}

/**
 * Dashboard benchmarks on PGlite and (with DATABASE_URL) on PostgreSQL; each section is its own function.
 * Figures go to bench/results/dashboard-widget-runs.json.
 */
export async function run(arguments_: string[]): Promise<void> {
  const iterations = numberOption(arguments_, 'iterations', 200);
  const databaseUrls = [null, ...(process.env.DATABASE_URL ? [process.env.DATABASE_URL] : [])];
  const engines: Array<Record<string, unknown>> = [];
  for (const databaseUrl of databaseUrls) {
    const server = await startPlatformServer({ databaseUrl });
    try {
      process.stdout.write(`dashboards bench (${server.engine})\n`);
      const widgetRun = await widgetRunSection(server, iterations);
      engines.push({
        engine: server.engine,
        widgetRun,
        loadAverage: loadavg().map((value) => Number(value.toFixed(2))),
      });
    } finally {
      await server.close();
    }
  }
  const results = {
    benchmark: 'dashboard-widget-runs',
    date: new Date().toISOString(),
    node: process.version,
    engines,
  };
  await writeBenchResults('dashboard-widget-runs', results);
}
