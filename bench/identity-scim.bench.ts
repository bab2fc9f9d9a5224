import { loadavg } from 'node:os';
import { numberOption, writeBenchResults } from './support/bench-options.js';
import { type PlatformServer, startPlatformServer } from './support/platform-server.js';

/** The SCIM target of the identity issue (issue 16); reported, never asserted. */
export const goals = { provisionTotalMs: 60_000 };

export interface ScimProvisioningFigures {
  users: number;
  concurrency: number;
  totalMs: number;
  usersPerSecond: number;
  /** Per-request latencies of the creates, in milliseconds. */
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

function percentile(sorted: readonly number[], fraction: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1);
  return Number((sorted[Math.max(0, index)] ?? 0).toFixed(2));
}

/**
 * Provisions `users` users over HTTP as an identity provider does (POST /api/scim/v2/Users with a SCIM
 * User, `application/scim+json`, a Bearer API key), `concurrency` requests in flight, and times the whole.
 * Every answer must be a 201, so a refusal is never timed as a success. `prefix` keeps the e-mails of
 * repeated runs on one server apart.
 */
export async function measureScimProvisioning(
  server: Pick<PlatformServer, 'url' | 'adminKey'>,
  options: { users: number; concurrency: number; prefix?: string },
): Promise<ScimProvisioningFigures> {
  const prefix = options.prefix ?? `bench-${Date.now().toString(36)}`;
  const latencies: number[] = [];
  let next = 0;
  async function worker(): Promise<void> {
    while (next < options.users) {
      const index = next;
      next += 1;
      const started = performance.now();
      const response = await fetch(`${server.url}/api/scim/v2/Users`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.adminKey}`, 'content-type': 'application/scim+json' },
        body: JSON.stringify({
          schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
          userName: `${prefix}-${index}@example.com`,
          name: { givenName: 'Bench', familyName: `User ${index}` },
          emails: [{ value: `${prefix}-${index}@example.com`, type: 'work', primary: true }],
          externalId: `${prefix}-${index}`,
          active: true,
        }),
      });
      const text = await response.text();
      if (response.status !== 201) throw new Error(`user ${index} answered ${response.status}: ${text}`);
      latencies.push(performance.now() - started);
    }
  }
  const started = performance.now();
  await Promise.all(Array.from({ length: options.concurrency }, () => worker()));
  const totalMs = performance.now() - started;
  const sorted = [...latencies].sort((left, right) => left - right);
  return {
    users: options.users,
    concurrency: options.concurrency,
    totalMs: Math.round(totalMs),
    usersPerSecond: Math.round((options.users / totalMs) * 1000),
    p50Ms: percentile(sorted, 0.5),
    p95Ms: percentile(sorted, 0.95),
    maxMs: percentile(sorted, 1),
  };
}

/** One line of figures against the goal. */
export function scimProvisioningLine(figures: ScimProvisioningFigures): string {
  const verdict = figures.totalMs <= goals.provisionTotalMs ? 'within' : 'OVER';
  return (
    `SCIM provisioning of ${figures.users} users, ${figures.concurrency} in flight: ` +
    `${(figures.totalMs / 1000).toFixed(1)} s (${figures.usersPerSecond} users/s; p50 ${figures.p50Ms} ms, ` +
    `p95 ${figures.p95Ms} ms, max ${figures.maxMs} ms) — ${verdict} the goal of ${goals.provisionTotalMs / 1000} s`
  );
}

/**
 * `npm run bench -- identity-scim [--users N] [--concurrency N]`: provisions 10,000 users (default) over
 * SCIM on PGlite and, with DATABASE_URL, on PostgreSQL; figures go to bench/results/identity-scim.json.
 */
export async function run(arguments_: string[]): Promise<void> {
  const users = numberOption(arguments_, 'users', 10_000);
  const concurrency = numberOption(arguments_, 'concurrency', 8);
  const databaseUrls = [null, ...(process.env.DATABASE_URL ? [process.env.DATABASE_URL] : [])];
  const engines: Array<{ engine: string; provisioning: ScimProvisioningFigures; loadAverage: number[] }> = [];
  for (const databaseUrl of databaseUrls) {
    const server = await startPlatformServer({ databaseUrl });
    try {
      const provisioning = await measureScimProvisioning(server, { users, concurrency });
      const loadAverage = loadavg().map((value) => Number(value.toFixed(2)));
      engines.push({ engine: server.engine, provisioning, loadAverage });
      process.stdout.write(`identity-scim bench (${server.engine})\n${scimProvisioningLine(provisioning)}\n`);
      process.stdout.write(`load average (1, 5, 15 min): ${loadAverage.join(', ')}\n`);
    } finally {
      await server.close();
    }
  }
  const results = {
    benchmark: 'identity-scim',
    date: new Date().toISOString(),
    node: process.version,
    goals,
    engines,
  };
  await writeBenchResults('identity-scim', results);
}
