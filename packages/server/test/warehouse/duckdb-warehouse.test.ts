import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, test } from 'vitest';
import { DuckDbWarehouse } from '../../src/platform/warehouse/duckdb-warehouse.js';
import type { Warehouse } from '../../src/platform/warehouse/warehouse.js';
import { describeWarehouseBehaviour } from './warehouse-behaviour.js';

let directory: string;
let warehouse: Warehouse;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'warehouse-duckdb-'));
  warehouse = await DuckDbWarehouse.open(join(directory, 'warehouse.duckdb'));
});

afterAll(async () => {
  await warehouse.close();
  await rm(directory, { recursive: true, force: true });
});

describeWarehouseBehaviour('DuckDB', () => warehouse, 'SELECT count(*) FROM range(10000000000)');

describe('DuckDB file', () => {
  test('is opened read-write and keeps its data across reopening', async () => {
    const path = join(directory, 'persisted.duckdb');
    const first = await DuckDbWarehouse.open(path);
    await first.query('CREATE TABLE orders (id INTEGER, note VARCHAR)', []);
    await first.query('INSERT INTO orders VALUES ($1, $2)', [1, "O'Brien"]);
    await first.close();
    const second = await DuckDbWarehouse.open(path);
    expect((await second.query('SELECT id, note FROM orders', [])).rows).toEqual([[1, "O'Brien"]]);
    await second.close();
  });

  test('read-only: several opens of one file at once, and no writes through any of them', async () => {
    const path = join(directory, 'shared.duckdb');
    const writer = await DuckDbWarehouse.open(path);
    await writer.query('CREATE TABLE stores AS SELECT range AS id FROM range(3)', []);
    await writer.close();
    const first = await DuckDbWarehouse.open(path, { isReadOnly: true });
    const second = await DuckDbWarehouse.open(path, { isReadOnly: true });
    try {
      expect((await first.query('SELECT count(*) FROM stores', [])).rows).toEqual([[3]]);
      expect((await second.query('SELECT max(id) FROM stores', [])).rows).toEqual([[2]]);
      await expect(first.query('DELETE FROM stores', [])).rejects.toThrow(/read-only|read only/i);
    } finally {
      await first.close();
      await second.close();
    }
  });

  test('a path that cannot be opened names the path', async () => {
    await expect(DuckDbWarehouse.open(join(directory, 'missing', 'x.duckdb'))).rejects.toMatchObject({
      kind: 'connection',
      message: expect.stringContaining('missing'),
    });
  });

  test('close interrupts running statements', async () => {
    const closing = await DuckDbWarehouse.open(':memory:');
    const running = closing
      .query('SELECT count(*) FROM range(10000000000)', [])
      .catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await closing.close();
    expect(await running).toMatchObject({ kind: 'query' });
  });
});

describe('DuckDB confinement', () => {
  it('lets no statement change a setting the whole instance shares', async () => {
    for (const sql of [
      "SET memory_limit='100KB'",
      "SET GLOBAL memory_limit='100KB'",
      'PRAGMA threads=1',
      'RESET disabled_optimizers',
      'SET enable_external_access = true',
    ]) {
      await expect(warehouse.query(sql, []), sql).rejects.toMatchObject({
        kind: 'query',
        message: expect.stringMatching(/configuration has been locked/),
      });
    }
    const [[limit]] = (await warehouse.query("SELECT current_setting('memory_limit')", [])).rows as [
      [string],
    ];
    expect(limit).not.toMatch(/^100/);
  });

  it('refuses SQL that reads or writes files outside its own database', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'platform-duckdb-confined-'));
    const warehouse = await DuckDbWarehouse.open(join(directory, 'confined.duckdb'));
    try {
      await expect(warehouse.query("SELECT * FROM read_csv('/etc/passwd')", [])).rejects.toThrow(
        /disabled|external/i,
      );
      await expect(
        warehouse.query(`COPY (SELECT 1) TO '${join(directory, 'leak.csv')}'`, []),
      ).rejects.toThrow(/disabled|external/i);
      expect((await warehouse.query('SELECT 41 + 1 AS answer', [])).rows).toEqual([[42]]);
    } finally {
      await warehouse.close();
      await rm(directory, { recursive: true, force: true });
    }
  });
});
