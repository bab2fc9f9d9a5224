import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSampleData } from '../../src/platform/sample-data/generate-sample-data.js';
import { loadSampleData, type SampleDataProgress } from '../../src/platform/sample-data/load-sample-data.js';

const scale = 0.2;
const seed = 11;

describe('loadSampleData', () => {
  let directory: string;
  let databasePath: string;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'sample-data-'));
    databasePath = join(directory, 'nested', 'demo.duckdb');
  });

  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  async function query(sql: string): Promise<Record<string, unknown>[]> {
    const instance = await DuckDBInstance.create(databasePath);
    const connection = await instance.connect();
    try {
      return (await connection.runAndReadAll(sql)).getRowObjectsJS();
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  }

  it('writes every table, reports progress, and the SQL counts match the generated rows', async () => {
    const progress: SampleDataProgress[] = [];
    const result = await loadSampleData({
      databasePath,
      scale,
      seed,
      onProgress: (step) => progress.push(step),
    });
    const data = generateSampleData({ scale, seed });
    const expected = {
      stores: data.stores.length,
      products: data.products.length,
      customers: data.customers.length,
      orders: data.orders.length,
      order_items: data.orderItems.length,
      payments: data.payments.length,
    };
    expect(result.rowCounts).toEqual(expected);
    expect(progress.filter((step) => step.stage === 'loaded').map((step) => step.table)).toEqual(
      Object.keys(expected),
    );

    const [counts] = await query(
      `SELECT (SELECT count(*) FROM stores) AS stores, (SELECT count(*) FROM products) AS products,
              (SELECT count(*) FROM customers) AS customers, (SELECT count(*) FROM orders) AS orders,
              (SELECT count(*) FROM order_items) AS order_items, (SELECT count(*) FROM payments) AS payments`,
    );
    expect(
      Object.fromEntries(Object.entries(counts ?? {}).map(([table, count]) => [table, Number(count)])),
    ).toEqual(expected);
  });

  it('stores typed columns: money sums, timestamps in the window, nulls where expected', async () => {
    const [check] = await query(
      `WITH totals AS (
         SELECT o.id, o.status, sum(i.quantity * i.unit_price - i.discount) AS total
         FROM orders o JOIN order_items i ON i.order_id = o.id GROUP BY o.id, o.status),
       paid AS (SELECT order_id, sum(amount) AS amount FROM payments GROUP BY order_id)
       SELECT
         (SELECT count(*) FROM totals t LEFT JOIN paid p ON p.order_id = t.id
            WHERE t.status <> 'cancelled' AND p.amount IS DISTINCT FROM t.total) AS unbalanced,
         (SELECT count(*) FROM order_items i LEFT JOIN products p ON p.id = i.product_id
            WHERE p.id IS NULL) AS orphan_items,
         (SELECT min(ordered_at) >= TIMESTAMP '2023-07-01' AND max(ordered_at) < TIMESTAMP '2026-07-01'
            FROM orders) AS in_window,
         (SELECT count(*) FROM orders WHERE channel <> 'store' AND store_id IS NULL) AS online_without_store,
         (SELECT typeof(price) FROM products LIMIT 1) AS price_type`,
    );
    expect(Number(check?.unbalanced)).toBe(0);
    expect(Number(check?.orphan_items)).toBe(0);
    expect(check?.in_window).toBe(true);
    expect(Number(check?.online_without_store)).toBeGreaterThan(0);
    expect(check?.price_type).toBe('DECIMAL(12,2)');
  });

  it('replaces the sample tables when loaded again', async () => {
    await loadSampleData({ databasePath, scale, seed });
    const [row] = await query('SELECT count(*) AS orders FROM orders');
    expect(Number(row?.orders)).toBe(generateSampleData({ scale, seed }).orders.length);
  });
});
