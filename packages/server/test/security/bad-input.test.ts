import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChatApp } from '../../src/app.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { createAccountResources } from './account-resources.js';
import {
  allOperationVariants,
  type OperationVariants,
  operationCount,
  problemOfAnswer,
} from './bad-input-targets.js';
import { type BadInputRequest, sampleOf, seededRandom } from './bad-input-variants.js';

/** Variants per operation in `npm test`; `npm run bench -- fuzz` sends many more against a real listener. */
const variantsPerOperation = 8;
const seed = Number(process.env.BAD_INPUT_SEED ?? 12);

describe('bad input to every operation of the contract', () => {
  let server: TestServer;
  let chatApp: FastifyInstance;
  let byOperation: Map<string, OperationVariants>;
  beforeAll(async () => {
    server = await startTestServer();
    chatApp = buildChatApp(server.container);
    await chatApp.ready();
    const resources = await createAccountResources(server);
    const me = await server.request({ method: 'GET', url: '/api/v1/users/me' });
    const accountName = (me.body as { account: { name: string } }).account.name;
    const all = allOperationVariants({ resources, accountName }, server.config.bodyLimitBytes);
    byOperation = new Map(all.map((entry) => [entry.operationId, entry]));
  });
  afterAll(async () => {
    await chatApp?.close();
    await server?.close();
  });

  async function send(request: BadInputRequest) {
    const app = request.listener === 'chat' ? chatApp : server.app;
    const response = await app.inject({
      method: request.method as 'POST',
      url: request.url,
      headers: {
        ...(request.listener === 'management' ? { authorization: `Bearer ${server.adminKey}` } : {}),
        ...request.headers,
      },
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
    let body: unknown = response.body;
    try {
      body = JSON.parse(response.body.split('\n')[0] ?? '');
    } catch {
      // Not JSON: problemOfAnswer reports it when it is an error.
    }
    return { status: response.statusCode, body, requestId: response.headers['x-request-id'] };
  }

  it('has variants for every operation of both registries', () => {
    expect(byOperation.size).toBe(operationCount);
    for (const entry of byOperation.values())
      expect(entry.requests.length, entry.operationId).toBeGreaterThan(5);
  });

  it.each([...Array(operationCount).keys()])(
    'refuses bad input to operation #%i with a 4xx and the documented body',
    async (index) => {
      const entry = [...byOperation.values()][index] as OperationVariants;
      const random = seededRandom(seed + index);
      const problems: string[] = [];
      for (const request of sampleOf(entry.requests, variantsPerOperation, random)) {
        const answer = await send(request);
        const problem = problemOfAnswer(request, answer);
        if (problem) {
          problems.push(
            `${entry.operationId} [${request.variant}] ${request.method} ${request.url.slice(0, 120)}: ${problem} ${JSON.stringify(answer.body).slice(0, 300)}`,
          );
        }
      }
      expect(problems).toEqual([]);
      expect((await server.request({ method: 'GET', url: '/healthz' })).status).toBe(200);
    },
  );
});
