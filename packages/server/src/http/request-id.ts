import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const acceptedRequestId = /^[A-Za-z0-9._:-]{1,128}$/;

// Unique per process start; a counter after it keeps ids unique without calling the random source per request.
const processPrefix = `req_${randomBytes(4).toString('hex')}`;
let sequence = 0;

/** Keeps a caller's well-formed X-Request-Id so traces join up; otherwise makes one. */
export function generateRequestId(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  if (typeof incoming === 'string' && acceptedRequestId.test(incoming)) return incoming;
  return newRequestId();
}

/** A fresh id, also for a request refused before it could be read (its headers are not known). */
export function newRequestId(): string {
  sequence += 1;
  return `${processPrefix}${sequence.toString(36).padStart(6, '0')}`;
}
