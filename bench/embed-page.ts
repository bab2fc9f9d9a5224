import { chromium } from 'playwright-core';
import { chromiumArguments, chromiumPath } from '../packages/server/test/web/chromium-launch.js';
import { startExampleEmbedHost } from '../packages/server/test/web/example-embed-host.js';
import { adminCall } from './support/admin-call.js';
import type { PlatformServer } from './support/platform-server.js';
import { summarize, type TimingSummary } from './support/timing-samples.js';

export interface EmbedPageFigures {
  charts: number;
  /**
   * The example host's page requested (its server generates and exchanges a session first) until every
   * CHART widget has drawn in the embed iframe; each load in a fresh browser context (nothing cached).
   */
  hostToChartsDrawn: TimingSummary;
}

/** A dashboard of a KPI, a table and four Vega-Lite charts on the demo data, open to every embed user. */
async function publishEmbeddedBoard(server: PlatformServer, deploymentId: number) {
  const onDeployment = (path: string) => `/api/v1/deployments/${deploymentId}${path}`;
  const workbook = await adminCall<{ id: number }>(server, 'POST', onDeployment('/workbooks'), {
    name: 'Embed bench',
  });
  const bar = (x: string, type: 'nominal' | 'temporal', y: string) => ({
    mark: 'bar',
    encoding: { x: { field: x, type }, y: { field: y, type: 'quantitative' } },
  });
  const month = [{ dimension: 'orders.ordered_at', granularity: 'month' }];
  const reports: Array<Record<string, unknown>> = [
    { kind: 'kpi', jsonQuery: { measures: ['orders.count'] } },
    { kind: 'table', jsonQuery: { measures: ['orders.count'], dimensions: ['orders.status'] } },
    {
      kind: 'vega',
      jsonQuery: { measures: ['orders.count'], dimensions: ['orders.channel'] },
      spec: bar('orders\\.channel', 'nominal', 'orders\\.count'),
    },
    {
      kind: 'vega',
      jsonQuery: { measures: ['orders.count'], timeDimensions: month },
      spec: bar('orders\\.ordered_at', 'temporal', 'orders\\.count'),
    },
    {
      kind: 'vega',
      jsonQuery: { measures: ['order_items.revenue'], dimensions: ['orders.channel'] },
      spec: bar('orders\\.channel', 'nominal', 'order_items\\.revenue'),
    },
    {
      kind: 'vega',
      jsonQuery: { measures: ['order_items.quantity'], timeDimensions: month },
      spec: bar('orders\\.ordered_at', 'temporal', 'order_items\\.quantity'),
    },
  ];
  const widgets: Array<Record<string, unknown>> = [];
  for (const [index, report] of reports.entries()) {
    const created = await adminCall<{ id: number }>(server, 'POST', onDeployment('/reports'), {
      name: `Embed bench ${index + 1}`,
      workbookId: workbook.id,
      ...report,
    });
    widgets.push({
      id: `chart-${index + 1}`,
      type: 'CHART',
      position: { x: (index % 3) * 4, y: Math.floor(index / 3) * 6, w: 4, h: 6 },
      config: { reportId: created.id },
    });
  }
  const dashboard = await adminCall<{ publicId: string }>(
    server,
    'POST',
    onDeployment(`/workbooks/${workbook.id}/publish`),
    { title: 'Embed bench', config: { kind: 'CLASSIC', widgets } },
  );
  await adminCall(server, 'PUT', onDeployment(`/workbooks/${workbook.id}/embed-access`), {
    allEmbedUsers: true,
    action: 'read',
    allowEmbed: true,
  });
  return { publicId: dashboard.publicId, charts: reports.length };
}

/** The few DOM members the predicate reads (the bench compiles without the DOM library). */
interface ElementLike {
  getAttribute(name: string): string | null;
  querySelector(selector: string): ElementLike | null;
}
interface FrameGlobals {
  document: { querySelectorAll(selector: string): ArrayLike<ElementLike> };
  performance: { now(): number; timeOrigin: number };
}

/**
 * In the embed frame: the wall-clock time (ms) at which every CHART widget has drawn, else false. No
 * inner named functions (the bench's transpiler would wrap them in a helper the frame lacks).
 */
function allDrawnAt(): number | false {
  const frame = globalThis as unknown as FrameGlobals;
  const charts = Array.from(frame.document.querySelectorAll('[data-widget-type="CHART"]'));
  if (charts.length === 0) return false;
  for (const chart of charts) {
    const run = chart.querySelector('[data-run-state]');
    const state = run?.getAttribute('data-run-state');
    if (!run || state === 'loading') return false;
    if (state === 'error') throw new Error('a widget run failed');
    const drawing = run.querySelector('[data-chart-state]');
    if (drawing && drawing.getAttribute('data-chart-state') !== 'drawn') return false;
  }
  return frame.performance.timeOrigin + frame.performance.now();
}

/**
 * The example host framing an embedded dashboard, in headless Chromium: from the host page's navigation
 * start (the host then generates a session and exchanges it server-side) to every chart drawn in the
 * embed iframe. Sets the account's allowed origins to the host's.
 */
export async function measureEmbedPage(
  server: PlatformServer,
  deploymentId: number,
  options: { loads: number },
): Promise<EmbedPageFigures> {
  const { publicId, charts } = await publishEmbeddedBoard(server, deploymentId);
  const host = await startExampleEmbedHost({
    PLATFORM_URL: server.url,
    PLATFORM_API_KEY: server.adminKey,
    DASHBOARD_PUBLIC_ID: publicId,
    PORT: '0',
    HOST: '127.0.0.1',
    EMBED_SETUP: '0',
    EMBED_SHOW_CHAT: '0',
  });
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: chromiumArguments,
    headless: true,
  });
  try {
    await adminCall(server, 'PUT', '/api/v1/tenant/settings', {
      embedding: { enabled: true, allowedOrigins: [`http://127.0.0.1:${host.port}`] },
    });
    const samples: number[] = [];
    // One load before the samples: the server's caches and the browser's first start settle.
    for (let load = 0; load <= options.loads; load += 1) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      try {
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        await page.goto(`http://127.0.0.1:${host.port}/?customer=acme`);
        const frame = await (await page.waitForSelector('iframe')).contentFrame();
        if (!frame) throw new Error('the host page has no embed frame');
        const drawnAt = await (
          await frame.waitForFunction(allDrawnAt, undefined, { polling: 'raf', timeout: 60_000 })
        ).jsonValue();
        const startedAt = await page.evaluate(() => performance.timeOrigin);
        if (errors.length > 0) throw new Error(`the page failed: ${errors.join('; ')}`);
        if (load > 0) samples.push(Number(drawnAt) - startedAt);
      } finally {
        await context.close();
      }
    }
    return {
      charts,
      hostToChartsDrawn: summarize('host page → every chart drawn in the embed iframe', samples),
    };
  } finally {
    await browser.close();
    host.child.kill();
  }
}
