import { readdir, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSampleDataPath } from '../../src/bootstrap.js';
import { deploymentsTable } from '../../src/modules/deployments/deployments.tables.js';
import { sampleDataSizes } from '../../src/platform/sample-data/generate-sample-data.js';
import { accountWarehouseDirectory } from '../../src/platform/warehouse/duckdb-file-rule.js';
import { warehouseConfigFromEnvVars } from '../../src/platform/warehouse/warehouse-config.js';
import { waitForBuild } from '../data-model/data-model-helpers.js';
import { createDeployment, findDeploymentId } from '../security/account-resources.js';
import { type StoreEngine, startTestServer, storeEngines, type TestServer } from '../support/test-server.js';

const scale = 0.01;
const generatedLine = 'generated the demo sample data';

async function tableCounts(databasePath: string): Promise<Record<string, number>> {
  const instance = await DuckDBInstance.create(databasePath, { access_mode: 'READ_ONLY' });
  const connection = await instance.connect();
  try {
    const tables = (await connection.runAndReadAll('SELECT table_name FROM duckdb_tables()'))
      .getRowsJS()
      .map((row) => String(row[0]));
    const counts: Record<string, number> = {};
    for (const table of tables) {
      const rows = (await connection.runAndReadAll(`SELECT count(*) FROM ${table}`)).getRowsJS();
      counts[table] = Number(rows[0]?.[0]);
    }
    return counts;
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

describe.each(storeEngines)('the demo deployment on %s', (engine: StoreEngine) => {
  let server: TestServer;
  let demoId: number;
  let databasePath: string;
  let accountId: number;
  const generatedLines = () => server.logLines.filter((line) => line.includes(generatedLine)).length;

  beforeAll(async () => {
    server = await startTestServer({ engine, environment: { PLATFORM_DEMO_SCALE: String(scale) } });
    demoId = await findDeploymentId(server, 'demo');
    const [demo] = await server.container.platform.store.database
      .select({ accountId: deploymentsTable.accountId })
      .from(deploymentsTable)
      .where(eq(deploymentsTable.id, demoId));
    accountId = demo?.accountId ?? Number.NaN;
    databasePath = demoSampleDataPath(server.dataDirectory, accountId);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('points the demo at the sample data through its environment variables', async () => {
    const response = await server.request({ method: 'GET', url: `/api/v1/deployments/${demoId}/env-vars` });
    expect(response.status).toBe(200);
    const items = (response.body as { items: { name: string; value: string; isSecret: boolean }[] }).items;
    expect(items).toEqual([
      { name: 'PLATFORM_DB_READ_ONLY', value: 'true', isSecret: false },
      { name: 'PLATFORM_DB_TYPE', value: 'duckdb', isSecret: false },
      { name: 'PLATFORM_DB_URL', value: 'demo/sample-data.duckdb', isSecret: false },
    ]);
    const variables = Object.fromEntries(items.map((item) => [item.name, item.value]));
    expect(databasePath).toBe(
      join(server.dataDirectory, 'accounts', String(accountId), 'demo', 'sample-data.duckdb'),
    );
    expect(
      warehouseConfigFromEnvVars(variables, accountWarehouseDirectory(server.dataDirectory, accountId)),
    ).toEqual({
      dialect: 'duckdb',
      path: databasePath,
      isReadOnly: true,
    });
  });

  it('wrote the sample data into the data directory before the server was up, and logged it once', async () => {
    const sizes = sampleDataSizes(scale);
    const counts = await tableCounts(databasePath);
    expect(counts).toMatchObject({
      stores: sizes.stores,
      products: sizes.products,
      customers: sizes.customers,
      orders: sizes.orders,
    });
    expect(Object.keys(counts).sort()).toEqual(
      ['customers', 'order_items', 'orders', 'payments', 'products', 'stores'].sort(),
    );
    expect(counts.order_items).toBeGreaterThan(0);
    expect(counts.payments).toBeGreaterThan(0);
    expect(generatedLines()).toBe(1);
    expect(await readdir(dirname(databasePath))).toEqual(['sample-data.duckdb']);
  });

  it('gives the demo the demo model, built on first start', async () => {
    expect(await waitForBuild(server, demoId, 'main')).toMatchObject({ status: 'built', errorText: null });
    const validation = await server.request({
      method: 'GET',
      url: `/build/api/v1/deployments/${demoId}/data-model/validate`,
    });
    expect(validation.body).toEqual({ branchName: 'main', valid: true, errors: [], cubesCount: 6 });
  });

  it('keeps the file on a restart and regenerates it when the operator deleted it', async () => {
    const before = await stat(databasePath);
    await server.container.bootstrap.run({ writeKeyFile: false });
    const after = await stat(databasePath);
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
    expect(generatedLines()).toBe(1);

    await rm(databasePath);
    await server.container.bootstrap.run({ writeKeyFile: false });
    expect((await tableCounts(databasePath)).orders).toBe(sampleDataSizes(scale).orders);
    expect(generatedLines()).toBe(2);
  });

  it('does not bring the file back once no deployment uses it', async () => {
    // Another deployment first: an account left with none gets a new demo on the next start.
    await createDeployment(server, 'own-warehouse');
    const deleted = await server.request({ method: 'DELETE', url: `/api/v1/deployments/${demoId}` });
    expect(deleted.status).toBe(200);
    await rm(databasePath);
    await server.container.bootstrap.run({ writeKeyFile: false });
    await expect(stat(databasePath)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
