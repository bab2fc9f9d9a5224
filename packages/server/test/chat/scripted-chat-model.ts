import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { completionChunk, usageChunk } from '../agent-runtime/scripted-openai-server.js';

/** A point in a reply where the server waits until the test calls `release()`. */
export const gate = 'gate';

/** One completion: SSE chunks, with gates between them. */
export type ScriptedCompletion = ReadonlyArray<object | typeof gate>;

export interface ScriptedChatModel {
  /** `http://127.0.0.1:<port>/v1`. */
  readonly baseUrl: string;
  /** Completions asked for so far. */
  requestCount(): number;
  /** The bodies of the requests received, in order. */
  readonly requests: Array<Record<string, unknown>>;
  /** The replies to the next requests, in order. */
  enqueue(...completions: ScriptedCompletion[]): void;
  /** Lets one waiting (or the next) gate pass. */
  release(): void;
  close(): Promise<void>;
}

/** A streamed text answer in pieces, ended with `stop` and the usage. */
export function textCompletion(pieces: readonly string[], usage = { input: 10, output: 5 }): object[] {
  return [
    completionChunk({ role: 'assistant', content: '' }),
    ...pieces.map((piece) => completionChunk({ content: piece })),
    completionChunk({}, 'stop'),
    usageChunk(usage.input, usage.output),
  ];
}

/** One model step that only calls tools. */
export function toolCallsCompletion(
  calls: ReadonlyArray<{ id: string; name: string; input: object }>,
  usage = { input: 20, output: 8 },
): object[] {
  return [
    completionChunk({
      role: 'assistant',
      tool_calls: calls.map((call, index) => ({
        index,
        id: call.id,
        type: 'function',
        function: { name: call.name, arguments: JSON.stringify(call.input) },
      })),
    }),
    completionChunk({}, 'tool_calls'),
    usageChunk(usage.input, usage.output),
  ];
}

/**
 * An OpenAI-compatible streaming `POST /v1/chat/completions` on loopback whose replies the test scripts
 * and holds at gates: the answer is then reliably in the middle of streaming while the test acts on it.
 */
export async function startScriptedChatModel(): Promise<ScriptedChatModel> {
  const queue: ScriptedCompletion[] = [];
  let requests = 0;
  const received: Array<Record<string, unknown>> = [];
  let permits = 0;
  let waiters: Array<() => void> = [];
  /** Waits for a release; an answer whose client went away stops waiting and gives its place up. */
  const passGate = (response: ServerResponse) =>
    new Promise<void>((resolve) => {
      if (permits > 0) {
        permits -= 1;
        resolve();
        return;
      }
      const waiter = () => resolve();
      waiters.push(waiter);
      response.once('close', () => {
        waiters = waiters.filter((other) => other !== waiter);
        resolve();
      });
    });
  const write = async (response: ServerResponse, completion: ScriptedCompletion) => {
    for (const part of completion) {
      if (part === gate) await passGate(response);
      else if (!response.destroyed) response.write(`data: ${JSON.stringify(part)}\n\n`);
    }
    if (!response.destroyed) response.end('data: [DONE]\n\n');
  };
  const server = createServer((request, response) => {
    const pieces: Buffer[] = [];
    request.on('data', (piece: Buffer) => pieces.push(piece));
    request.on('end', () => {
      requests += 1;
      received.push(JSON.parse(Buffer.concat(pieces).toString('utf8') || '{}') as Record<string, unknown>);
      const completion = queue.shift();
      if (!completion) {
        response.writeHead(400, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: 'no scripted completion left' } }));
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      void write(response, completion);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const release = () => {
    const waiter = waiters.shift();
    if (waiter) waiter();
    else permits += 1;
  };
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requestCount: () => requests,
    requests: received,
    enqueue: (...completions) => queue.push(...completions),
    release,
    close: () => {
      for (const waiter of waiters) waiter();
      waiters = [];
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
