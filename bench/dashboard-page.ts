import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium } from 'playwright-core';
import { chromiumArguments, chromiumPath } from '../packages/server/test/web/chromium-launch.js';
import { adminCall } from './support/admin-call.js';
import type { PlatformServer } from './support/platform-server.js';
import { summarize, type TimingSummary } from './support/timing-samples.js';

const webDirectory = fileURLToPath(new URL('../packages/web/', import.meta.url));

export interface DashboardPageFigures {
  widgets: number;
  charts: number;
  /** Navigation start to every CHART widget drawn, each load in a fresh context (nothing cached). */
  coldLoad: TimingSummary;
  /** The same in one context: the hashed assets come from the browser cache, as on a repeat visit. */
  warmLoad: TimingSummary;
  /** Medians of when the requests ended, from navigation start. */
  coldStages: LoadStages;
  warmStages: LoadStages;
  bundle: BundleFigures;
}

export interface BundleFigures {
  /** Gzipped bytes the dashboard page needs before a chart draws: entry, page, grid, CSS. */
  firstPaintGzipBytes: number;
  /** Gzipped bytes of the Vega chunk(s), loaded while the first widget runs. */
  vegaGzipBytes: number;
  /** First paint and Vega: what the benchmark's dashboard loads. */
  totalGzipBytes: number;
  /** Gzipped bytes of the Markdown renderer, loaded only by a dashboard with TEXT widgets. */
  markdownGzipBytes: number;
  files: Array<{ file: string; part: 'first paint' | 'vega' | 'markdown'; bytes: number; gzipBytes: number }>;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * Builds the web pages into a temporary directory with Vite's manifest, then sums the gzipped files the
 * dashboard page loads: the static imports of the entry, the page and the CLASSIC grid (first paint), and
 * those of the Vega renderer that first paint does not already hold.
 */
export async function measureDashboardBundle(): Promise<BundleFigures> {
  const outDir = await mkdtemp(join(tmpdir(), 'platform-web-bench-'));
  try {
    const { build } = await import('vite');
    await build({
      configFile: join(webDirectory, 'vite.config.ts'),
      logLevel: 'error',
      build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false },
    });
    const manifest = JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      ManifestChunk
    >;
    const closure = (keys: string[]): Set<string> => {
      const files = new Set<string>();
      const pending = [...keys];
      const seen = new Set<string>();
      while (pending.length > 0) {
        const key = pending.pop() as string;
        if (seen.has(key)) continue;
        seen.add(key);
        const chunk = manifest[key];
        if (!chunk) throw new Error(`the web build has no chunk for ${key}`);
        files.add(chunk.file);
        for (const css of chunk.css ?? []) files.add(css);
        pending.push(...(chunk.imports ?? []));
      }
      return files;
    };
    const firstPaint = closure([
      'index.html',
      'src/pages/dashboard-page.tsx',
      'src/dashboards/classic-dashboard.tsx',
    ]);
    const vega = [...closure(['src/dashboards/vega-render.ts'])].filter((file) => !firstPaint.has(file));
    const markdown = [...closure(['src/dashboards/markdown-text.tsx'])].filter(
      (file) => !firstPaint.has(file),
    );
    const files = await Promise.all(
      [
        ...[...firstPaint].map((file) => ({ file, part: 'first paint' as const })),
        ...vega.map((file) => ({ file, part: 'vega' as const })),
        ...markdown.map((file) => ({ file, part: 'markdown' as const })),
      ].map(async (entry) => {
        const bytes = await readFile(join(outDir, entry.file));
        return { ...entry, bytes: bytes.length, gzipBytes: gzipSync(bytes).length };
      }),
    );
    const sum = (part: string) =>
      files.filter((file) => file.part === part).reduce((total, file) => total + file.gzipBytes, 0);
    const firstPaintGzipBytes = sum('first paint');
    const vegaGzipBytes = sum('vega');
    return {
      firstPaintGzipBytes,
      vegaGzipBytes,
      totalGzipBytes: firstPaintGzipBytes + vegaGzipBytes,
      markdownGzipBytes: sum('markdown'),
      files,
    };
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

const bar = (x: string, type: string, y = 'orders\\.count') => ({
  mark: 'bar',
  encoding: { x: { field: x, type }, y: { field: y, type: 'quantitative' } },
});

/**
 * Nine Vega-Lite charts, a table, a KPI and a filter over the demo model: twelve widgets (also the
 * notifications-render benchmark's dashboard).
 */
export async function publishTwelveWidgets(server: PlatformServer, deploymentId: number) {
  const onDeployment = (path: string) => `/api/v1/deployments/${deploymentId}${path}`;
  const workbook = await adminCall<{ id: number }>(server, 'POST', onDeployment('/workbooks'), {
    name: 'Bench board',
  });
  const month = [{ dimension: 'orders.ordered_at', granularity: 'month' }];
  const reports: Array<Record<string, unknown>> = [
    {
      kind: 'vega',
      jsonQuery: { measures: ['orders.count'], dimensions: ['orders.status'] },
      spec: bar('orders\\.status', 'nominal'),
    },
    {
      kind: 'vega',
      jsonQuery: { measures: ['orders.count'], dimensions: ['orders.channel'] },
      spec: bar('orders\\.channel', 'nominal'),
    },
    {
      kind: 'vega',
      jsonQuery: { measures: ['orders.count'], timeDimensions: month },
      spec: bar('orders\\.ordered_at', 'temporal'),
    },
    {
      kind: 'vega',
      jsonQuery: { measures: ['orders.completed_count'], timeDimensions: month },
      spec: bar('orders\\.ordered_at', 'temporal', 'orders\\.completed_count'),
    },
    {
      kind: 'vega',
      jsonQuery: { measures: ['orders.cancelled_count'], dimensions: ['orders.channel'] },
      spec: bar('orders\\.channel', 'nominal', 'orders\\.cancelled_count'),
    },
    {
      kind: 'vega',
      jsonQuery: { measures: ['orders.returned_count'], dimensions: ['orders.status'] },
      spec: bar('orders\\.status', 'nominal', 'orders\\.returned_count'),
    },
    {
      kind: 'vega',
      jsonQuery: { measures: ['orders.customers_count'], timeDimensions: month },
      spec: { ...bar('orders\\.ordered_at', 'temporal', 'orders\\.customers_count'), mark: 'line' },
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
    {
      kind: 'table',
      jsonQuery: { measures: ['orders.count', 'orders.return_rate'], dimensions: ['orders.channel'] },
      preferences: { columnFormats: { 'orders.return_rate': { type: 'percent', decimalPlaces: 1 } } },
    },
    {
      kind: 'kpi',
      jsonQuery: { measures: ['order_items.revenue'] },
      preferences: { columnFormats: { 'order_items.revenue': { type: 'currency', decimalPlaces: 0 } } },
    },
  ];
  const widgets: Array<Record<string, unknown>> = [
    {
      id: 'status',
      type: 'FILTER',
      position: { x: 0, y: 0, w: 12, h: 2 },
      config: {
        member: 'orders.status',
        values: ['completed', 'shipped', 'pending', 'returned', 'cancelled'],
      },
    },
  ];
  for (const [index, report] of reports.entries()) {
    const created = await adminCall<{ id: number }>(server, 'POST', onDeployment('/reports'), {
      name: `Bench report ${index + 1}`,
      workbookId: workbook.id,
      ...report,
    });
    widgets.push({
      id: `chart-${index + 1}`,
      type: 'CHART',
      position: { x: (index % 3) * 4, y: 2 + Math.floor(index / 3) * 6, w: 4, h: 6 },
      config: { reportId: created.id },
    });
  }
  const dashboard = await adminCall<{ id: number; publicId: string }>(
    server,
    'POST',
    onDeployment(`/workbooks/${workbook.id}/publish`),
    {
      title: 'Bench board',
      config: { kind: 'CLASSIC', widgets },
    },
  );
  return { id: dashboard.id, publicId: dashboard.publicId, widgets: widgets.length, charts: reports.length };
}

/** The few DOM members the predicate reads (the bench compiles without the DOM library). */
interface ElementLike {
  getAttribute(name: string): string | null;
  querySelector(selector: string): ElementLike | null;
}
interface PageGlobals {
  document: { querySelectorAll(selector: string): ArrayLike<ElementLike> };
  performance: {
    now(): number;
    getEntriesByType(type: string): ArrayLike<{ name: string; responseEnd: number }>;
  };
}

/** When (ms from navigation start) the page's requests ended: where a load's time went. */
export interface LoadStages {
  sessionAt: number;
  dashboardAt: number;
  firstRunAt: number;
  lastRunAt: number;
  vegaAt: number;
}

/** Runs in the page: no inner named functions (the bench's transpiler would wrap them in a helper). */
function loadStages(): LoadStages {
  const entries = Array.from((globalThis as unknown as PageGlobals).performance.getEntriesByType('resource'));
  const stages = {
    sessionAt: 0,
    dashboardAt: 0,
    firstRunAt: Number.POSITIVE_INFINITY,
    lastRunAt: 0,
    vegaAt: 0,
  };
  for (const entry of entries) {
    if (entry.name.includes('/users/me')) stages.sessionAt = Math.max(stages.sessionAt, entry.responseEnd);
    if (entry.name.includes('/by-public-id/'))
      stages.dashboardAt = Math.max(stages.dashboardAt, entry.responseEnd);
    if (entry.name.includes('vega-render')) stages.vegaAt = Math.max(stages.vegaAt, entry.responseEnd);
    if (entry.name.endsWith('/run')) {
      stages.firstRunAt = Math.min(stages.firstRunAt, entry.responseEnd);
      stages.lastRunAt = Math.max(stages.lastRunAt, entry.responseEnd);
    }
  }
  return stages;
}

/**
 * Milliseconds from navigation start until every CHART widget has drawn (chart, table or KPI), else false.
 * A function, not a string: the page's CSP forbids the eval a string predicate needs.
 */
function allDrawn(): number | false {
  const page = globalThis as unknown as PageGlobals;
  const charts = Array.from(page.document.querySelectorAll('[data-widget-type="CHART"]'));
  if (charts.length === 0) return false;
  for (const chart of charts) {
    const run = chart.querySelector('[data-run-state]');
    const state = run?.getAttribute('data-run-state');
    if (!run || state === 'loading') return false;
    if (state === 'error') throw new Error('a widget run failed');
    const drawing = run.querySelector('[data-chart-state]');
    if (drawing && drawing.getAttribute('data-chart-state') !== 'drawn') return false;
  }
  return page.performance.now();
}

async function timeLoads(
  browser: Browser,
  server: PlatformServer,
  publicId: string,
  options: { loads: number; isCold: boolean },
): Promise<{ samples: number[]; stages: LoadStages[] }> {
  // Signed in as the pages are: an API key exchanged for the session cookie (the sign-in is not timed).
  const newContext = async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const signedIn = await context.request.post(`${server.url}/auth/login`, {
      data: { apiKey: server.adminKey },
      headers: { origin: server.url },
    });
    if (signedIn.status() !== 204) throw new Error(`sign-in answered ${signedIn.status()}`);
    return context;
  };
  const shared = options.isCold ? null : await newContext();
  const samples: number[] = [];
  const stages: LoadStages[] = [];
  try {
    // One load before the samples: the server's caches and the browser's first start settle.
    for (let load = 0; load <= options.loads; load += 1) {
      const context = shared ?? (await newContext());
      try {
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        await page.goto(`${server.url}/dashboards/${publicId}`);
        const drawnAt = await (
          await page.waitForFunction(allDrawn, undefined, { polling: 'raf', timeout: 60_000 })
        ).jsonValue();
        if (errors.length > 0) throw new Error(`the page failed: ${errors.join('; ')}`);
        if (load > 0) {
          samples.push(Number(drawnAt));
          stages.push(await page.evaluate(loadStages));
        }
        await page.close();
      } finally {
        if (!shared) await context.close();
      }
    }
  } finally {
    await shared?.close();
  }
  return { samples, stages };
}

/** The median of each stage over the loads. */
function medianStages(stages: readonly LoadStages[]): LoadStages {
  const median = (pick: (stage: LoadStages) => number) => {
    const sorted = stages.map(pick).sort((left, right) => left - right);
    return Math.round(sorted[Math.floor(sorted.length / 2)] ?? Number.NaN);
  };
  return {
    sessionAt: median((stage) => stage.sessionAt),
    dashboardAt: median((stage) => stage.dashboardAt),
    firstRunAt: median((stage) => stage.firstRunAt),
    lastRunAt: median((stage) => stage.lastRunAt),
    vegaAt: median((stage) => stage.vegaAt),
  };
}

/** The dashboard page's load time in headless Chromium and its bundle, on a server already running. */
export async function measureDashboardPage(
  server: PlatformServer,
  deploymentId: number,
  options: { loads: number },
): Promise<DashboardPageFigures> {
  const bundle = await measureDashboardBundle();
  const { publicId, widgets, charts } = await publishTwelveWidgets(server, deploymentId);
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: chromiumArguments,
    headless: true,
  });
  try {
    const cold = await timeLoads(browser, server, publicId, { loads: options.loads, isCold: true });
    const warm = await timeLoads(browser, server, publicId, { loads: options.loads, isCold: false });
    return {
      widgets,
      charts,
      coldLoad: summarize('navigation → every chart drawn (cold cache)', cold.samples),
      warmLoad: summarize('navigation → every chart drawn (warm cache)', warm.samples),
      coldStages: medianStages(cold.stages),
      warmStages: medianStages(warm.stages),
      bundle,
    };
  } finally {
    await browser.close();
  }
}
