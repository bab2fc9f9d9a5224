import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PostgresWarehouse } from '../../src/platform/warehouse/postgres-warehouse.js';
import type { Warehouse } from '../../src/platform/warehouse/warehouse.js';
import { describeWarehouseBehaviour } from './warehouse-behaviour.js';

const databaseUrl = process.env.DATABASE_URL;

describe.runIf(databaseUrl)('PostgreSQL', () => {
  let warehouse: Warehouse;

  beforeAll(() => {
    warehouse = new PostgresWarehouse({
      dialect: 'postgres',
      connection: { connectionString: databaseUrl ?? '' },
      maximumConnections: 3,
    });
  });

  afterAll(async () => {
    await warehouse.close();
  });

  describeWarehouseBehaviour('PostgreSQL', () => warehouse, 'SELECT pg_sleep(10)');

  test('an aborted query stops running in the server too', async () => {
    const controller = new AbortController();
    const marker = `warehouse_cancel_${Date.now()}`;
    const running = warehouse
      .query(`SELECT pg_sleep(10) AS ${marker}`, [], { signal: controller.signal })
      .catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 200));
    controller.abort();
    expect(await running).toMatchObject({ kind: 'aborted' });
    const activeOf = () =>
      warehouse.query(
        "SELECT count(*) AS active FROM pg_stat_activity WHERE state = 'active' AND query LIKE $1",
        [`%AS ${marker}%`],
      );
    await expect.poll(async () => (await activeOf()).rows, { timeout: 3000 }).toEqual([[0]]);
  });

  test('a query neither writes nor leaves a setting behind on the pooled connection', async () => {
    const changed = await warehouse.query(
      "SELECT set_config('application_name', 'changed_by_a_query', false)",
      [],
    );
    expect(changed.rows).toEqual([['changed_by_a_query']]);
    // why: more reads than pooled connections, so every connection the pool keeps is seen.
    for (let read = 0; read < 6; read += 1) {
      const [[name]] = (await warehouse.query("SELECT current_setting('application_name')", [])).rows as [
        [string],
      ];
      expect(name).not.toBe('changed_by_a_query');
    }
    await expect(warehouse.query('CREATE TABLE planted_by_a_query (id integer)', [])).rejects.toMatchObject({
      kind: 'query',
      message: expect.stringMatching(/read-only transaction/),
    });
  });

  test('timestamps with time zone come back as UTC ISO strings, json parsed', async () => {
    const result = await warehouse.query(
      `SELECT TIMESTAMPTZ '2024-01-02 03:04:05+02' AS moment, '{"a": [1]}'::jsonb AS document, 1.5::float8 AS ratio`,
      [],
    );
    expect(result.rows).toEqual([['2024-01-02T01:04:05.000Z', { a: [1] }, 1.5]]);
    expect(result.columns.map((column) => column.rawType)).toEqual([
      'timestamp with time zone',
      'jsonb',
      'double precision',
    ]);
  });
});
