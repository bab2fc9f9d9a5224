import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { completionChunk, usageChunk } from '../agent-runtime/scripted-openai-server.js';

export interface GatedOpenAiServer {
  /** `http://127.0.0.1:<port>/v1`. */
  readonly baseUrl: string;
  /** Completions asked for so far. */
  readonly requestCount: () => number;
  /** Lets every held answer finish (and the ones asked for later, until `hold`). */
  release(): void;
  /** Holds the answers asked for from now on after their first words. */
  hold(): void;
  close(): Promise<void>;
}

export const firstWords = 'Counting the orders';
export const lastWords = ': there are 42.';

const sse = (chunk: object | string) =>
  `data: ${typeof chunk === 'string' ? chunk : JSON.stringify(chunk)}\n\n`;

/**
 * An OpenAI-compatible streaming `POST /v1/chat/completions` on loopback that writes the first words of
 * its answer at once and the rest only when the test releases it: the answer is then reliably in the
 * middle of streaming while the test acts on it. Every answer is text only (no tool calls).
 */
export async function startGatedOpenAiServer(): Promise<GatedOpenAiServer> {
  let requests = 0;
  let isHeld = true;
  let waiting: Array<() => void> = [];
  const finish = (response: ServerResponse) => {
    if (response.writableEnded || response.destroyed) return;
    response.write(sse(completionChunk({ content: lastWords })));
    response.write(sse(completionChunk({}, 'stop')));
    response.write(sse(usageChunk(12, 7)));
    response.end(sse('[DONE]'));
  };
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      requests += 1;
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      response.write(sse(completionChunk({ role: 'assistant', content: firstWords })));
      if (isHeld) waiting.push(() => finish(response));
      else finish(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const release = () => {
    isHeld = false;
    const held = waiting;
    waiting = [];
    for (const write of held) write();
  };
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requestCount: () => requests,
    release,
    hold: () => {
      isHeld = true;
    },
    close: () => {
      release();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
