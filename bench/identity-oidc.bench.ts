import { loadavg } from 'node:os';
import { callJson } from './dashboards.bench.js';
import { numberOption, writeBenchResults } from './support/bench-options.js';
import { type PlatformServer, startPlatformServer } from './support/platform-server.js';
import { type TimingSummary, timeSamples, timingLine } from './support/timing-samples.js';

/** The workload-identity targets (issue 16); reported, never asserted. */
export const goals = { mintP50Ms: 2 };

/**
 * Minting a workload token: the service call (signing with the key already loaded, as every token after
 * the first) and `POST /api/v1/oidc-token-configs/{id}/token` over HTTP (authentication, the config and
 * deployment reads, the rights checks, signing). Takes a running server and one of its deployments, so
 * `bench/identity.bench.ts` can compose it with the other identity measurements.
 */
export async function measureOidcMinting(
  server: PlatformServer,
  deploymentId: number,
  iterations: number,
): Promise<Record<string, TimingSummary>> {
  const config = await callJson(
    server,
    'POST',
    '/api/v1/oidc-token-configs',
    {
      name: 'bench',
      audience: 'bench.example.com',
      targetEnvVar: 'BENCH_OIDC_TOKEN',
      deploymentIds: [deploymentId],
    },
    201,
  );
  const minter = server.container.services.workloadTokenMinter;
  const mint = await timeSamples('mint a token (service call)', { iterations, warmUp: 50 }, () =>
    minter.mint({ deploymentId, audience: 'bench.example.com', lifetimeSeconds: 3600 }),
  );
  const tokenPath = `/api/v1/oidc-token-configs/${Number(config.id)}/token`;
  const http = await timeSamples('POST .../{id}/token (HTTP)', { iterations, warmUp: 20 }, async () => {
    const minted = await callJson(server, 'POST', tokenPath, { deploymentId });
    if (typeof minted.token !== 'string') throw new Error('the token endpoint answered no token');
  });
  return { mint, http };
}

/** `npm run bench -- identity-oidc [--iterations N]`: on PGlite and (with DATABASE_URL) on PostgreSQL. */
export async function run(arguments_: string[]): Promise<void> {
  const iterations = numberOption(arguments_, 'iterations', 500);
  const databaseUrls = [null, ...(process.env.DATABASE_URL ? [process.env.DATABASE_URL] : [])];
  const engines: Array<{ engine: string; sections: Record<string, TimingSummary>; loadAverage: number[] }> =
    [];
  for (const databaseUrl of databaseUrls) {
    const server = await startPlatformServer({ databaseUrl });
    try {
      await server.container.platform.jobs.idle();
      const deployments = await callJson(server, 'GET', '/api/v1/deployments', undefined);
      const deploymentId = (deployments.items as Array<{ id: number }>)[0]?.id;
      if (deploymentId === undefined) throw new Error('no demo deployment');
      const sections = await measureOidcMinting(server, deploymentId, iterations);
      const loadAverage = loadavg().map((value) => Number(value.toFixed(2)));
      engines.push({ engine: server.engine, sections, loadAverage });
      process.stdout.write(`identity-oidc bench (${server.engine})\n`);
      process.stdout.write(`${timingLine(sections.mint as TimingSummary, { p50Ms: goals.mintP50Ms })}\n`);
      process.stdout.write(`${timingLine(sections.http as TimingSummary)}\n`);
      process.stdout.write(`load average (1, 5, 15 min): ${loadAverage.join(', ')}\n`);
    } finally {
      await server.close();
    }
  }
  const results = {
    benchmark: 'identity-oidc',
    date: new Date().toISOString(),
    node: process.version,
    goals,
    engines,
  };
  await writeBenchResults('identity-oidc', results);
}
