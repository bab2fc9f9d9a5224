import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeployment } from '../deployments/deployment-helpers.js';
import { expectErrorBody } from '../http/expect-error-body.js';
import { type StoreEngine, startTestServer, storeEngines, type TestServer } from '../support/test-server.js';
import { dataApiUrl, deployModel, loadUrl, setEnvVars, shopModel } from './semantic-api-helpers.js';
import { createShopWarehouse, type ShopWarehouse } from './shop-warehouse.js';

const count = { measures: ['orders.count'] };

describe.each(storeEngines)('what the data API refuses, on %s', (engine: StoreEngine) => {
  let server: TestServer;
  let shop: ShopWarehouse;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    shop = await createShopWarehouse(server, 'duckdb');
  });
  afterAll(async () => {
    await shop?.drop();
    await server?.close();
  });

  async function load(query: unknown) {
    return server.request({ method: 'POST', url: dataApiUrl(shop.deploymentId, 'load'), body: { query } });
  }

  it('names the field of a malformed query (400)', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ measures: ['orders count'] }, /query\.measures\.0: must be a member name/],
      [{ measure: ['orders.count'] }, /query: .*measure/],
      [{ ...count, limit: 50_001 }, /query\.limit/],
      [{ ...count, limit: -1 }, /query\.limit/],
      [{ ...count, filters: [{ member: 'orders.status', operator: 'like', values: ['a'] }] }, /filters\.0/],
      [{ ...count, timezone: 'Mars/Olympus' }, /query\.timezone: must be an IANA time zone/],
      // A query may also be an array of queries: where neither form fits, the object form's field is named.
      [{ ...count, order: { 'orders.count': 'up' } }, /query(\.|: )order/],
    ];
    for (const [query, message] of cases) {
      const answer = await load(query);
      expectErrorBody(answer, 'BAD_REQUEST', JSON.stringify(query));
      expect((answer.body as { message: string }).message, JSON.stringify(query)).toMatch(message);
    }
  });

  it('refuses a ?query= that is not JSON (400)', async () => {
    const answer = await server.request({
      method: 'GET',
      url: `${dataApiUrl(shop.deploymentId, 'load')}?query=${encodeURIComponent('{measures:')}`,
    });
    expectErrorBody(answer, 'BAD_REQUEST');
    expect((answer.body as { message: string }).message).toMatch(
      /query: must be a JSON-encoded query object/,
    );
  });

  it('names a member the model does not have (400)', async () => {
    const answer = await load({ measures: ['orders.no_such_measure'] });
    expectErrorBody(answer, 'BAD_REQUEST');
    expect((answer.body as { message: string }).message).toContain('no_such_measure');
  });

  it('answers 404 for an unknown deployment or branch', async () => {
    expectErrorBody(await server.request({ method: 'GET', url: loadUrl(2_000_000, count) }), 'NOT_FOUND');
    const branch = await server.request({
      method: 'GET',
      url: loadUrl(shop.deploymentId, count, { branchName: 'no-such-branch' }),
    });
    expectErrorBody(branch, 'NOT_FOUND');
    expect((branch.body as { message: string }).message).toContain('no-such-branch');
  });

  it('says which variables to set when the deployment has no warehouse (400)', async () => {
    const deployment = await createDeployment(server);
    await deployModel(server, deployment.id, shopModel());
    const answer = await server.request({ method: 'GET', url: loadUrl(deployment.id, count) });
    expectErrorBody(answer, 'BAD_REQUEST');
    expect((answer.body as { message: string }).message).toMatch(/PLATFORM_DB_TYPE.*PLATFORM_DB_URL/);
    await setEnvVars(server, deployment.id, { PLATFORM_DB_TYPE: 'oracle' });
    const unsupported = await server.request({ method: 'GET', url: loadUrl(deployment.id, count) });
    expectErrorBody(unsupported, 'BAD_REQUEST');
    expect((unsupported.body as { message: string }).message).toMatch(/PLATFORM_DB_TYPE "oracle"/);
    // Meta needs no warehouse.
    const meta = await server.request({ method: 'GET', url: dataApiUrl(deployment.id, 'meta') });
    expect(meta.status).toBe(200);
  });

  it('names the file and line of a model with errors (400)', async () => {
    const deployment = await createDeployment(server);
    const broken =
      'cubes:\n  - name: refunds\n    sql_table: refunds\n    measures:\n      - name: count\n        type: nope\n';
    await deployModel(server, deployment.id, { 'model/cubes/refunds.yml': broken });
    const answer = await server.request({ method: 'GET', url: dataApiUrl(deployment.id, 'meta') });
    expectErrorBody(answer, 'BAD_REQUEST');
    expect((answer.body as { message: string }).message).toMatch(
      /^the data model on branch main has errors: model\/cubes\/refunds\.yml:6: /,
    );
  });

  it("passes on the warehouse's words when it refuses the SQL (400)", async () => {
    await deployModel(server, shop.deploymentId, {
      'model/cubes/ghosts.yml':
        'cubes:\n  - name: ghosts\n    sql_table: no_such_table\n    measures:\n      - name: count\n        type: count\n',
    });
    const answer = await load({ measures: ['ghosts.count'] });
    expectErrorBody(answer, 'BAD_REQUEST');
    expect((answer.body as { message: string }).message).toMatch(
      /^the warehouse refused the query: .*no_such_table/,
    );
  });
});
