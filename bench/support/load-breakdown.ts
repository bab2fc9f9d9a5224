import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { operations } from '@platform/contract';
import {
  buildQuerySql,
  compileDataModel,
  compileModelFiles,
  duckDbDialect,
  type SemanticQuery,
} from '@platform/semantic';
import { CompiledModelCache } from '../../packages/server/src/modules/data-api/compiled-model.cache.js';
import { DataApiAccessService } from '../../packages/server/src/modules/data-api/data-api-access.service.js';
import { DataApiCredentialService } from '../../packages/server/src/modules/data-api/data-api-credential.service.js';
import { DeploymentWarehouseService } from '../../packages/server/src/modules/data-api/deployment-warehouse.service.js';
import { InFlightQueries } from '../../packages/server/src/modules/data-api/in-flight-queries.js';
import { LoadQueryService } from '../../packages/server/src/modules/data-api/load-query.service.js';
import { QueryPlanner } from '../../packages/server/src/modules/data-api/query-planner.js';
import { rowsToData } from '../../packages/server/src/modules/data-api/query-result.mapper.js';
import { demoModelFiles } from '../../packages/server/src/modules/data-model/demo-model/demo-model-files.js';
import { ModelSourceService } from '../../packages/server/src/modules/data-model/model-source.service.js';
import { DeploymentAccessService } from '../../packages/server/src/modules/deployments/deployment-access.service.js';
import { DuckDbWarehouse } from '../../packages/server/src/platform/warehouse/duckdb-warehouse.js';
import { waitForDemoBuild } from './http-load.js';
import { startPlatformServer } from './platform-server.js';
import { StageTimer } from './stage-timer.js';
import { summarize, type TimingSummary } from './timing-samples.js';

export interface LoadBreakdown {
  rows: number;
  responseBytes: number;
  /** compile + warehouse + rows keyed by member, on the server's own warehouse: the floor. */
  inProcess: TimingSummary;
  /** LoadQueryService.load called directly: the service with its lookups, no HTTP. */
  service: TimingSummary;
  http: TimingSummary;
  httpWithoutLogs: TimingSummary;
  injected: TimingSummary;
  /** Stages inside the HTTP requests measured above, in the order a request meets them. */
  stages: TimingSummary[];
  overheadP50Ms: number;
}

/** Stages of a data-API `load`, nested where one runs inside another (indentation is kept when printed). */
function wrapStages(timer: StageTimer): void {
  timer.wrap('authenticate (data API credential)', DataApiCredentialService.prototype, 'authenticate');
  const querySchema = operations.loadQuery.query;
  if (querySchema) timer.wrap('input validation (zod, the query parameter)', querySchema, 'safeParse');
  timer.wrap('service: LoadQueryService.load', LoadQueryService.prototype, 'load');
  timer.wrap('  access: deployment + branch', DataApiAccessService.prototype, 'resolve');
  timer.wrap('    deployment row and right (directory)', DeploymentAccessService.prototype, 'loadListed');
  timer.wrap('    dev-mode branch of the credential', ModelSourceService.prototype, 'devModeBranchOf');
  timer.wrap('  compiled-model lookup (branch head)', CompiledModelCache.prototype, 'modelOf');
  timer.wrap('    branch head (git ref)', ModelSourceService.prototype, 'headOf');
  timer.wrap(
    '  warehouse settings (env vars, file rule)',
    DeploymentWarehouseService.prototype,
    'settingsOf',
  );
  timer.wrap('  compile SQL (policies + buildQuerySql)', QueryPlanner.prototype, 'compile');
  timer.wrap('  Continue-wait run (includes the query)', InFlightQueries.prototype, 'run');
  timer.wrap('    warehouse query (DuckDB)', DuckDbWarehouse.prototype, 'query');
  timer.wrap('response validation (zod parse)', operations.loadQuery.response, 'parse');
  timer.wrap('serialisation (JSON.stringify, logs too)', JSON, 'stringify');
}

/** One GET over a kept-alive connection; the body as text, as a client reads it before parsing. */
function get(
  agent: Agent,
  url: URL,
  headers: Record<string, string>,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
      );
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/**
 * `load` on the demo deployment four ways on one server (PGlite, demo data at scale 1), interleaved so
 * drift hits all alike: the query in process (SQL compiled, run on the server's own DuckDB warehouse,
 * rows keyed), the service called directly, over HTTP (with the stages inside those very requests
 * timed), over HTTP with request logs off, and injected into Fastify without a socket.
 */
