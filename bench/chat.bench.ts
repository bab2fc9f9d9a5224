import { execFile } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { writeBenchResults } from './support/bench-options.js';
import {
  type ChatEndpoint,
  newMessageId,
  type TimedChatStream,
  timedChatStream,
} from './support/chat-stream.js';
import { demoChatEndpoint } from './support/demo-chat-endpoint.js';
import { startPlatformServer } from './support/platform-server.js';
import { summarize, type TimingSummary, timingLine } from './support/timing-samples.js';

/** The goals of the chat benchmark (milliseconds); reported, never asserted. */
const goals = { firstLineP50Ms: 10, builtinAnswerP50Ms: 200 };

/** A question the built-in analyst answers on the demo model with one query (a ranked table). */
const question = 'Top 5 products by revenue in 2025';
const externalId = 'bench-user';

interface MemoryFigures {
  rssMb: number;
  heapUsedMb: number;
}

function memoryNow(): MemoryFigures {
  const usage = process.memoryUsage();
  return {
    rssMb: Math.round(usage.rss / 1024 / 1024),
    heapUsedMb: Math.round(usage.heapUsed / 1024 / 1024),
  };
}

function numberOption(arguments_: string[], name: string, fallback: number): number {
  const index = arguments_.indexOf(`--${name}`);
  const value = index >= 0 ? Number(arguments_[index + 1]) : fallback;
  // Bounded: the bench must end in reasonable time on a laptop.
  if (!(Number.isInteger(value) && value > 0 && value <= 2000)) {
    throw new Error(`--${name} must be an integer from 1 to 2000`);
  }
  return value;
}

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

function ask(endpoint: ChatEndpoint, messageId = newMessageId()): Promise<TimedChatStream> {
  return timedChatStream(
    endpoint,
    { input: question, messageId, sessionSettings: { externalId } },
    { isAnswerExpected: true },
  );
}

function check(stream: TimedChatStream): TimedChatStream {
  if (stream.failure) throw new Error(`a chat answer failed: ${stream.failure}`);
  return stream;
}

/** New questions one after another: time to the first line (the cutoff) and to the end of the answer. */
async function measureAnswers(endpoint: ChatEndpoint, iterations: number) {
  for (let round = 0; round < 5; round += 1) check(await ask(endpoint));
  const answers: Array<{ stream: TimedChatStream; messageId: string }> = [];
  for (let round = 0; round < iterations; round += 1) {
    const messageId = newMessageId();
    answers.push({ stream: check(await ask(endpoint, messageId)), messageId });
  }
  return {
    answers,
    firstLine: summarize(
      'time to the first line (new thread)',
      answers.map(({ stream }) => stream.firstLineMs ?? stream.totalMs),
    ),
    fullAnswer: summarize(
      'full built-in answer (demo, ranked table)',
      answers.map(({ stream }) => stream.totalMs),
    ),
  };
}

/** The same chatId and messageId again once the answer finished: the whole backlog is replayed. */
async function measureReplays(
  endpoint: ChatEndpoint,
  answers: ReadonlyArray<{ stream: TimedChatStream; messageId: string }>,
): Promise<TimingSummary> {
  const samples: number[] = [];
  for (const { stream, messageId } of answers) {
    const replay = await timedChatStream(
      endpoint,
      { input: question, chatId: stream.chatId, messageId, sessionSettings: { externalId } },
      { isAnswerExpected: true },
    );
    check(replay);
    samples.push(replay.totalMs);
  }
  return summarize('re-subscription after the answer: whole backlog', samples);
}

/**
 * A re-subscription sent as soon as the first answer's cutoff line arrives, while it streams: time to
 * the re-subscriber's first line and to its end. How many caught the answer still streaming is counted.
 */
async function measureLiveResubscriptions(endpoint: ChatEndpoint, iterations: number) {
  const firstLines: number[] = [];
  const ends: number[] = [];
  let caughtStreaming = 0;
  for (let round = 0; round < iterations; round += 1) {
    const messageId = newMessageId();
    let resubscription: Promise<TimedChatStream> | null = null;
    const original = await timedChatStream(
      endpoint,
      { input: question, messageId, sessionSettings: { externalId } },
      {
        isAnswerExpected: true,
        onLine: (line) => {
          if (line.id !== '__cutoff__' || resubscription) return;
          resubscription = timedChatStream(
            endpoint,
            { input: question, chatId: line.state?.chatId, messageId, sessionSettings: { externalId } },
            { isAnswerExpected: true },
          );
        },
      },
    );
    check(original);
    if (!resubscription) throw new Error('the answer had no cutoff line');
    const joined = check(await resubscription);
    if (joined.lines[0]?.state?.isStreaming) caughtStreaming += 1;
    firstLines.push(joined.firstLineMs ?? joined.totalMs);
    ends.push(joined.totalMs);
  }
  return {
    caughtStreaming,
    firstLine: summarize('re-subscription mid-answer: first backlog line', firstLines),
    end: summarize('re-subscription mid-answer: to the end of the answer', ends),
  };
}

