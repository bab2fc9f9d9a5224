import { describe, expect, it } from 'vitest';
import { ApiClient } from '../src/client/api-client.js';
import { ApiError, ConnectionError } from '../src/client/api-error.js';
import { authorizationHeader } from '../src/client/auth-scheme.js';
import { buildUrl, fillPath } from '../src/client/request-url.js';
import { recordingFetch } from './support/recording-fetch.js';

function clientWith(
  answer: Parameters<typeof recordingFetch>[0],
  options: { apiKey?: string; authScheme?: 'bearer' | 'api-key' | null; apiUrl?: string } = {},
) {
  const recorder = recordingFetch(answer);
  const client = new ApiClient({
    apiUrl: options.apiUrl ?? 'http://api.test/',
    apiKey: options.apiKey ?? 'sk-abc',
    authScheme: options.authScheme ?? null,
    userAgent: 'test',
    fetch: recorder.fetch,
  });
  return { client, requests: recorder.requests };
}

describe('request URLs', () => {
  it('fills and URL-encodes path parameters', () => {
    expect(fillPath('/api/v1/users/{userId}', { userId: 7 })).toBe('/api/v1/users/7');
    expect(fillPath('/a/{name}/b', { name: 'x/y z?' })).toBe('/a/x%2Fy%20z%3F/b');
    expect(() => fillPath('/a/{name}', {})).toThrow(/missing path parameter name/);
  });

  it('repeats the key of array query parameters and leaves out undefined values', () => {
    const url = buildUrl('http://api.test/prefix/', '/api/v1/spec', {
      operationId: ['a', 'b'],
      search: undefined,
      first: 5,
      reveal: true,
    });
    expect(url.toString()).toBe(
      'http://api.test/prefix/api/v1/spec?operationId=a&operationId=b&first=5&reveal=true',
    );
  });
});

describe('authorization scheme', () => {
  it('uses Api-Key for sk- keys and Bearer otherwise, unless forced', () => {
    expect(authorizationHeader('sk-123', null)).toBe('Api-Key sk-123');
    expect(authorizationHeader('eyJhbGciOi', null)).toBe('Bearer eyJhbGciOi');
    expect(authorizationHeader('sk-123', 'bearer')).toBe('Bearer sk-123');
    expect(authorizationHeader('token', 'api-key')).toBe('Api-Key token');
  });
});

describe('ApiClient.call', () => {
  it('builds the request from the contract: method, path, query and JSON body', async () => {
    const { client, requests } = clientWith(() => ({ status: 200, body: { id: 7 } }));
    await client.call('updateUser', { params: { userId: 7 }, body: { role: 'viewer' } });
    await client.call('getOpenApiSpec', { query: { operationId: ['getUser', 'listUsers'] } });
    await client.call('getCurrentUser');
    expect(requests[0]).toMatchObject({ method: 'PUT', body: { role: 'viewer' } });
    expect(requests[0]?.url.pathname).toBe('/api/v1/users/7');
    expect(requests[0]?.headers['content-type']).toBe('application/json');
    expect(requests[0]?.headers.authorization).toBe('Api-Key sk-abc');
    expect(requests[1]?.url.search).toBe('?operationId=getUser&operationId=listUsers');
    expect(requests[2]).toMatchObject({ method: 'GET', body: undefined });
    // No body, no content-type: the server refuses an empty body declared as JSON.
    expect(requests[2]?.headers['content-type']).toBeUndefined();
  });

  it('returns the decoded JSON answer', async () => {
    const { client } = clientWith(() => ({
      status: 200,
      body: { items: [], pageInfo: { endCursor: null, hasNextPage: false } },
    }));
    const page = await client.call('listUsers', { query: { first: 5 } });
    expect(page.pageInfo.hasNextPage).toBe(false);
  });

  it('throws ApiError with the status, message, code and request id of the error body', async () => {
    const { client } = clientWith(() => ({
      status: 404,
      body: {
        statusCode: 404,
        error: 'Not Found',
        code: 'NOT_FOUND',
        message: 'user 9 not found',
        requestId: 'req-1',
      },
    }));
    const error = await client.call('getUser', { params: { userId: 9 } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 404,
      message: 'user 9 not found',
      code: 'NOT_FOUND',
      requestId: 'req-1',
    });
  });

  it('falls back to the text and the x-request-id header when the error is not the JSON error body', async () => {
    const { client } = clientWith(() => ({
      status: 502,
      body: '<html>bad gateway</html>',
      headers: { 'content-type': 'text/html', 'x-request-id': 'req-proxy' },
    }));
    const error = await client.request('GET', '/x').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 502, message: '<html>bad gateway</html>', requestId: 'req-proxy' });
  });

  it('reports an unreachable server as a ConnectionError', async () => {
    const client = new ApiClient({
      apiUrl: 'http://127.0.0.1:1',
      apiKey: null,
      authScheme: null,
      userAgent: 'test',
    });
    await expect(client.request('GET', '/healthz')).rejects.toBeInstanceOf(ConnectionError);
  });
});
