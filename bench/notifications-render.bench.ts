import { loadavg } from 'node:os';
import { publishTwelveWidgets } from './dashboard-page.js';
import { adminCall } from './support/admin-call.js';
import { numberOption, writeBenchResults } from './support/bench-options.js';
import { startPlatformServer } from './support/platform-server.js';
import { timeSamples, timingLine } from './support/timing-samples.js';

/** The target; reported, never asserted. */
const goals = { pngP50Ms: 2000 };

/**
 * `npm run bench -- notifications-render [--renders 20]`: a notification's PNG of a twelve-widget
 * dashboard (nine Vega-Lite charts, a table, a KPI, a filter) for the admin user, through
 * NotificationRenderService with the browser warm: token, render page, every widget run and chart
 * drawn, full-page screenshot.
 */
export async function run(arguments_: string[]): Promise<void> {
  const renders = numberOption(arguments_, 'renders', 20);
  const server = await startPlatformServer({ databaseUrl: null });
  try {
    const deployments = await adminCall<{ items: Array<{ id: number; name: string }> }>(
      server,
      'GET',
      '/api/v1/deployments?first=100',
    );
    const demo = deployments.items.find((deployment) => deployment.name === 'demo');
    if (!demo) throw new Error('the server has no demo deployment');
    await server.container.platform.jobs.idle();
    const me = await adminCall<{ id: number; account: { id: number } }>(server, 'GET', '/api/v1/users/me');
    const dashboard = await publishTwelveWidgets(server, demo.id);
    const { notificationRenderer, dashboardBrowser } = server.container.services;
    let bytes = 0;
    const renderPng = async () => {
      const outcome = await notificationRenderer.render(
        {
          accountId: me.account.id,
          deploymentId: demo.id,
          dashboardId: dashboard.id,
          notificationName: 'Bench',
          format: 'png',
          filters: null,
          timeGrains: null,
          viewer: { kind: 'user', userId: me.id },
        },
        new AbortController().signal,
      );
      if (outcome.kind !== 'content') throw new Error(`the render was denied: ${outcome.reason}`);
      bytes = outcome.content.attachments[0]?.content.length ?? 0;
    };
    const png = await timeSamples(
      'PNG of a 12-widget dashboard (warm browser)',
      { iterations: renders, warmUp: 2 },
      renderPng,
    );
    process.stdout.write(`${timingLine(png, { p50Ms: goals.pngP50Ms })}\n`);
    // The browser's share: the render page printed for the same user, without the e-mail summary's runs.
    const { notificationRenderTokens } = server.container.services;
    const browserOnly = await timeSamples(
      'of which the browser (page load, runs, charts, screenshot)',
      { iterations: renders, warmUp: 1 },
      async () => {
        const token = await notificationRenderTokens.sign(me.account.id, me.id);
        await dashboardBrowser.render(
          {
            url: `${server.url}/render/dashboard/${dashboard.publicId}#${new URLSearchParams({ token }).toString()}`,
            format: 'png',
            label: 'the bench dashboard',
          },
          new AbortController().signal,
        );
      },
    );
    process.stdout.write(`${timingLine(browserOnly)}\n`);
    await writeBenchResults('notifications-render', {
      goals,
      loadAverage: loadavg().map((value) => Number(value.toFixed(2))),
      widgets: dashboard.widgets,
      browserLaunches: dashboardBrowser.launches,
      pngBytes: bytes,
      png,
      browserOnly,
    });
  } finally {
    await server.close();
  }
}
