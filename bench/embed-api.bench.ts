import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { numberOption, writeBenchResults } from './support/bench-options.js';
import { type PlatformServer, startPlatformServer } from './support/platform-server.js';
import { summarize, type TimingSummary, timingLine } from './support/timing-samples.js';

/** The targets; reported, never asserted. */
const goals = { sessionP50Ms: 5, widgetRunP99Ms: 100 };

interface Answer {
  status: number;
  body: unknown;
}

async function call(
  server: PlatformServer,
  method: string,
  path: string,
  options: { body?: unknown; authorization?: string | null } = {},
): Promise<Answer> {
  const authorization =
    options.authorization === undefined ? `Bearer ${server.adminKey}` : options.authorization;
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(authorization === null ? {} : { authorization }),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

async function expectOk<Body>(answer: Promise<Answer>, what: string): Promise<Body> {
  const { status, body } = await answer;
  if (status < 200 || status > 299) throw new Error(`${what} answered ${status}: ${JSON.stringify(body)}`);
  return body as Body;
}

/** p99 beside the p50/p95 of a summary: the widget-run target is a p99. */
function p99Of(samples: readonly number[]): number {
  const sorted = [...samples].sort((left, right) => left - right);
  return Number(
    (sorted[Math.min(sorted.length - 1, Math.ceil(0.99 * sorted.length) - 1)] ?? 0).toPrecision(3),
  );
}

/** A dashboard of three report widgets on the demo model, embeddable by every embed user. */
async function publishEmbeddableDashboard(server: PlatformServer, deploymentId: number) {
  const base = `/api/v1/deployments/${deploymentId}`;
  const workbook = await expectOk<{ id: number }>(
    call(server, 'POST', `${base}/workbooks`, { body: { name: 'Embed bench' } }),
    'creating the workbook',
  );
  const queries = [
    { measures: ['orders.count'], dimensions: ['orders.status'] },
    { measures: ['order_items.revenue'], dimensions: ['orders.channel'] },
    {
      measures: ['orders.count'],
      timeDimensions: [{ dimension: 'orders.ordered_at', granularity: 'month' }],
    },
  ];
  const widgets: Array<Record<string, unknown>> = [];
  for (const [index, jsonQuery] of queries.entries()) {
    const report = await expectOk<{ id: number }>(
      call(server, 'POST', `${base}/reports`, {
        body: { name: `Embed bench ${index + 1}`, workbookId: workbook.id, kind: 'table', jsonQuery },
      }),
      'creating a report',
    );
    widgets.push({
      id: `widget-${index + 1}`,
      type: 'CHART',
      position: { x: index * 4, y: 0, w: 4, h: 6 },
      config: { reportId: report.id },
    });
  }
  const dashboard = await expectOk<{ id: number; publicId: string }>(
    call(server, 'POST', `${base}/workbooks/${workbook.id}/publish`, {
      body: { title: 'Embed bench', config: { kind: 'CLASSIC', widgets } },
    }),
    'publishing the dashboard',
  );
  await expectOk(
    call(server, 'PUT', `${base}/workbooks/${workbook.id}/embed-access`, {
      body: { allEmbedUsers: true, action: 'read', allowEmbed: true },
    }),
    'allowing every embed user',
  );
  return { ...dashboard, widgetIds: widgets.map((widget) => String(widget.id)) };
}

async function demoDeploymentOf(server: PlatformServer): Promise<number> {
  const list = await expectOk<{ items: Array<{ id: number; name: string }> }>(
    call(server, 'GET', '/api/v1/deployments?first=100'),
    'listing deployments',
  );
  const demo = list.items.find((deployment) => deployment.name === 'demo');
  if (!demo) throw new Error('the server has no demo deployment');
  return demo.id;
}

function sessionBody(deploymentId: number, user: number, tenants: number) {
  const tenant = user % tenants;
  return {
    deploymentId,
    externalId: `bench-user-${user}`,
    embedTenantName: `bench-tenant-${tenant}`,
    securityContext: { tenant: `bench-tenant-${tenant}` },
    settings: { showDashboardChat: false },
  };
}

/** Session generation alone, one at a time: the host application's cost per page view. */
async function measureSessions(server: PlatformServer, deploymentId: number, iterations: number) {
  const generate: number[] = [];
  const exchange: number[] = [];
  for (let iteration = 0; iteration < iterations + 20; iteration += 1) {
    const startedAt = performance.now();
    const session = await expectOk<{ sessionId: string }>(
      call(server, 'POST', '/api/v1/embed/generate-session', {
        body: sessionBody(deploymentId, 100_000 + iteration, 10),
      }),
      'generating a session',
    );
    const generatedAt = performance.now();
    await expectOk(
      call(server, 'POST', '/api/v1/embed/session/token', {
        body: { sessionId: session.sessionId },
        authorization: null,
      }),
      'exchanging the session',
    );
    // The first 20 warm the JIT, the pools and the caches.
    if (iteration >= 20) {
      generate.push(generatedAt - startedAt);
      exchange.push(performance.now() - generatedAt);
    }
  }
  return {
    generate: summarize('POST /api/v1/embed/generate-session', generate),
    exchange: summarize('POST /api/v1/embed/session/token', exchange),
  };
}

interface LoadFigures {
  users: number;
  tenants: number;
  concurrency: number;
  widgetRuns: TimingSummary & { p99Ms: number };
  dashboardReads: TimingSummary & { p99Ms: number };
  errors: number;
  firstErrors: string[];
  wallSeconds: number;
}

/**
 * `users` embed users of `tenants` tenants each open the dashboard as the embed page does: a session,
 * its token, the dashboard read and every widget run with the token, `concurrency` users at a time.
 */
async function measureLoad(
  server: PlatformServer,
  deploymentId: number,
  dashboard: { id: number; publicId: string; widgetIds: string[] },
  options: { users: number; tenants: number; concurrency: number },
): Promise<LoadFigures> {
  const widgetRuns: number[] = [];
  const dashboardReads: number[] = [];
  const errors: string[] = [];
  let next = 0;
  const openAsUser = async (user: number) => {
    const session = await expectOk<{ sessionId: string }>(
      call(server, 'POST', '/api/v1/embed/generate-session', {
        body: sessionBody(deploymentId, user, options.tenants),
      }),
      'generating a session',
    );
    const { token } = await expectOk<{ token: string }>(
      call(server, 'POST', '/api/v1/embed/session/token', {
        body: { sessionId: session.sessionId },
        authorization: null,
      }),
      'exchanging the session',
    );
    const bearer = `Bearer ${token}`;
    const readStarted = performance.now();
    await expectOk(
      call(server, 'GET', `/api/v1/embed/dashboard/${dashboard.publicId}`, { authorization: bearer }),
      'reading the dashboard',
    );
    dashboardReads.push(performance.now() - readStarted);
    // The page runs its widgets at once.
    await Promise.all(
      dashboard.widgetIds.map(async (widgetId) => {
        const started = performance.now();
        await expectOk(
          call(
            server,
            'POST',
            `/api/v1/deployments/${deploymentId}/dashboards/${dashboard.id}/widgets/${widgetId}/run`,
            { body: {}, authorization: bearer },
          ),
          `running ${widgetId}`,
        );
        widgetRuns.push(performance.now() - started);
      }),
    );
  };
  const worker = async () => {
    while (next < options.users) {
      const user = next;
      next += 1;
      try {
        await openAsUser(user);
      } catch (error) {
        errors.push(error instanceof Error ? error.message : String(error));
      }
    }
  };
  const startedAt = performance.now();
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const wallSeconds = Number(((performance.now() - startedAt) / 1000).toFixed(1));
  return {
    users: options.users,
    tenants: options.tenants,
    concurrency: options.concurrency,
    widgetRuns: { ...summarize('widget run with an embed token', widgetRuns), p99Ms: p99Of(widgetRuns) },
    dashboardReads: {
      ...summarize('GET /api/v1/embed/dashboard/{publicId}', dashboardReads),
      p99Ms: p99Of(dashboardReads),
    },
    errors: errors.length,
    firstErrors: errors.slice(0, 5),
    wallSeconds,
  };
}

/**
 * `npm run bench -- embed-api [--sessions 300] [--users 1000] [--tenants 100] [--concurrency 16]`:
 * session generation (p50 < 5 ms) and 1,000 embed users of 100 tenants opening a dashboard (p99 < 100 ms
 * per widget run, no errors), on PGlite and (with DATABASE_URL) on PostgreSQL.
 */
export async function run(arguments_: string[]): Promise<void> {
  const sessions = numberOption(arguments_, 'sessions', 300);
  const users = numberOption(arguments_, 'users', 1000);
  const tenants = numberOption(arguments_, 'tenants', 100);
  const concurrency = numberOption(arguments_, 'concurrency', 16);
  const databaseUrls = [null, ...(process.env.DATABASE_URL ? [process.env.DATABASE_URL] : [])];
  const engines: Array<Record<string, unknown>> = [];
  for (const databaseUrl of databaseUrls) {
    const server = await startPlatformServer({ databaseUrl });
    try {
      process.stdout.write(`embed-api bench (${server.engine})\n`);
      await server.container.platform.jobs.idle();
      const deploymentId = await demoDeploymentOf(server);
      const dashboard = await publishEmbeddableDashboard(server, deploymentId);
      const sessionFigures = await measureSessions(server, deploymentId, sessions);
      process.stdout.write(`${timingLine(sessionFigures.generate, { p50Ms: goals.sessionP50Ms })}\n`);
      process.stdout.write(`${timingLine(sessionFigures.exchange)}\n`);
      const load = await measureLoad(server, deploymentId, dashboard, { users, tenants, concurrency });
      for (const timing of [load.dashboardReads, load.widgetRuns]) {
        process.stdout.write(`${timingLine(timing)}   p99 ${timing.p99Ms} ms\n`);
      }
      const verdict = load.widgetRuns.p99Ms < goals.widgetRunP99Ms && load.errors === 0 ? 'meets' : 'MISSES';
      process.stdout.write(
        `${users} users of ${tenants} tenants, ${concurrency} at a time: ${load.wallSeconds} s, ${load.errors} errors; widget run p99 ${load.widgetRuns.p99Ms} ms, goal < ${goals.widgetRunP99Ms} ms and no errors: ${verdict}\n`,
      );
      for (const message of load.firstErrors) process.stdout.write(`  error: ${message}\n`);
      engines.push({
        engine: server.engine,
        sessions: sessionFigures,
        load,
        loadAverage: loadavg().map((value) => Number(value.toFixed(2))),
      });
    } finally {
      await server.close();
    }
  }
  await writeBenchResults('embed-api', {
    benchmark: 'embed-api',
    date: new Date().toISOString(),
    goals,
    engines,
  });
}
