import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgentRunner } from '../../src/platform/llm/create-agent-runner.js';
import { analystPool, collectEvents, silentLogger, turnRequest } from './agent-events.js';
import { completionChunk } from './scripted-openai-server.js';

const builtinAnalyst = { now: new Date(), timezone: 'UTC', lookupValues: async () => [] };

interface SilentServer {
  baseUrl: string;
  /** Resolves once no request is open: each one that arrived was closed by the client. */
  allRequestsClosed(): Promise<void>;
  close(): Promise<void>;
}

/**
 * An OpenAI-compatible endpoint that accepts the request and then goes silent: before answering at
 * all, or after the headers and one streamed chunk. Its responses are ended only when it closes.
 */
async function startSilentServer(silence: 'before-headers' | 'after-first-chunk'): Promise<SilentServer> {
  const held: ServerResponse[] = [];
  const open = new Set<ServerResponse>();
  let onClosed: () => void = () => {};
  const server: Server = createServer((request, response) => {
    held.push(response);
    open.add(response);
    response.on('close', () => {
      open.delete(response);
      onClosed();
    });
    request.resume();
    request.on('end', () => {
      if (silence === 'before-headers') return;
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(
        `data: ${JSON.stringify(completionChunk({ role: 'assistant', content: 'Thinking' }))}\n\n`,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    allRequestsClosed: () =>
      new Promise<void>((resolve) => {
        // A deadline that passes before the request even arrived aborts it on the client: none is open.
        if (open.size === 0) return resolve();
        onClosed = () => {
          if (open.size === 0) resolve();
        };
      }),
    close: async () => {
      for (const response of held) response.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('a model endpoint that goes silent (PLATFORM_LLM_TIMEOUT_SECONDS)', () => {
  let server: SilentServer | undefined;

  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  for (const silence of ['before-headers', 'after-first-chunk'] as const) {
    it(`fails the turn with a clear error and drops the request when it is silent ${silence}`, async () => {
      server = await startSilentServer(silence);
      const runner = createAgentRunner({
        defaults: { provider: 'openai-compatible', baseUrl: server.baseUrl, model: 'silent', apiKey: null },
        logger: silentLogger,
        analyst: analystPool,
        maxRetries: 0,
        idleTimeoutMilliseconds: 300,
      });
      const turn = collectEvents(
        runner.runTurn(turnRequest({ input: 'Revenue?', tools: {}, builtinAnalyst })),
      );
      await expect(turn).rejects.toThrow(
        `The openai-compatible model "silent" at ${server.baseUrl} failed: the model sent nothing for 0.3 s (PLATFORM_LLM_TIMEOUT_SECONDS)`,
      );
      // The request is aborted with the turn: the endpoint sees its connection closed.
      await server.allRequestsClosed();
    });
  }
});
