import { expect } from 'vitest';
import type { TestServer } from '../support/test-server.js';

export interface ScimAnswer {
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, unknown>;
}

/** Requests as identity providers send them: SCIM JSON bodies, `Authorization: Bearer <key>`. */
export function scimClient(server: TestServer, key: string = server.adminKey) {
  return async function scim(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const response = await server.app.inject({
      method: method as 'GET',
      url: `/api/scim/v2${path}`,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    return {
      status: response.statusCode,
      body: (response.body ? JSON.parse(response.body) : {}) as Record<string, unknown>,
      headers: response.headers,
    } satisfies ScimAnswer;
  };
}

/** Asserts SCIM's error body (RFC 7644 §3.12) with its content type. */
export function expectScimError(answer: ScimAnswer, status: number, scimType?: string): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(String(answer.headers['content-type'])).toMatch(/^application\/scim\+json/);
  expect(answer.body).toMatchObject({
    schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
    status: String(status),
    detail: expect.stringMatching(/\S/),
    ...(scimType === undefined ? {} : { scimType }),
  });
}

export function patchOf(...operations: Array<Record<string, unknown>>) {
  return { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: operations };
}
