import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChatApp } from '../../src/app.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { expectErrorBody } from './expect-error-body.js';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** Sends bytes as they are (no client library tidies them up) and reads the answer until the server closes. */
function sendRaw(port: number, request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => {
          const separator = line.indexOf(':');
          return [line.slice(0, separator).toLowerCase(), line.slice(separator + 1).trim()];
        }),
      );
      resolve({
        status: Number(statusLine.split(' ')[1]),
        headers,
        body: body ? JSON.parse(body) : undefined,
      });
    });
  });
}

function inject(
  app: FastifyInstance,
  options: { method: string; url: string; headers?: Record<string, string>; payload?: string },
) {
  return app
    .inject({
      method: options.method as 'GET',
      url: options.url,
      headers: options.headers,
      payload: options.payload,
    })
    .then((response) => ({
      status: response.statusCode,
      headers: response.headers as Record<string, unknown>,
      body: JSON.parse(response.body) as unknown,
    }));
}

const chatAbortPath = '/api/v1/public/acme/agents/00000000-0000-4000-8000-000000000001/chat/abort';

describe('answers the framework and the HTTP parser give', () => {
  let server: TestServer;
  let chatApp: FastifyInstance;
  const ports: { management: number; chat: number } = { management: 0, chat: 0 };
  beforeAll(async () => {
    server = await startTestServer();
    chatApp = buildChatApp(server.container);
    ports.management = Number(new URL(await server.app.listen({ host: '127.0.0.1', port: 0 })).port);
    ports.chat = Number(new URL(await chatApp.listen({ host: '127.0.0.1', port: 0 })).port);
  });
  afterAll(async () => {
    await chatApp?.close();
    await server?.close();
  });

  it.each(['management', 'chat'] as const)(
    'answers headers over 16 KiB with 431 and the documented body on the %s listener',
    async (listener) => {
      const answer = await sendRaw(
        ports[listener],
        `GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Large: ${'a'.repeat(20_000)}\r\n\r\n`,
      );
      expectErrorBody({ ...answer, headers: answer.headers }, 'REQUEST_HEADER_FIELDS_TOO_LARGE');
    },
  );

  it.each(['management', 'chat'] as const)(
    'answers a request line that is not HTTP with 400 and the documented body on the %s listener',
    async (listener) => {
      const answer = await sendRaw(ports[listener], 'NOT HTTP AT ALL\r\n\r\n');
      expectErrorBody(answer, 'BAD_REQUEST');
    },
  );

  it.each([
    ['management', '/api/v1/deployments/%E0%A4%A'],
    ['chat', '/api/v1/public/%E0%A4%A/agents/x/chat/abort'],
  ] as const)(
    'answers a bad URL escape with 400 and the documented body on the %s listener',
    async (listener, url) => {
      const answer = await sendRaw(
        ports[listener],
        `GET ${url} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
      );
      expectErrorBody(answer, 'BAD_REQUEST');
      expect((answer.body as { message: string }).message).toMatch(/escape/);
    },
  );

  it.each([
    ['management', `/api/v1/deployments/${'1'.repeat(500)}`],
    ['chat', `/api/v1/public/${'a'.repeat(500)}/agents/x/chat/abort`],
  ] as const)(
    'answers a path parameter over the limit with 414 on the %s listener',
    async (listener, url) => {
      const app = listener === 'management' ? server.app : chatApp;
      expectErrorBody(await inject(app, { method: 'POST', url }), 'URI_TOO_LONG');
    },
  );

  it('answers a method the route does not have with 405 and the methods it has', async () => {
    const answer = await inject(server.app, { method: 'DELETE', url: '/api/v1/spec' });
    expectErrorBody(answer, 'METHOD_NOT_ALLOWED');
    expect(answer.headers.allow).toBe('GET, HEAD');
    const chatAnswer = await inject(chatApp, { method: 'GET', url: chatAbortPath });
    expectErrorBody(chatAnswer, 'METHOD_NOT_ALLOWED');
    expect(chatAnswer.headers.allow).toBe('POST');
  });

  it('answers an unknown route on the chat listener with the documented 404', async () => {
    expectErrorBody(await inject(chatApp, { method: 'GET', url: '/api/v1/no-such-thing' }), 'NOT_FOUND');
  });

  it('answers invalid JSON, a wrong content type and a large body on a chat route with the chat error body', async () => {
    const cases = [
      {
        headers: { 'content-type': 'application/json' },
        payload: '{"chatId":',
        status: 400,
        code: 'BAD_REQUEST',
      },
      {
        headers: { 'content-type': 'text/csv' },
        payload: 'a,b',
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
      },
      {
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ chatId: 'x'.repeat(2_000_000) }),
        status: 413,
        code: 'PAYLOAD_TOO_LARGE',
      },
    ];
    for (const testCase of cases) {
      const answer = await inject(chatApp, { method: 'POST', url: chatAbortPath, ...testCase });
      expect(answer.status, testCase.code).toBe(testCase.status);
      expect(answer.body).toEqual({
        error: expect.stringMatching(/\S/),
        statusCode: testCase.status,
        code: testCase.code,
        requestId: answer.headers['x-request-id'],
      });
    }
  });
});
