import { performance } from 'node:perf_hooks';
import { type TimedChatStream, timedChatStream } from './chat-stream.js';

/** An answer still running after this long counts as hung. */
const hangMilliseconds = 120_000;
/** Pause between two probes of the management API. */
const probePauseMilliseconds = 10;

export interface ChatLoadFigures {
  answered: number;
  busy: number;
  /** Streams that ended with neither a final answer nor the busy error, with the first reason. */
  failed: number;
  firstFailure: string | null;
  hung: number;
  wallMs: number;
  /** GET /api/v1/deployments while the answers ran, each timed on its own. */
  probeMs: number[];
  /** The same probe with no answer running, before the load. */
  idleProbeMs: number[];
}

const isBusy = (stream: TimedChatStream) =>
  stream.lines.some((line) => typeof line.error === 'string' && /is busy; retry in \d+ s/.test(line.error));

async function probe(url: string, key: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
  await response.text();
  if (!response.ok) throw new Error(`GET /api/v1/deployments answered ${response.status}`);
  return performance.now() - started;
}

function withHangLimit(stream: Promise<TimedChatStream>): Promise<TimedChatStream | 'hung'> {
  return Promise.race([
    stream,
    new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), hangMilliseconds).unref()),
  ]);
}

/**
 * Run as its own process by the chat-load bench, so the clients' work never runs on the server's event
 * loop: `answers` new chat threads at once with the built-in analyst, and meanwhile GET /api/v1/deployments
 * one after another until every answer ended. Prints one JSON object (ChatLoadFigures) on stdout.
 */
async function main(): Promise<void> {
  const [streamUrl, agentKey, managementUrl, adminKey, answersText, question] = process.argv.slice(2);
  if (!streamUrl || !agentKey || !managementUrl || !adminKey || !answersText || !question) {
    throw new Error(
      'usage: chat-load.client.ts <stream URL> <agent key> <management URL> <admin key> <answers> <question>',
    );
  }
  const deploymentsUrl = new URL('/api/v1/deployments', managementUrl).href;
  const idleProbeMs: number[] = [];
  for (let round = 0; round < 110; round += 1) {
    const milliseconds = await probe(deploymentsUrl, adminKey);
    if (round >= 10) idleProbeMs.push(milliseconds);
  }
  const started = performance.now();
  let isLoading = true;
  const answers = Promise.all(
    Array.from({ length: Number(answersText) }, (_, index) =>
      withHangLimit(
        timedChatStream(
          { streamUrl, agentKey },
          { input: question, sessionSettings: { externalId: `load-${index}` } },
          { isAnswerExpected: true },
        ),
      ),
    ),
  ).finally(() => {
    isLoading = false;
  });
  const probeMs: number[] = [];
  while (isLoading) {
    probeMs.push(await probe(deploymentsUrl, adminKey));
    await new Promise((resolve) => setTimeout(resolve, probePauseMilliseconds));
  }
  const streams = await answers;
  const wallMs = performance.now() - started;
  const ended = streams.filter((stream): stream is TimedChatStream => stream !== 'hung');
  const failures = ended.filter((stream) => stream.failure !== null && !isBusy(stream));
  const figures: ChatLoadFigures = {
    answered: ended.filter((stream) => stream.failure === null).length,
    busy: ended.filter(isBusy).length,
    failed: failures.length,
    firstFailure: failures[0]?.failure ?? null,
    hung: streams.length - ended.length,
    wallMs,
    probeMs,
    idleProbeMs,
  };
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
