import { loadavg } from 'node:os';
import { measureEmbedPage } from './embed-page.js';
import { numberOption, writeBenchResults } from './support/bench-options.js';
import { startPlatformServer } from './support/platform-server.js';
import { timingLine } from './support/timing-samples.js';

/** The target; reported, never asserted. */
const goals = { loadP50Ms: 2000 };

/**
 * `npm run bench -- embed-page [--loads 15]`: the example host (examples/embed) framing a six-chart
 * dashboard of the demo data, from the host page's load to every chart drawn in the embed iframe.
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
    const figures = await measureEmbedPage(server, demo.id, { loads });
    process.stdout.write(`${timingLine(figures.hostToChartsDrawn, { p50Ms: goals.loadP50Ms })}\n`);
    await writeBenchResults('embed-page', {
      goals,
      loadAverage: loadavg().map((value) => Number(value.toFixed(2))),
      ...figures,
    });
  } finally {
    await server.close();
  }
}