/**
 * The same first-line figure with the client in a process of its own, as an application would call: in
 * this process the client's fetch shares the server's event loop and its time counts twice.
 */
async function measureFirstLineFromAnotherProcess(endpoint: ChatEndpoint, iterations: number) {
  const client = fileURLToPath(new URL('./support/chat-first-line.client.ts', import.meta.url));
  const { stdout } = await promisify(execFile)(process.execPath, [
    '--import',
    'tsx',
    client,
    endpoint.streamUrl,
    endpoint.agentKey,
    String(iterations),
    question,
  ]);
  const samples = JSON.parse(stdout) as { firstLineMs: number[]; healthMs: number[] };
  return {
    firstLine: summarize('time to the first line, client in its own process', samples.firstLineMs),
    health: summarize('  HTTP floor: GET /healthz from that client', samples.healthMs),
  };
}

/** Many streams at once, each a new thread: every one must end with a final answer. */
async function measureConcurrentStreams(endpoint: ChatEndpoint, streams: number) {
  const before = memoryNow();
  const started = performance.now();
  const results = await Promise.allSettled(Array.from({ length: streams }, () => ask(endpoint)));
  const wallMs = Math.round(performance.now() - started);
  const after = memoryNow();
  const failures = results.flatMap((result) =>
    result.status === 'rejected'
      ? [String(result.reason)]
      : result.value.failure
        ? [result.value.failure]
        : [],
  );
  const durations = results.flatMap((result) =>
    result.status === 'fulfilled' ? [result.value.totalMs] : [],
  );
  return {
    streams,
    errors: failures.length,
    firstError: failures[0] ?? null,
    wallMs,
    perStream: summarize(`one answer among ${streams} concurrent streams`, durations),
    memoryBefore: before,
    memoryAfter: after,
  };
}

/**
 * `npm run bench -- chat [--iterations N] [--concurrency N]`: the Chat API on a real server (PGlite, the
 * demo deployment at the default scale, the built-in analyst) over HTTP on 127.0.0.1, in this process.
 */
export async function run(arguments_: string[]): Promise<void> {
  const iterations = numberOption(arguments_, 'iterations', 50);
  const concurrency = numberOption(arguments_, 'concurrency', 200);
  const server = await startPlatformServer({ databaseUrl: null, isChatListening: true });
  try {
    const endpoint = await demoChatEndpoint(server);
    print(
      `chat bench: "${question}" on the demo deployment, ${iterations} rounds, ${concurrency} concurrent`,
    );
    const { answers, firstLine, fullAnswer } = await measureAnswers(endpoint, iterations);
    print(timingLine(firstLine));
    const outside = await measureFirstLineFromAnotherProcess(endpoint, iterations);
    print(timingLine(outside.firstLine, { p50Ms: goals.firstLineP50Ms }));
    print(timingLine(outside.health));
    print(timingLine(fullAnswer, { p50Ms: goals.builtinAnswerP50Ms }));
    const replay = await measureReplays(endpoint, answers);
    print(timingLine(replay));
    const live = await measureLiveResubscriptions(endpoint, Math.min(iterations, 20));
    print(timingLine(live.firstLine));
    print(timingLine(live.end));
    print(
      `  re-subscriptions that joined while the answer streamed: ${live.caughtStreaming} of ${live.end.iterations}`,
    );
    const concurrent = await measureConcurrentStreams(endpoint, concurrency);
    print(timingLine(concurrent.perStream));
    print(
      `${concurrency} concurrent streams: ${concurrent.errors} errors, all done in ${concurrent.wallMs} ms` +
        (concurrent.firstError ? ` (first error: ${concurrent.firstError})` : ''),
    );
    print(
      `  memory before: RSS ${concurrent.memoryBefore.rssMb} MB, heap ${concurrent.memoryBefore.heapUsedMb} MB;` +
        ` after: RSS ${concurrent.memoryAfter.rssMb} MB, heap ${concurrent.memoryAfter.heapUsedMb} MB`,
    );
    const results = {
      benchmark: 'chat',
      date: new Date().toISOString(),
      node: process.version,
      goals,
      question,
      firstLine,
      firstLineFromAnotherProcess: outside.firstLine,
      httpFloorFromAnotherProcess: outside.health,
      fullAnswer,
      replayAfterAnswer: replay,
      liveResubscription: live,
      concurrent,
    };
    await writeBenchResults('chat', results);
  } finally {
    await server.close();
  }
}
