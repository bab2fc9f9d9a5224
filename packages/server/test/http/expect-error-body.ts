import { type ErrorCode, errorCatalogue } from '@platform/contract';
import { expect } from 'vitest';

const errorBodyKeys = new Set(['statusCode', 'error', 'code', 'message', 'requestId', 'details']);

interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, unknown>;
}

/** SCIM's error body (RFC 7644 §3.12), which the `/api/scim/v2` operations answer with. */
function expectScimErrorBody(answer: Answer, code: ErrorCode, label?: string): void {
  const status = errorCatalogue[code].status;
  expect(answer.status, label).toBe(status);
  expect(answer.body, label).toMatchObject({
    schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
    status: String(status),
    detail: expect.stringMatching(/\S/),
  });
  const unexpectedKeys = Object.keys(answer.body as object).filter(
    (key) => !['schemas', 'status', 'scimType', 'detail'].includes(key),
  );
  expect(unexpectedKeys, label).toEqual([]);
}

/**
 * Asserts the management API's error body: the status, its code, a message and the request id (SCIM's
 * own error body for answers of content type `application/scim+json`).
 */
export function expectErrorBody(answer: Answer, code: ErrorCode, label?: string): void {
  if (String(answer.headers['content-type']).startsWith('application/scim+json')) {
    expectScimErrorBody(answer, code, label);
    return;
  }
  const entry = errorCatalogue[code];
  expect(answer.status, label).toBe(entry.status);
  expect(String(answer.headers['content-type']), label).toMatch(/^application\/json/);
  expect(answer.body, label).toMatchObject({
    statusCode: entry.status,
    error: entry.error,
    code,
    message: expect.stringMatching(/\S/),
    requestId: answer.headers['x-request-id'],
  });
  const unexpectedKeys = Object.keys(answer.body as object).filter((key) => !errorBodyKeys.has(key));
  expect(unexpectedKeys, label).toEqual([]);
}

/** expectErrorBody, then the message, for tests that check what it says. */
export function errorMessageOf(answer: Answer, code: ErrorCode, label?: string): string {
  expectErrorBody(answer, code, label);
  return (answer.body as { message: string }).message;
}
