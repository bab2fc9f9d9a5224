import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountResources } from '../security/account-resources.js';
import type { AccountResources } from '../security/operation-examples.js';
import { type StoreEngine, startTestServer, storeEngines, type TestServer } from '../support/test-server.js';
import { expectErrorBody } from './expect-error-body.js';

const nul = 'a\u0000b';
/** A high surrogate with no low one after it: PostgreSQL's jsonb refuses its escape. */
const loneSurrogate = 'a\uD800b';

/** `{"a":{"a":...1...}}` nested `depth` objects deep, as text (a value this deep cannot be stringified). */
function nestedJson(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

interface BadRequestCase {
  label: string;
  method: string;
  url: (resources: AccountResources) => string;
  body?: (bad: string) => unknown;
  /** Where the bad text goes when it is not in the body: the URL gets it percent-encoded. */
  urlWith?: (resources: AccountResources, bad: string) => string;
}

/** Text fields that used to reach the store (or the warehouse) with a NUL in them and fail there. */
const textCases: BadRequestCase[] = [
  {
    label: 'user name',
    method: 'POST',
    url: () => '/api/v1/users',
    body: (bad) => ({ email: 'n@example.com', name: bad }),
  },
  {
    label: 'user update name',
    method: 'PUT',
    url: ({ userId }) => `/api/v1/users/${userId}`,
    body: (bad) => ({ name: bad }),
  },
  {
    label: 'user search',
    method: 'GET',
    url: () => '/api/v1/users',
    urlWith: (_resources, bad) => `/api/v1/users?search=${encodeURIComponent(bad)}`,
  },
  { label: 'API key name', method: 'POST', url: () => '/api/v1/api-keys', body: (bad) => ({ name: bad }) },
  {
    label: 'agent name',
    method: 'POST',
    url: ({ deploymentId }) => `/api/v1/deployments/${deploymentId}/agents`,
    body: (bad) => ({ name: bad }),
  },
  {
    label: 'agent instructions',
    method: 'PUT',
    url: ({ deploymentId, agentId }) => `/api/v1/deployments/${deploymentId}/agents/${agentId}`,
    body: (bad) => ({ instructions: bad }),
  },
  {
    label: 'agent key name',
    method: 'POST',
    url: ({ deploymentId, agentId }) => `/api/v1/deployments/${deploymentId}/agents/${agentId}/api-keys`,
    body: (bad) => ({ name: bad }),
  },
  {
    label: 'agent id in the path',
    method: 'GET',
    url: () => '',
    urlWith: ({ deploymentId }, bad) =>
      `/api/v1/deployments/${deploymentId}/agents/${encodeURIComponent(bad)}`,
  },
  {
    label: 'deployment name',
    method: 'POST',
    url: () => '/build/api/v1/deployments',
    body: (bad) => ({ name: bad }),
  },
  {
    label: 'environment variable value',
    method: 'PUT',
    url: ({ deploymentId }) => `/api/v1/deployments/${deploymentId}/env-vars`,
    body: (bad) => ({ env_variables: [{ name: 'UNSTORABLE', value: bad }] }),
  },
  {
    label: 'a key of a security context',
    method: 'POST',
    url: ({ deploymentId }) => `/api/v1/deployments/${deploymentId}/token`,
    body: (bad) => ({ securityContext: { [bad]: 1 } }),
  },
  {
    label: 'a filter value of a JSON-encoded query',
    method: 'GET',
    url: () => '',
    urlWith: ({ deploymentId }, bad) =>
      `/deployments/${deploymentId}/data/v1/load?query=${encodeURIComponent(
        JSON.stringify({
          measures: ['orders.count'],
          filters: [{ member: 'orders.status', operator: 'equals', values: [bad] }],
        }),
      )}`,
  },
  {
    label: 'a filter value of a posted query',
    method: 'POST',
    url: ({ deploymentId }) => `/deployments/${deploymentId}/data/v1/load`,
    body: (bad) => ({
      query: {
        measures: ['orders.count'],
        filters: [{ member: 'orders.status', operator: 'equals', values: [bad] }],
      },
    }),
  },
  {
    label: 'a dbt manifest',
    method: 'POST',
    url: ({ deploymentId }) => `/api/v1/deployments/${deploymentId}/dbt-sync`,
    body: (bad) => ({ source: 'manifest', manifest: { nodes: {}, metadata: { note: bad } } }),
  },
];

describe.each(storeEngines)('text the store cannot keep, on %s', (engine: StoreEngine) => {
  let server: TestServer;
  let resources: AccountResources;
  beforeAll(async () => {
    server = await startTestServer({ engine });
    resources = await createAccountResources(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function send(testCase: BadRequestCase, bad: string) {
    const url = testCase.urlWith ? testCase.urlWith(resources, bad) : testCase.url(resources);
    return server.request({
      method: testCase.method,
      url,
      ...(testCase.body ? { body: JSON.stringify(testCase.body(bad)) } : {}),
    });
  }

  it.each(textCases.map((testCase) => [testCase.label, testCase] as const))(
    'refuses a NUL or an unpaired surrogate in the %s with 400',
    async (_label, testCase) => {
      // A URL carries UTF-8 bytes, which cannot encode a lone surrogate: only bodies can send one.
      for (const bad of testCase.urlWith ? [nul] : [nul, loneSurrogate]) {
        const answer = await send(testCase, bad);
        expectErrorBody(answer, 'BAD_REQUEST', `${testCase.label} ${JSON.stringify(bad)}`);
        expect((answer.body as { message: string }).message).toMatch(/NUL|surrogate/);
      }
    },
  );

  it('keeps text with paired surrogates, right-to-left marks and U+FFFF as sent', async () => {
    const name = 'Zoë \u{1F600} \u200F\u05D0 \uFFFF';
    const created = await server.request({
      method: 'POST',
      url: '/api/v1/users',
      body: { email: 'unicode@example.com', name },
    });
    expect(created.status).toBe(201);
    const read = await server.request({
      method: 'GET',
      url: `/api/v1/users/${(created.body as { id: number }).id}`,
    });
    expect((read.body as { name: string }).name).toBe(name);
  });

  it('refuses a security context nested 10,000 deep with 400, and still answers', async () => {
    const answer = await server.request({
      method: 'POST',
      url: `/api/v1/deployments/${resources.deploymentId}/token`,
      body: `{"securityContext":${nestedJson(10_000)}}`,
    });
    expectErrorBody(answer, 'BAD_REQUEST');
    expect((answer.body as { message: string }).message).toMatch(/deeper than 64 levels/);
    expect((answer.body as { message: string }).message.length).toBeLessThan(1000);
    expect((await server.request({ method: 'GET', url: '/healthz' })).status).toBe(200);
  });

  it('refuses any JSON body nested beyond the limit, before the operation validates it', async () => {
    for (const [method, url] of [
      ['POST', '/api/v1/users'],
      ['POST', `/deployments/${resources.deploymentId}/data/v1/load`],
      ['POST', `/api/v1/deployments/${resources.deploymentId}/dbt-sync`],
    ] as const) {
      const answer = await server.request({ method, url, body: `{"x":${nestedJson(100_000)}}` });
      expectErrorBody(answer, 'BAD_REQUEST', url);
    }
  });

  it('refuses a JSON-encoded query nested beyond the limit', async () => {
    const filter = `${'{"and":['.repeat(5000)}{"member":"orders.status","operator":"set"}${']}'.repeat(5000)}`;
    const query = `{"measures":["orders.count"],"filters":[${filter}]}`;
    const answer = await server.request({
      method: 'GET',
      url: `/deployments/${resources.deploymentId}/data/v1/load?query=${encodeURIComponent(query)}`,
    });
    expectErrorBody(answer, 'BAD_REQUEST');
  });

  it('accepts a body nested exactly to the limit', async () => {
    // The body is level 1 and the security context level 2: 62 more objects inside reach 64.
    const answer = await server.request({
      method: 'POST',
      url: `/api/v1/deployments/${resources.deploymentId}/token`,
      body: `{"securityContext":${nestedJson(63)}}`,
    });
    expect(answer.status).toBe(200);
  });
});
