import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type * as z from 'zod';
import { AppError } from '../errors/app-error.js';
import { redactUrlCredentials } from '../platform/crypto/url-credentials.js';

/**
 * Writes newline-delimited JSON, one line per item as it is produced. Each line is parsed with the
 * operation's line schema first, like every JSON answer. A failure after the first byte cannot change
 * the status any more, so it becomes a last line `{"error": "..."}`. A client that goes away stops the
 * source (its `finally` blocks run), which releases whatever the lines were read from.
 */
export function sendNdjson(
  request: FastifyRequest,
  reply: FastifyReply,
  lines: AsyncIterable<unknown>,
  lineSchema: z.ZodType | null,
  /** The Chat API serves its lines as `application/json` (API-NOTES.md "Chat API"). */
  contentType = 'application/x-ndjson; charset=utf-8',
): FastifyReply {
  async function* encode(): AsyncGenerator<string> {
    try {
      for await (const line of lines) {
        yield `${JSON.stringify(lineSchema ? lineSchema.parse(line) : line)}\n`;
      }
    } catch (error) {
      if (!(error instanceof AppError) || error.code === 'INTERNAL_SERVER_ERROR') {
        request.log.error({ err: error }, 'a streamed answer failed');
      }
      const message =
        error instanceof AppError
          ? error.message
          : `internal server error; quote the request id ${request.id} when reporting it`;
      yield `${JSON.stringify({ error: redactUrlCredentials(message) })}\n`;
    }
  }
  reply.header('content-type', contentType);
  reply.header('cache-control', 'no-store');
  return reply.send(Readable.from(encode(), { objectMode: false }));
}
