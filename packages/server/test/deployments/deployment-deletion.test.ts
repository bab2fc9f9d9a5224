import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StoreEngine, startTestServer, storeEngines, type TestServer } from '../support/test-server.js';

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

describe.each(storeEngines)('deleting a deployment on %s', (engine: StoreEngine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('removes its data-model repository from disk as well as its rows', async () => {
    const created = await server.request({
      method: 'POST',
      url: '/build/api/v1/deployments',
      body: { name: 'short-lived' },
    });
    const id = (created.body as { id: number }).id;
    const files = await server.request({
      method: 'GET',
      url: `/build/api/v1/deployments/${id}/data-model/files`,
    });
    expect(files.status).toBe(200);
    const repository = join(server.dataDirectory, 'repositories', `deployment-${id}.git`);
    expect(await exists(repository)).toBe(true);
    expect((await server.request({ method: 'DELETE', url: `/api/v1/deployments/${id}` })).status).toBe(200);
    expect(await exists(repository)).toBe(false);
    expect(
      (await server.request({ method: 'GET', url: `/build/api/v1/deployments/${id}/data-model/files` }))
        .status,
    ).toBe(404);
  });
});
