import { randomBytes } from 'node:crypto';
import cube, { type CubeApi, type Query, RequestError } from '@cubejs-client/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeployment } from '../deployments/deployment-helpers.js';
import { type StoreEngine, startTestServer, storeEngines, type TestServer } from '../support/test-server.js';
import {
  accountFilePath,
  createDuckDbFile,
  createToken,
  dataApiUrl,
  deployModel,
  loadUrl,
  setEnvVars,
  sortedRows,
} from './semantic-api-helpers.js';
import { createShopWarehouse, type ShopWarehouse, warehouseOfEngine } from './shop-warehouse.js';

type Row = Record<string, unknown>;

const byStatus: Query = { measures: ['orders.count', 'orders.total_amount'], dimensions: ['orders.status'] };
const countByMonth: Query = {
  measures: ['orders.count'],
  timeDimensions: [{ dimension: 'orders.created_at', granularity: 'month' }],
};
const customersByMonth: Query = {
  measures: ['customers.count'],
  timeDimensions: [{ dimension: 'orders.created_at', granularity: 'month' }],
};

/** The server on a real port: the client library speaks HTTP through its own fetch, unchanged. */
async function listen(server: TestServer): Promise<string> {
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the server has no TCP port');
  return `http://127.0.0.1:${address.port}`;
}

function byJson(rows: readonly Row[]): Row[] {
  return [...rows].sort((left, right) => JSON.stringify(left).localeCompare(JSON.stringify(right)));
}

