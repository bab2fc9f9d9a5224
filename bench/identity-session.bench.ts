import { loadavg } from 'node:os';
import { type PlatformServer, startPlatformServer } from './support/platform-server.js';
import { type TimingSummary, timeSamples, timingLine } from './support/timing-samples.js';

/** The identity issue's target for sign-in cookies (issue 16); reported, never asserted. */
export const sessionGoal = { cookieOverApiKeyP50Ms: 0.5 };

export interface SessionFigures {
  engine: string;
  apiKey: TimingSummary;
  cookie: TimingSummary;
  cookieOverApiKeyP50Ms: number;
  loadAverage: number[];
}

async function sessionCookieOf(server: PlatformServer): Promise<string> {
  const response = await fetch(`${server.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ apiKey: server.adminKey }),
  });
  if (response.status !== 204) throw new Error(`sign-in answered ${response.status}`);
  const pair = (response.headers.get('set-cookie') ?? '').split(';')[0];
  if (!pair?.startsWith('platform_session=')) throw new Error('sign-in set no session cookie');
  return pair;
}

/**
 * `GET /api/v1/users/me` (the cheapest authenticated operation, so authentication is most of its cost)
 * with the admin's API key and with a session cookie made from that key, interleaved so both see the
 * same machine load.
 */
export async function measureSessionAuthentication(
  server: PlatformServer,
  iterations: number,
): Promise<SessionFigures> {
  const cookie = await sessionCookieOf(server);
  const call = async (headers: Record<string, string>) => {
    const response = await fetch(`${server.url}/api/v1/users/me`, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`users/me answered ${response.status}`);
  };
  const byKey = { authorization: `Bearer ${server.adminKey}` };
  const byCookie = { cookie };
  const rounds = 10;
  const keySamples: TimingSummary[] = [];
  const cookieSamples: TimingSummary[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const options = { iterations: Math.ceil(iterations / rounds), warmUp: round === 0 ? 50 : 5 };
    keySamples.push(await timeSamples('GET users/me with an API key', options, () => call(byKey)));
    cookieSamples.push(
      await timeSamples('GET users/me with a session cookie', options, () => call(byCookie)),
    );
  }
  const median = (summaries: TimingSummary[], label: string): TimingSummary => {
    const sorted = [...summaries].sort((left, right) => left.p50Ms - right.p50Ms);
    const middle = sorted[Math.floor(sorted.length / 2)] as TimingSummary;
    return { ...middle, label, iterations: summaries.reduce((sum, summary) => sum + summary.iterations, 0) };
  };
  const apiKey = median(keySamples, 'GET users/me with an API key');
  const sessionCookie = median(cookieSamples, 'GET users/me with a session cookie');
  return {
    engine: server.engine,
    apiKey,
    cookie: sessionCookie,
    cookieOverApiKeyP50Ms: Number((sessionCookie.p50Ms - apiKey.p50Ms).toFixed(3)),
    loadAverage: loadavg().map((value) => Number(value.toFixed(2))),
  };
}

export function printSessionFigures(figures: SessionFigures): void {
  process.stdout.write(`${timingLine(figures.apiKey)}\n${timingLine(figures.cookie)}\n`);
  const verdict = figures.cookieOverApiKeyP50Ms <= sessionGoal.cookieOverApiKeyP50Ms ? 'meets' : 'MISSES';
  process.stdout.write(
    `${'cookie − API key at p50'.padEnd(58)}${String(figures.cookieOverApiKeyP50Ms).padStart(12)} ms   goal ≤ ${sessionGoal.cookieOverApiKeyP50Ms} ms: ${verdict}\n`,
  );
}

/** `npm run bench -- identity-session [--iterations N]`, on PGlite and (with DATABASE_URL) PostgreSQL. */
export async function run(arguments_: string[]): Promise<void> {
  const index = arguments_.indexOf('--iterations');
  const iterations = index >= 0 ? Number(arguments_[index + 1]) : 2000;
  for (const databaseUrl of [null, ...(process.env.DATABASE_URL ? [process.env.DATABASE_URL] : [])]) {
    const server = await startPlatformServer({ databaseUrl });
    try {
      await server.container.platform.jobs.idle();
      process.stdout.write(`session cookie against API key (${server.engine})\n`);
      printSessionFigures(await measureSessionAuthentication(server, iterations));
    } finally {
      await server.close();
    }
  }
}
