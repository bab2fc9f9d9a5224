import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { ChatLoadFigures } from './support/chat-load.client.js';
import { demoChatEndpoint } from './support/demo-chat-endpoint.js';
import { startPlatformServer } from './support/platform-server.js';

/** The target of issue 13 (milliseconds); reported, never asserted. */
const goals = { deploymentsP99Ms: 50 };

/** A question the built-in analyst answers on the demo model with one query (a ranked table). */
const question = 'Top 5 products by revenue in 2025';

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

function optionOf(arguments_: string[], name: string): string | undefined {
  const index = arguments_.indexOf(`--${name}`);
  return index >= 0 ? arguments_[index + 1] : undefined;
}

function percentile(samples: readonly number[], fraction: number): number {
  const sorted = [...samples].sort((left, right) => left - right);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return Number((sorted[index] ?? Number.NaN).toPrecision(3));
}

function probeLine(label: string, samples: readonly number[]): string {
  return `${label}: ${samples.length} requests, p50 ${percentile(samples, 0.5)} ms, p95 ${percentile(samples, 0.95)} ms, p99 ${percentile(samples, 0.99)} ms, max ${percentile(samples, 1)} ms`;
}

/**
 * `npm run bench -- chat-load [--answers N] [--threads N] [--queue N] [--active N]`: N concurrent built-in chat
 * answers (new threads) on a real server in this process (PGlite, or PostgreSQL when DATABASE_URL is
 * set; the demo deployment), while
 * GET /api/v1/deployments is timed on the same server. Clients run in a process of their own, so only
 * the server's work shares its event loop. Threads, queue and active default to the server's own defaults.
 */
export async function run(arguments_: string[]): Promise<void> {
  const answers = Number(optionOf(arguments_, 'answers') ?? 200);
  if (!(Number.isInteger(answers) && answers > 0 && answers <= 2000)) {
    throw new Error('--answers must be an integer from 1 to 2000');
  }
  const threads = optionOf(arguments_, 'threads');
  const queue = optionOf(arguments_, 'queue');
  const active = optionOf(arguments_, 'active');
  const server = await startPlatformServer({
    databaseUrl: process.env.DATABASE_URL ?? null,
    isChatListening: true,
    environment: {
      ...(threads === undefined ? {} : { PLATFORM_ANALYST_THREADS: threads }),
      ...(queue === undefined ? {} : { PLATFORM_ANALYST_QUEUE: queue }),
      ...(active === undefined ? {} : { PLATFORM_ANALYST_ACTIVE: active }),
    },
  });
  try {
    const endpoint = await demoChatEndpoint(server);
    print(
      `chat-load bench: ${answers} concurrent answers of "${question}" on ${server.engine} (threads ${threads ?? 'default'}, queue ${queue ?? 'default'}, active ${active ?? 'default'})`,
    );
    const client = fileURLToPath(new URL('./support/chat-load.client.ts', import.meta.url));
    // The server runs in this process: its event loop's delays are what every other request waits.
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        client,
        endpoint.streamUrl,
        endpoint.agentKey,
        server.url,
        server.adminKey,
        String(answers),
        question,
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    loopDelay.disable();
    const figures = JSON.parse(stdout) as ChatLoadFigures;
    const delayMs = (nanoseconds: number) => Number((nanoseconds / 1e6).toPrecision(3));
    const eventLoopDelayMs = {
      p50: delayMs(loopDelay.percentile(50)),
      p99: delayMs(loopDelay.percentile(99)),
      max: delayMs(loopDelay.max),
    };
    print(
      `server event loop delay (idle probes and answers): p50 ${eventLoopDelayMs.p50} ms, p99 ${eventLoopDelayMs.p99} ms, max ${eventLoopDelayMs.max} ms`,
    );
    print(probeLine('GET /api/v1/deployments, no answer running', figures.idleProbeMs));
    print(probeLine(`GET /api/v1/deployments during ${answers} answers`, figures.probeMs));
    const p99 = percentile(figures.probeMs, 0.99);
    print(
      p99 < goals.deploymentsP99Ms
        ? `  target p99 < ${goals.deploymentsP99Ms} ms: met (${p99} ms)`
        : `  target p99 < ${goals.deploymentsP99Ms} ms: missed by ${Number((p99 - goals.deploymentsP99Ms).toPrecision(3))} ms (${p99} ms)`,
    );
    print(
      `answers: ${figures.answered} answered, ${figures.busy} busy, ${figures.failed} failed otherwise, ${figures.hung} hung; all ended in ${Math.round(figures.wallMs)} ms` +
        (figures.firstFailure ? ` (first failure: ${figures.firstFailure})` : ''),
    );
    const isEveryAnswerEnded = figures.hung === 0 && figures.failed === 0;
    print(
      `  target every answer completes or gets the busy error: ${isEveryAnswerEnded ? 'met' : `missed (${figures.hung} hung, ${figures.failed} failed)`}`,
    );
    const directory = new URL('./results/', import.meta.url);
    await mkdir(directory, { recursive: true });
    const results = {
      benchmark: 'chat-load',
      date: new Date().toISOString(),
      node: process.version,
      goals,
      question,
      answers,
      threads,
      queue,
      active,
      eventLoopDelayMs,
      figures,
    };
    await writeFile(new URL('chat-load.json', directory), `${JSON.stringify(results, null, 2)}\n`);
    print('figures written to bench/results/chat-load.json');
  } finally {
    await server.close();
  }
}
