import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One answer of the scripted server: SSE chunks of a streamed chat completion, or a plain error. */
export type ScriptedReply =
  | { readonly chunks: readonly object[] }
  | { readonly status: number; readonly body: object };

export interface ReceivedRequest {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Record<string, unknown>;
}

export interface ScriptedOpenAiServer {
  /** `http://127.0.0.1:<port>/v1`. */
  readonly baseUrl: string;
  readonly requests: ReceivedRequest[];
  close(): Promise<void>;
}

/** A `chat.completion.chunk` with one choice. */
export function completionChunk(delta: object, finishReason: string | null = null): object {
  return {
    id: 'chatcmpl-scripted',
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model: 'scripted-model',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
}

/** The last chunk of a stream with `stream_options.include_usage`: no choices, the token counts. */
export function usageChunk(promptTokens: number, completionTokens: number): object {
  return {
    id: 'chatcmpl-scripted',
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model: 'scripted-model',
    choices: [],
    usage: {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
    },
  };
}

/**
 * An OpenAI-compatible `POST /v1/chat/completions` on loopback that answers each request with the next
 * scripted reply and records what it received.
 */
export async function startScriptedOpenAiServer(
  replies: readonly ScriptedReply[],
): Promise<ScriptedOpenAiServer> {
  const requests: ReceivedRequest[] = [];
  const server: Server = createServer((request, response) => {
    const pieces: Buffer[] = [];
    request.on('data', (piece: Buffer) => pieces.push(piece));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(pieces).toString('utf8') || '{}') as Record<string, unknown>;
      requests.push({ path: request.url ?? '', headers: request.headers, body });
      const reply = replies[requests.length - 1];
      if (reply === undefined) {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: 'no scripted reply left' } }));
        return;
      }
      if ('status' in reply) {
        response.writeHead(reply.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(reply.body));
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      for (const chunk of reply.chunks) response.write(`data: ${JSON.stringify(chunk)}\n\n`);
      response.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port nothing listens on: bound, then released. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
