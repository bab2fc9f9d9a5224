import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { measureDashboardPage } from './dashboard-page.js';
import { numberOption } from './support/bench-options.js';
import { startPlatformServer } from './support/platform-server.js';
import { timingLine } from './support/timing-samples.js';

/** The targets; reported, never asserted. */
const goals = { loadP50Ms: 1500, bundleGzipBytes: 400_000 };

const kilobytes = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/**
 * `npm run bench -- dashboard-page [--loads 15]`: a 12-widget CLASSIC dashboard on the demo data, from
 * navigation to every chart drawn in headless Chromium, and the page's gzipped bundle with Vega apart.
 */
export async function run(arguments_: string[]): Promise<void> {
  const loads = numberOption(arguments_, 'loads', 15);
  const server = await startPlatformServer({ databaseUrl: null });
  try {
    const deployments = await fetch(`${server.url}/api/v1/deployments?first=100`, {
      headers: { authorization: `Bearer ${server.adminKey}` },
    }).then((response) => response.json() as Promise<{ items: Array<{ id: number; name: string }> }>);
    const demo = deployments.items.find((deployment) => deployment.name === 'demo');
    if (!demo) throw new Error('the server has no demo deployment');
    await server.container.platform.jobs.idle();
    const figures = await measureDashboardPage(server, demo.id, { loads });
    process.stdout.write(
      `${timingLine(figures.coldLoad, { p50Ms: goals.loadP50Ms })}\n${timingLine(figures.warmLoad, { p50Ms: goals.loadP50Ms })}\n`,
    );
    process.stdout.write(
      `bundle: first paint ${kilobytes(figures.bundle.firstPaintGzipBytes)} gzipped, Vega ${kilobytes(figures.bundle.vegaGzipBytes)} gzipped, total ${kilobytes(figures.bundle.totalGzipBytes)} (goal < ${kilobytes(goals.bundleGzipBytes)}); Markdown (TEXT widgets only) ${kilobytes(figures.bundle.markdownGzipBytes)} gzipped\n`,
    );
    process.stdout.write(
      `request ends, median ms from navigation (cold): ${JSON.stringify(figures.coldStages)}\n(warm): ${JSON.stringify(figures.warmStages)}\n`,
    );
    const directory = new URL('./results/', import.meta.url);
    await mkdir(directory, { recursive: true });
    await writeFile(
      new URL('dashboard-page.json', directory),
      `${JSON.stringify({ goals, loadAverage: loadavg().map((value) => Number(value.toFixed(2))), ...figures }, null, 2)}\n`,
    );
    process.stdout.write('figures written to bench/results/dashboard-page.json\n');
  } finally {
    await server.close();
  }
}
