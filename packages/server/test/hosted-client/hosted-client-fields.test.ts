import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createModelDeployment,
  startDevMode,
  validCube,
  writeFiles,
} from '../data-model/data-model-helpers.js';
import { uniqueDeploymentName } from '../deployments/deployment-helpers.js';
import { expectErrorBody } from '../http/expect-error-body.js';
import {
  createUserWithKey,
  type StoreEngine,
  startTestServer,
  storeEngines,
  type TestServer,
} from '../support/test-server.js';

/** The fields and forms the hosted CLI sends or reads, at the level of each operation (see the replay). */
describe.each(storeEngines)('what the hosted CLI sends and reads, on %s', (engine: StoreEngine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('stores targetPlatform and isManaged of a create, and starts the wizard at the step it names', async () => {
    const name = uniqueDeploymentName();
    const created = await server.request({
      method: 'POST',
      url: '/build/api/v1/deployments',
      body: { name, region: 'local', targetPlatform: 'gcp', isManaged: false, creationStep: 'upload' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = (created.body as { id: number }).id;
    const settings = await server.request({ method: 'GET', url: `/api/v1/deployments/${id}/settings` });
    expect(settings.body).toMatchObject({
      name,
      targetPlatform: 'gcp',
      isManaged: false,
      creationStep: 'upload',
    });
    const defaults = await server.request({
      method: 'POST',
      url: '/build/api/v1/deployments',
      body: { name: uniqueDeploymentName() },
    });
    expect(defaults.body).toMatchObject({ targetPlatform: 'aws', isManaged: true, creationStep: 'project' });
    for (const body of [
      { name: uniqueDeploymentName(), creationStep: 'demo' },
      { name: uniqueDeploymentName(), targetPlatform: 'mars' },
      { name: uniqueDeploymentName(), isManaged: 'yes' },
      { name: uniqueDeploymentName(), surprise: true },
    ]) {
      expectErrorBody(
        await server.request({ method: 'POST', url: '/build/api/v1/deployments', body }),
        'BAD_REQUEST',
        JSON.stringify(body),
      );
    }
  });

  it('answers users/me with username and isAdmin of the credential, and users with first and last names', async () => {
    const me = await server.request({ method: 'GET', url: '/api/v1/users/me' });
    expect(me.body).toMatchObject({ email: 'admin@localhost', username: 'admin@localhost', isAdmin: true });
    const developer = await createUserWithKey(server, 'developer');
    const asDeveloper = await server.request({ method: 'GET', url: '/api/v1/users/me', key: developer.key });
    expect(asDeveloper.body).toMatchObject({ isAdmin: false });
    const named = await server.request({
      method: 'PUT',
      url: `/api/v1/users/${developer.userId}`,
      body: { name: 'Ada  King Lovelace' },
    });
    expect(named.body).toMatchObject({
      name: 'Ada  King Lovelace',
      firstName: 'Ada',
      lastName: 'King Lovelace',
    });
    const unnamed = await server.request({
      method: 'PUT',
      url: `/api/v1/users/${developer.userId}`,
      body: { name: null },
    });
    expect(unnamed.body).toMatchObject({ firstName: null, lastName: null });
  });

  it('keeps the label, description and default of a user attribute, and refuses a default of another type', async () => {
    const created = await server.request({
      method: 'POST',
      url: '/api/v1/user-attributes',
      body: { name: 'allowed_regions', type: 'string_array', displayName: 'Regions', defaultValue: ['EU'] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ displayName: 'Regions', description: null, defaultValue: ['EU'] });
    for (const body of [
      { name: 'seat_count', type: 'number', defaultValue: '3' },
      { name: 'seat_count', type: 'string_array', defaultValue: [1] },
      { name: 'seat_count', type: 'boolean', defaultValue: 'yes' },
    ]) {
      expectErrorBody(
        await server.request({ method: 'POST', url: '/api/v1/user-attributes', body }),
        'BAD_REQUEST',
        JSON.stringify(body),
      );
    }
    const filtered = await server.request({
      method: 'GET',
      url: '/api/v1/user-attributes?type=string_array&name=allowed_regions',
    });
    expect((filtered.body as { items: Array<{ name: string }> }).items.map((item) => item.name)).toEqual([
      'allowed_regions',
    ]);
    const none = await server.request({ method: 'GET', url: '/api/v1/user-attributes?type=number' });
    expect(none.body).toEqual({ items: [], pageInfo: { endCursor: null, hasNextPage: false } });
  });

  it("validates the caller's dev-mode branch with devMode=true, and every error of each file", async () => {
    const { base } = await createModelDeployment(server);
    const developer = await createUserWithKey(server, 'developer');
    expectErrorBody(
      await server.request({
        method: 'GET',
        url: `${base}/data-model/validate?devMode=true`,
        key: developer.key,
      }),
      'BAD_REQUEST',
    );
    const dev = await startDevMode(server, base, developer.key);
    const broken =
      'cubes:\n  - name: orders\n    sql_table: orders\n    measures:\n      - name: count\n        type: cnt\n' +
      '      - name: total\n        type: sum\n        type: sum\n        sql: amount\n';
    await writeFiles(
      server,
      base,
      { 'model/orders.yml': broken, 'model/ok.yml': validCube('ok') },
      { key: developer.key },
    );
    const validated = await server.request({
      method: 'GET',
      url: `${base}/data-model/validate?devMode=true`,
      key: developer.key,
    });
    expect(validated.status, JSON.stringify(validated.body)).toBe(200);
    expect(validated.body).toMatchObject({ branchName: dev.branchName, valid: false, cubesCount: 2 });
    expect((validated.body as { errors: Array<{ fileName: string; line: number }> }).errors).toEqual([
      expect.objectContaining({ fileName: 'model/orders.yml', line: 6 }),
      expect.objectContaining({ fileName: 'model/orders.yml', line: 9 }),
    ]);
    const deployBranch = await server.request({
      method: 'GET',
      url: `${base}/data-model/validate`,
      key: developer.key,
    });
    expect(deployBranch.body).toMatchObject({ branchName: 'main', valid: true, cubesCount: 0 });
    expectErrorBody(
      await server.request({
        method: 'GET',
        url: `${base}/data-model/validate?devMode=true&branchName=main`,
        key: developer.key,
      }),
      'BAD_REQUEST',
    );
    expectErrorBody(
      await server.request({
        method: 'GET',
        url: `${base}/data-model/validate?devMode=maybe`,
        key: developer.key,
      }),
      'BAD_REQUEST',
    );
  });
});
