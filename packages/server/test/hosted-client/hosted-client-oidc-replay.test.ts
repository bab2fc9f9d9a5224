import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { type HostedCliClient, listenForHostedCli, listOfAnswer } from './hosted-cli-client.js';

/** The hosted CLI's `oidc` row (HOSTED-CLIENT.md), sent exactly as it sends it over a real socket. */
describe('the hosted CLI, replayed: oidc', () => {
  let server: TestServer;
  let cli: HostedCliClient;

  beforeAll(async () => {
    server = await startTestServer();
    cli = await listenForHostedCli(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('oidc list / get / create / update / delete: /api/v1/oidc-token-configs/ and /{id}', async () => {
    const created = await cli.call('POST', '/api/v1/oidc-token-configs/', {
      body: { name: 'replayed', audience: 'sts.example.com', targetEnvVar: 'REPLAYED_TOKEN' },
    });
    expect(created.status, created.text).toBe(201);
    const id = (created.body as { id: number }).id;
    const fields = {
      id,
      name: 'replayed',
      audience: 'sts.example.com',
      isEnabled: true,
      targetEnvVar: 'REPLAYED_TOKEN',
    };
    expect(created.body).toMatchObject(fields);
    const list = await cli.call('GET', '/api/v1/oidc-token-configs/');
    expect(list.status, list.text).toBe(200);
    expect(listOfAnswer(list)).toEqual([expect.objectContaining(fields)]);
    const read = await cli.call('GET', `/api/v1/oidc-token-configs/${id}`);
    expect(read.body).toMatchObject(fields);
    const updated = await cli.call('PUT', `/api/v1/oidc-token-configs/${id}`, { body: { isEnabled: false } });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({ ...fields, isEnabled: false });
    const deleted = await cli.call('DELETE', `/api/v1/oidc-token-configs/${id}`);
    expect([200, 204]).toContain(deleted.status);
    expect((await cli.call('GET', `/api/v1/oidc-token-configs/${id}`)).status).toBe(404);
  });
});