export async function measureLoadBreakdown(
  query: SemanticQuery,
  options: { iterations: number; warmUp: number },
): Promise<LoadBreakdown> {
  const server = await startPlatformServer({ databaseUrl: null });
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const timer = new StageTimer();
  try {
    const { container } = server;
    const headers = { authorization: `Bearer ${server.adminKey}` };
    const caller = await container.services.dataApiCredentials.authenticate(headers.authorization);
    if (caller.kind !== 'management')
      throw new Error('the admin key must authenticate as a management caller');
    const list = (await (await fetch(`${server.url}/api/v1/deployments`, { headers })).json()) as {
      items: { id: number; name: string }[];
    };
    const demoItem = list.items.find((item) => item.name === 'demo');
    if (!demoItem) throw new Error('the server has no demo deployment');
    const demo = { id: demoItem.id, accountId: caller.principal.accountId };
    await waitForDemoBuild(server.url, headers, demo.id);
    const compiledFiles = compileModelFiles(
      demoModelFiles.map((file) => ({ fileName: file.path, content: file.text })),
    );
    if (compiledFiles.errors.length > 0) throw new Error('the demo model does not compile');
    const model = compileDataModel(compiledFiles.model);
    const settings = await container.services.warehouses.settingsOf(demo);
    const warehouse = await container.services.warehouses.open(demo.id, settings);
    const url = new URL(
      `${server.url}/deployments/${demo.id}/data/v1/load?query=${encodeURIComponent(JSON.stringify(query))}`,
    );
    const overHttp = async () => {
      const answer = await get(agent, url, headers);
      const started = performance.now();
      const body = JSON.parse(answer.text) as { data?: unknown[] };
      timer.add('client JSON.parse', performance.now() - started);
      if (answer.status !== 200 || !Array.isArray(body.data)) {
        throw new Error(`load answered ${answer.status}: ${answer.text.slice(0, 300)}`);
      }
      return { rows: body.data.length, bytes: Buffer.byteLength(answer.text) };
    };
    const tasks = {
      inProcess: async () => {
        const compiled = buildQuerySql(model, query, { dialect: duckDbDialect });
        const result = await warehouse.query(compiled.sql, compiled.params);
        return rowsToData(compiled.columns, result.columns, result.rows);
      },
      service: () => container.services.loadQueries.load(caller, demo.id, { query }),
      http: overHttp,
      httpWithoutLogs: async () => {
        const level = container.logger.level;
        container.logger.level = 'warn';
        try {
          return await overHttp();
        } finally {
          container.logger.level = level;
        }
      },
      injected: () => server.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers }),
    };
    const first = await overHttp();
    wrapStages(timer);
    const samples = { inProcess: [], service: [], http: [], httpWithoutLogs: [], injected: [] } as Record<
      keyof typeof tasks,
      number[]
    >;
    for (let round = 0; round < options.warmUp + options.iterations; round += 1) {
      const isMeasured = round >= options.warmUp;
      for (const name of Object.keys(tasks) as Array<keyof typeof tasks>) {
        timer.begin();
        const started = performance.now();
        await tasks[name]();
        const elapsed = performance.now() - started;
        if (isMeasured) samples[name].push(elapsed);
        if (isMeasured && name === 'http') timer.end();
        else timer.discard();
      }
    }
    const inProcess = summarize('in process: compile + DuckDB warehouse + keyed rows', samples.inProcess);
    const http = summarize('GET /data/v1/load over HTTP (keep-alive, info logs)', samples.http);
    return {
      rows: first.rows,
      responseBytes: first.bytes,
      inProcess,
      service: summarize('in process: LoadQueryService.load', samples.service),
      http,
      httpWithoutLogs: summarize('GET /data/v1/load over HTTP, request logs off', samples.httpWithoutLogs),
      injected: summarize('app.inject (Fastify, no socket, info logs)', samples.injected),
      stages: timer.summaries(),
      overheadP50Ms: Number((http.p50Ms - inProcess.p50Ms).toPrecision(3)),
    };
  } finally {
    timer.restore();
    agent.destroy();
    await server.close();
  }
}
