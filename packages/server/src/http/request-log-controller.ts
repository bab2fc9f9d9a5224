import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * Query parameters that carry a one-time credential: an OAuth provider's redirect back brings `code` and
 * `state` (RFC 6749 4.1.2), a page may be opened with `?token=`.
 */
const credentialParameters = /([?&](?:code|state|token|access_token|refresh_token)=)[^&#]*/gi;

/** The request's path and query as logged: credential parameters' values redacted. */
export function loggedUrlOf(url: string): string {
  return url.includes('?') ? url.replace(credentialParameters, '$1[REDACTED]') : url;
}

/**
 * One log line per request, written when it completes (method, path, status, duration), instead of
 * Fastify's two. The incoming line is kept at debug level for tracing a request that never completes.
 */
export class RequestLogController extends LogController {
  constructor() {
    super({ requestIdLogLabel: 'requestId' });
  }

  override incomingRequest(request: FastifyRequest): void {
    request.log.debug(
      {
        req: {
          method: request.method,
          url: loggedUrlOf(request.url),
          host: request.host,
          remoteAddress: request.ip,
        },
      },
      'incoming request',
    );
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const fields = {
      method: request.method,
      url: loggedUrlOf(request.url),
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
    };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request completed');
  }
}
