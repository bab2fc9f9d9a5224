import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const acceptedRequestId = /^[A-Za-z0-9._:-]{1,128}$/;

/** Keeps a caller's well-formed X-Request-Id so traces join up; otherwise makes one. */
export function generateRequestId(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  if (typeof incoming === 'string' && acceptedRequestId.test(incoming)) return incoming;
  return `req_${randomBytes(8).toString('hex')}`;
}
