import { mkdir, writeFile } from 'node:fs/promises';
import { startPlatformServer } from './support/platform-server.js';
import { type TimingSummary, timeSamples, timingLine } from './support/timing-samples.js';
import { seedWorkspace } from './support/workspace-content.js';

/** The targets; reported, never asserted. */
const goals = { listP50Ms: 10, searchP50Ms: 20, bulkMoveMs: 200 };
const scale = { roots: 100, childrenPerRoot: 9, reportsPerFolder: 10 };

function numberOption(arguments_: string[], name: string, fallback: number): number {
  const index = arguments_.indexOf(`--${name}`);
  const value = index >= 0 ? Number(arguments_[index + 1]) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive whole number`);
  return value;
}

async function call(
  url: string,
  key: string,
  init: { method?: string; body?: unknown } = {},
): Promise<unknown> {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${key}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${text}`);
  return JSON.parse(text) as unknown;
}

interface EngineFigures {
  engine: string;
  folders: number;
  reports: number;
  timings: TimingSummary[];
}

async function measureEngine(databaseUrl: string | null, iterations: number): Promise<EngineFigures> {
  const server = await startPlatformServer({ databaseUrl });
  try {
    const key = server.adminKey;
    const deployments = (await call(`${server.url}/api/v1/deployments`, key)) as { items: { id: number }[] };
    const deploymentId = deployments.items[0]?.id;
    if (deploymentId === undefined) throw new Error('no demo deployment');
    const seeded = await seedWorkspace(server, deploymentId, scale);
    const base = `${server.url}/api/v1/deployments/${deploymentId}`;
    process.stdout.write(
      `workspace bench (${server.engine}): ${seeded.folderIds.length} folders, ${seeded.reportIds.length} reports\n`,
    );
    const timings: TimingSummary[] = [];
    const options = { iterations, warmUp: 20 };
    timings.push(
      await timeSamples("list a folder's reports (first page of 20)", options, () =>
        call(`${base}/reports?folderId=${seeded.sampleFolderId}`, key),
      ),
    );
    timings.push(
      await timeSamples("list a folder's workspace items (first page)", options, () =>
        call(`${base}/workspace?folderId=${seeded.sampleFolderId}`, key),
      ),
    );
    timings.push(
      await timeSamples('search the reports ("churn by month 4")', options, () =>
        call(`${base}/reports?search=${encodeURIComponent('churn by month 4')}`, key),
      ),
    );
    timings.push(
      await timeSamples('search the workspace ("churn by month 4")', options, () =>
        call(`${base}/workspace?search=${encodeURIComponent('churn by month 4')}`, key),
      ),
    );
    const targets = seeded.folderIds.slice(-10);
    timings.push(
      await timeSamples('bulk move of 100 reports', { iterations: 20, warmUp: 2 }, (iteration) =>
        call(`${base}/workspace/bulk-move`, key, {
          method: 'POST',
          body: {
            items: seeded.reportIds.slice(0, 100).map((id) => ({ type: 'REPORT', id })),
            folderId: targets[iteration % targets.length],
          },
        }),
      ),
    );
    return {
      engine: server.engine,
      folders: seeded.folderIds.length,
      reports: seeded.reportIds.length,
      timings,
    };
  } finally {
    await server.close();
  }
}

const goalOf: Record<string, { p50Ms: number }> = {
  "list a folder's reports (first page of 20)": { p50Ms: goals.listP50Ms },
  "list a folder's workspace items (first page)": { p50Ms: goals.listP50Ms },
  'search the reports ("churn by month 4")': { p50Ms: goals.searchP50Ms },
  'search the workspace ("churn by month 4")': { p50Ms: goals.searchP50Ms },
  'bulk move of 100 reports': { p50Ms: goals.bulkMoveMs },
};

/** Lists, searches and bulk moves over 10,000 reports in 1,000 folders, on each store engine. */
export async function run(arguments_: string[]): Promise<void> {
  const iterations = numberOption(arguments_, 'iterations', 200);
  const databaseUrls = [null, ...(process.env.DATABASE_URL ? [process.env.DATABASE_URL] : [])];
  const engines: EngineFigures[] = [];
  for (const databaseUrl of databaseUrls) {
    const figures = await measureEngine(databaseUrl, iterations);
    engines.push(figures);
    for (const timing of figures.timings)
      process.stdout.write(`${timingLine(timing, goalOf[timing.label])}\n`);
  }
  const results = {
    benchmark: 'workspace',
    date: new Date().toISOString(),
    node: process.version,
    scale,
    goals,
    engines,
  };
  const directory = new URL('./results/', import.meta.url);
  await mkdir(directory, { recursive: true });
  await writeFile(new URL('workspace.json', directory), `${JSON.stringify(results, null, 2)}\n`);
  process.stdout.write('figures written to bench/results/workspace.json\n');
}
