import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { type Container, createContainer } from '../../src/container.js';
import { createLogger } from '../../src/logger.js';
import { loadUrl, shopModel } from '../semantic-api/semantic-api-helpers.js';
import { createShopWarehouse, type ShopWarehouse } from '../semantic-api/shop-warehouse.js';
import { type StoreEngine, startTestServer, storeEngines, type TestServer } from '../support/test-server.js';

/** Polls until the check passes or the time is up; the change feed delivers asynchronously. */
async function eventually(check: () => Promise<boolean>, milliseconds = 3000): Promise<boolean> {
  const deadline = Date.now() + milliseconds;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

const largestQuery = { measures: ['orders.largest_amount'] };

/** The shop's orders cube with one more measure: only a branch that has it answers the query. */
function withLargestAmount(tablePrefix = '') {
  const orders = shopModel(tablePrefix)['model/cubes/orders.yml'] ?? '';
  return [
    {
      path: 'model/cubes/orders.yml',
      content: `${orders}      - name: largest_amount\n        sql: amount\n        type: max\n`,
    },
  ];
}

type Ask = (url: string, method?: string, body?: unknown) => Promise<number>;

/** Dev mode on a new branch holding the extra measure, for the admin key of `ask`'s server. */
async function enterFeatureBranch(ask: Ask, deploymentId: number, tablePrefix = '') {
  const base = `/build/api/v1/deployments/${deploymentId}`;
  expect(await ask(`${base}/branches`, 'POST', { name: 'feature', enterDevMode: true })).toBe(201);
  expect(await ask(`${base}/data-model/files`, 'PUT', { files: withLargestAmount(tablePrefix) })).toBe(200);
}

describe.each(storeEngines)(
  'the dev-mode session a query reads, remembered, on %s',
  (engine: StoreEngine) => {
    let server: TestServer;
    let shop: ShopWarehouse;
    const ask: Ask = async (url, method = 'GET', body) =>
      (await server.request({ method, url, body })).status;

    beforeAll(async () => {
      server = await startTestServer({ engine });
      shop = await createShopWarehouse(server, 'duckdb');
    });
    afterAll(async () => {
      await shop?.drop();
      await server?.close();
    });

    it('follows every start, stop and move of dev mode in the very next query', async () => {
      const base = `/build/api/v1/deployments/${shop.deploymentId}`;
      const load = () => ask(loadUrl(shop.deploymentId, largestQuery));
      expect(await load()).toBe(400);
      await enterFeatureBranch(ask, shop.deploymentId);
      expect(await load()).toBe(200);
      expect(await ask(`${base}/dev-mode`, 'DELETE')).toBe(200);
      expect(await load()).toBe(400);
      // Dev mode again: the personal branch (made by the deploy before, without the measure) is now the
      // one written to; a write refused or sent elsewhere would leave the query failing.
      expect(await ask(`${base}/dev-mode`, 'POST', { branchName: 'feature' })).toBe(200);
      expect(await ask(`${base}/data-model/files`, 'PUT', { files: withLargestAmount() })).toBe(200);
      expect(await load()).toBe(200);
      // Back onto the deploy branch's copy: a branch made with enterDevMode moves the session.
      expect(await ask(`${base}/branches`, 'POST', { name: 'plain', enterDevMode: true })).toBe(201);
      expect(await load()).toBe(400);
    });
  },
);

describe.runIf(process.env.DATABASE_URL)('dev mode changed by one process, seen by another', () => {
  let first: TestServer;
  let second: Container;
  let secondApp: ReturnType<typeof buildApp>;
  let shop: ShopWarehouse;
  let tablePrefix = '';
  const onFirst: Ask = async (url, method = 'GET', body) =>
    (await first.request({ method, url, body })).status;
  const onSecond = async (url: string) =>
    (await secondApp.inject({ method: 'GET', url, headers: { authorization: `Bearer ${first.adminKey}` } }))
      .statusCode;

  beforeAll(async () => {
    first = await startTestServer({ engine: 'postgres' });
    // A PostgreSQL warehouse: two processes cannot both hold one DuckDB file open for writing.
    shop = await createShopWarehouse(first, 'postgres', (prefix) => {
      tablePrefix = prefix;
      return shopModel(prefix);
    });
    // A second server on the same database and schema, as a second process would be.
    second = await createContainer(first.config, createLogger('warn'), { isInMemory: true });
    await second.start({ writeKeyFile: false });
    secondApp = buildApp(second);
    await secondApp.ready();
  });
  afterAll(async () => {
    await secondApp?.close();
    await second?.close();
    await shop?.drop();
    await first?.close();
  });

  it('drops the other process’s remembered session as soon as dev mode stops or starts', async () => {
    const base = `/build/api/v1/deployments/${shop.deploymentId}`;
    const loadOnSecond = () => onSecond(loadUrl(shop.deploymentId, largestQuery));
    expect(await loadOnSecond()).toBe(400);
    await enterFeatureBranch(onFirst, shop.deploymentId, tablePrefix);
    expect(await eventually(async () => (await loadOnSecond()) === 200)).toBe(true);
    // Remembered now on the second process; only the change feed can tell it dev mode stopped.
    expect(await onFirst(`${base}/dev-mode`, 'DELETE')).toBe(200);
    expect(await eventually(async () => (await loadOnSecond()) === 400)).toBe(true);
    expect(await onFirst(`${base}/dev-mode`, 'POST', { branchName: 'feature' })).toBe(200);
    expect(await onFirst(`${base}/data-model/files`, 'PUT', { files: withLargestAmount(tablePrefix) })).toBe(
      200,
    );
    expect(await eventually(async () => (await loadOnSecond()) === 200)).toBe(true);
  });
});
