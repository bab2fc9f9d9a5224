import { timedChatStream } from './chat-stream.js';

/**
 * Run as its own process by the chat bench, so the client's fetch and line parsing do not share the
 * server's event loop (as they do for an application calling a real server): new questions one after
 * another, each read to its end, and GET /healthz on the same listener as the HTTP floor. Prints one
 * JSON object `{firstLineMs: number[], healthMs: number[]}` on stdout.
 */
async function main(): Promise<void> {
  const [streamUrl, agentKey, roundsText, question] = process.argv.slice(2);
  if (!streamUrl || !agentKey || !roundsText || !question) {
    throw new Error('usage: chat-first-line.client.ts <stream URL> <agent key> <rounds> <question>');
  }
  const healthUrl = new URL('/healthz', streamUrl).href;
  const firstLineMs: number[] = [];
  const healthMs: number[] = [];
  const rounds = Number(roundsText);
  for (let round = 0; round < rounds + 5; round += 1) {
    const started = performance.now();
    await (await fetch(healthUrl)).text();
    const health = performance.now() - started;
    const stream = await timedChatStream(
      { streamUrl, agentKey },
      { input: question, sessionSettings: { externalId: 'bench-client' } },
      { isAnswerExpected: true },
    );
    if (stream.failure) throw new Error(`a chat answer failed: ${stream.failure}`);
    // The first rounds warm both sides up; they are not counted.
    if (round < 5) continue;
    healthMs.push(health);
    firstLineMs.push(stream.firstLineMs ?? stream.totalMs);
  }
  process.stdout.write(`${JSON.stringify({ firstLineMs, healthMs })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