describe.each(storeEngines)(
  'the standard semantic-layer client library (@cubejs-client/core) on %s',
  (engine: StoreEngine) => {
    let server: TestServer;
    let shop: ShopWarehouse;
    let token: string;
    /** One client sending GET (its default for short queries), one forced to POST every request. */
    let clients: Array<{ form: string; api: CubeApi }>;

    /** What the data API answers directly, with the management key: the reference the client must match. */
    async function direct(query: unknown, endpoint = 'load'): Promise<Row> {
      const answer = await server.request({
        method: 'POST',
        url: dataApiUrl(shop.deploymentId, endpoint),
        body: { query },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body as Row;
    }

    beforeAll(async () => {
      server = await startTestServer({ engine });
      shop = await createShopWarehouse(server, warehouseOfEngine(engine));
      token = await createToken(server, shop.deploymentId);
      const apiUrl = `${await listen(server)}/deployments/${shop.deploymentId}/data/v1`;
      clients = [
        { form: 'GET', api: cube(token, { apiUrl }) },
        { form: 'POST', api: cube(token, { apiUrl, method: 'POST' }) },
      ];
    });
    afterAll(async () => {
      await shop?.drop();
      await server?.close();
    });

    it('loads one query: rows, annotation and query as the data API answers them', async () => {
      const expected = await direct(byStatus);
      for (const { form, api } of clients) {
        const resultSet = await api.load(byStatus);
        expect(resultSet.rawData(), form).toEqual(expected.data);
        expect(resultSet.annotation(), form).toEqual(expected.annotation);
        expect(resultSet.query(), form).toEqual(expected.query);
        expect(byJson(resultSet.tablePivot()), form).toEqual(byJson(expected.data as Row[]));
        expect(sortedRows({ data: resultSet.rawData() })).toContainEqual({
          'orders.status': 'completed',
          'orders.count': 4,
          'orders.total_amount': 120,
        });
      }
    });

    it('loads an array of queries as a blending query, each result equal to its query alone', async () => {
      const [counts, customers] = [await direct(countByMonth), await direct(customersByMonth)];
      for (const { form, api } of clients) {
        const resultSet = await api.load([countByMonth, customersByMonth]);
        expect((resultSet.serialize().loadResponse as { queryType?: string }).queryType, form).toBe(
          'blendingQuery',
        );
        const [first, second] = resultSet.decompose();
        expect(first?.rawData().map(({ 'time.month': _time, ...row }) => row)).toEqual(counts.data);
        expect(second?.rawData().map(({ 'time.month': _time, ...row }) => row)).toEqual(customers.data);
        // The pivot lines both queries up on the shared month axis.
        expect(resultSet.chartPivot().map(({ x, ...values }) => ({ x, ...values }))).toEqual([
          {
            x: '2024-01-01T00:00:00.000',
            xValues: ['2024-01-01T00:00:00.000'],
            'orders.count': 3,
            'customers.count': 2,
          },
          {
            x: '2024-02-01T00:00:00.000',
            xValues: ['2024-02-01T00:00:00.000'],
            'orders.count': 3,
            'customers.count': 2,
          },
        ]);
        expect(resultSet.pivotQuery(), form).toMatchObject({
          measures: ['orders.count', 'customers.count'],
          timeDimensions: [{ dimension: 'time', granularity: 'month' }],
          queryType: 'blendingQuery',
        });
      }
    });

    it('refuses a blending query whose granularities differ, as a request error', async () => {
      const byDay = {
        ...customersByMonth,
        timeDimensions: [{ dimension: 'orders.created_at', granularity: 'day' }],
      };
      for (const { api } of clients) {
        const failure = await api.load([countByMonth, byDay as Query]).catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(RequestError);
        // The client keeps the documented error body; its `message` says what is wrong.
        expect((failure as RequestError).response).toMatchObject({
          statusCode: 400,
          code: 'BAD_REQUEST',
          message: 'Data blending query granularities must match',
        });
      }
    });

    it('reads the metadata (a GET, whatever method the client is told to use for queries)', async () => {
      for (const { form, api } of clients.filter((client) => client.form === 'GET')) {
        const meta = await api.meta();
        expect(meta.cubes.map((source) => source.name).sort(), form).toEqual(['customers', 'orders']);
        expect(meta.resolveMember('orders.total_amount', 'measures')).toMatchObject({
          name: 'orders.total_amount',
          title: 'Orders Total amount',
        });
      }
    });

    it('reads the SQL of a query and of an array of queries, as the data API generates it', async () => {
      const filtered = {
        ...byStatus,
        filters: [{ member: 'orders.status', operator: 'equals', values: ['completed'] }],
      };
      const expected = (await direct(filtered, 'sql')) as { sql: { sql: [string, unknown[]] } };
      expect(expected.sql.sql[1]).toContain('completed');
      for (const { form, api } of clients) {
        const sqlQuery = await api.sql(filtered as Query);
        expect(sqlQuery.sql(), form).toBe(expected.sql.sql[0]);
        expect(sqlQuery.rawQuery().sql, form).toEqual(expected.sql.sql);
        const several = await api.sql([countByMonth, customersByMonth]);
        expect(Array.isArray(several), form).toBe(true);
        expect((several as unknown as Array<{ sql(): string }>).map((query) => query.sql())).toEqual([
          ((await direct(countByMonth, 'sql')) as { sql: { sql: [string] } }).sql.sql[0],
          ((await direct(customersByMonth, 'sql')) as { sql: { sql: [string] } }).sql.sql[0],
        ]);
      }
    });

    it('dry-runs a query and an array of queries without running them', async () => {
      for (const { form, api } of clients) {
        const single = await api.dryRun({ ...byStatus, order: { 'orders.count': 'desc' } });
        expect(single.queryType, form).toBe('regularQuery');
        expect(single.normalizedQueries[0]).toMatchObject({ measures: byStatus.measures, limit: 10_000 });
        expect(single.queryOrder).toEqual([{ 'orders.count': 'desc' }]);
        expect(single.pivotQuery).toMatchObject({ measures: byStatus.measures, queryType: 'regularQuery' });
        const blended = await api.dryRun([countByMonth, customersByMonth]);
        expect(blended.queryType).toBe('blendingQuery');
        expect(blended.normalizedQueries).toHaveLength(2);
        const unknownMember = await api
          .dryRun({ measures: ['orders.nothing'] })
          .catch((error: unknown) => error);
        expect(unknownMember).toBeInstanceOf(RequestError);
        expect((unknownMember as RequestError).response).toMatchObject({ statusCode: 400 });
      }
    });

    it('answers the GET forms directly too, and refuses an array without queryType=multi', async () => {
      const authorization = { key: null, headers: { authorization: token } };
      const sql = await server.request({
        method: 'GET',
        url: dataApiUrl(shop.deploymentId, 'sql', { query: JSON.stringify(byStatus) }),
        ...authorization,
      });
      expect(sql.status, JSON.stringify(sql.body)).toBe(200);
      expect(sql.body).toEqual(await direct(byStatus, 'sql'));
      const dryRun = await server.request({
        method: 'GET',
        url: dataApiUrl(shop.deploymentId, 'dry-run', { query: JSON.stringify(byStatus) }),
        ...authorization,
      });
      expect(dryRun.status, JSON.stringify(dryRun.body)).toBe(200);
      const blendingWithoutMulti = await server.request({
        method: 'GET',
        url: loadUrl(shop.deploymentId, [countByMonth, customersByMonth]),
        ...authorization,
      });
      expect(blendingWithoutMulti.status).toBe(400);
      expect(blendingWithoutMulti.body).toMatchObject({ code: 'BAD_REQUEST', message: /queryType=multi/ });
    });
  },
);

describe('the client library waits through "Continue wait"', () => {
  let server: TestServer;

  afterAll(async () => {
    await server?.close();
  });

  it('asks again until the long query is done, and reports progress meanwhile', async () => {
    server = await startTestServer({ environment: { PLATFORM_CONTINUE_WAIT_SECONDS: '0.001' } });
    const deploymentId = (await createDeployment(server)).id;
    const fileName = `grid-${randomBytes(4).toString('hex')}.duckdb`;
    await createDuckDbFile(await accountFilePath(server, deploymentId, fileName), []);
    await setEnvVars(server, deploymentId, { PLATFORM_DB_TYPE: 'duckdb', PLATFORM_DB_URL: fileName });
    await deployModel(server, deploymentId, {
      'model/cubes/grid.yml': `cubes:
  - name: grid
    sql: "SELECT a.range AS x, b.range AS y FROM range(1500) a CROSS JOIN range(1500) b"
    dimensions:
      - name: x
        sql: x
        type: number
        primary_key: true
    measures:
      - name: cells
        type: count
`,
    });
    const api = cube(await createToken(server, deploymentId), {
      apiUrl: `${await listen(server)}/deployments/${deploymentId}/data/v1`,
    });
    let progressReports = 0;
    const resultSet = await api.load(
      { measures: ['grid.cells'] },
      { progressCallback: () => (progressReports += 1) },
    );
    expect(progressReports).toBeGreaterThan(0);
    expect(resultSet.rawData()).toEqual([{ 'grid.cells': 2_250_000 }]);
  });
});
