import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createWarehouse } from '../../src/platform/warehouse/create-warehouse.js';
import type { WarehouseConfig } from '../../src/platform/warehouse/warehouse-config.js';
import { WarehousePool } from '../../src/platform/warehouse/warehouse-pool.js';

let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'warehouse-pool-'));
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('WarehousePool', () => {
  test('reuses the warehouse while the config is the same, even for concurrent callers', async () => {
    let opened = 0;
    const pool = new WarehousePool((config) => {
      opened += 1;
      return createWarehouse(config);
    });
    const config: WarehouseConfig = {
      dialect: 'duckdb',
      path: join(directory, 'same.duckdb'),
      isReadOnly: false,
    };
    const [first, second] = await Promise.all([pool.get(1, config), pool.get(1, { ...config })]);
    expect(first).toBe(second);
    expect(await pool.get(1, config)).toBe(first);
    expect(opened).toBe(1);
    await pool.closeAll();
  });

  test('a changed config closes the old warehouse and opens the new one without restart', async () => {
    const pool = new WarehousePool(createWarehouse);
    const before = await pool.get(7, {
      dialect: 'duckdb',
      path: join(directory, 'before.duckdb'),
      isReadOnly: false,
    });
    await before.query('CREATE TABLE marker AS SELECT $1 AS name', ['before']);
    const after = await pool.get(7, {
      dialect: 'duckdb',
      path: join(directory, 'after.duckdb'),
      isReadOnly: false,
    });
    expect(after).not.toBe(before);
    await expect(before.query('SELECT 1', [])).rejects.toMatchObject({ kind: 'connection' });
    await expect(after.query('SELECT name FROM marker', [])).rejects.toMatchObject({ kind: 'query' });
    // why: the old file was released, so switching back opens it again read-write with its data.
    const again = await pool.get(7, {
      dialect: 'duckdb',
      path: join(directory, 'before.duckdb'),
      isReadOnly: false,
    });
    expect((await again.query('SELECT name FROM marker', [])).rows).toEqual([['before']]);
    await pool.closeAll();
    await expect(again.query('SELECT 1', [])).rejects.toMatchObject({ kind: 'connection' });
  });

  test('keeps deployments apart and does not cache a failed open', async () => {
    const pool = new WarehousePool(createWarehouse);
    const broken: WarehouseConfig = {
      dialect: 'duckdb',
      path: join(directory, 'missing', 'x.duckdb'),
      isReadOnly: false,
    };
    await expect(pool.get(1, broken)).rejects.toMatchObject({ kind: 'connection' });
    const one = await pool.get(1, { dialect: 'duckdb', path: ':memory:', isReadOnly: false });
    const two = await pool.get(2, { dialect: 'duckdb', path: ':memory:', isReadOnly: false });
    expect(one).not.toBe(two);
    await pool.closeAll();
  });
});
