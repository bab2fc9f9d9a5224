import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildQuerySql,
  type CompiledModel,
  compileDataModel,
  compileModelFiles,
  duckDbDialect,
  loadSqlInterface,
  type SemanticQuery,
  translateSql,
} from '@platform/semantic';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoModelFiles } from '../../src/modules/data-model/demo-model/demo-model-files.js';
import { loadSampleData } from '../../src/platform/sample-data/load-sample-data.js';
import { DuckDbWarehouse } from '../../src/platform/warehouse/duckdb-warehouse.js';
import type { Warehouse } from '../../src/platform/warehouse/warehouse.js';

const lineAmount = 'i.quantity * i.unit_price - i.discount';

/** Rows as sorted text, numbers to the cent, so two SQL paths to the same answer compare equal. */
function normalized(rows: unknown[][]): string[] {
  return rows
    .map((row) =>
      row.map((value) => (typeof value === 'number' ? value.toFixed(2) : String(value))).join(' | '),
    )
    .sort();
}

describe('the demo model answers the documented questions on the sample data', () => {
  let directory: string;
  let warehouse: Warehouse;
  let model: CompiledModel;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'demo-queries-'));
    const databasePath = join(directory, 'sample.duckdb');
    await loadSampleData({ databasePath, scale: 0.1 });
    warehouse = await DuckDbWarehouse.open(databasePath);
    const compiled = compileModelFiles(
      demoModelFiles.map((file) => ({ fileName: file.path, content: file.text })),
    );
    model = compileDataModel(compiled.model);
    await loadSqlInterface();
  });

  afterAll(async () => {
    await warehouse?.close();
    await rm(directory, { recursive: true, force: true });
  });

  async function semanticRows(query: SemanticQuery): Promise<string[]> {
    const compiled = buildQuerySql(model, query, { dialect: duckDbDialect });
    return normalized((await warehouse.query(compiled.sql, compiled.params)).rows);
  }

  async function directRows(sql: string): Promise<string[]> {
    return normalized((await warehouse.query(sql, [])).rows);
  }

  it('revenue and units by product category', async () => {
    expect(
      await semanticRows({
        measures: ['sales.revenue', 'sales.quantity'],
        dimensions: ['sales.product_category'],
      }),
    ).toEqual(
      await directRows(`SELECT p.category, sum(${lineAmount}), sum(i.quantity)
        FROM order_items i JOIN products p ON i.product_id = p.id GROUP BY 1`),
    );
  });

  it('average order value by channel, completed orders only', async () => {
    expect(
      await semanticRows({
        measures: ['sales.average_order_value'],
        dimensions: ['sales.channel'],
        segments: ['sales.completed'],
      }),
    ).toEqual(
      await directRows(`SELECT o.channel, sum(${lineAmount}) / count(DISTINCT i.order_id)
        FROM order_items i JOIN orders o ON i.order_id = o.id WHERE o.status = 'completed' GROUP BY 1`),
    );
  });

  it('turnover per fiscal year starting in July', async () => {
    const rows = await semanticRows({
      measures: ['sales.revenue'],
      timeDimensions: [{ dimension: 'sales.ordered_at', granularity: 'fiscal_year' }],
    });
    const expected = await directRows(`SELECT
        strftime(date_trunc('year', o.ordered_at - INTERVAL 6 MONTH) + INTERVAL 6 MONTH, '%Y-%m-%dT%H:%M:%S.000Z'),
        sum(${lineAmount})
      FROM order_items i JOIN orders o ON i.order_id = o.id GROUP BY 1`);
    expect(rows).toEqual(expected);
  });

  it('orders and lifetime revenue of customers by country, without counting an order once per line', async () => {
    expect(
      await semanticRows({
        measures: ['customer_overview.order_count', 'customer_overview.lifetime_revenue'],
        dimensions: ['customer_overview.country'],
      }),
    ).toEqual(
      await directRows(`SELECT c.country,
          (SELECT count(*) FROM orders o JOIN customers c2 ON o.customer_id = c2.id WHERE c2.country = c.country),
          sum(${lineAmount})
        FROM order_items i JOIN orders o ON i.order_id = o.id JOIN customers c ON o.customer_id = c.id
        GROUP BY 1`),
    );
  });

  it('payments by the status of the order paid', async () => {
    expect(
      await semanticRows({
        measures: ['payments_overview.amount', 'payments_overview.count'],
        dimensions: ['payments_overview.order_status'],
      }),
    ).toEqual(
      await directRows(`SELECT o.status, sum(p.amount), count(*)
        FROM payments p JOIN orders o ON p.order_id = o.id GROUP BY 1`),
    );
  });

  it('orders, revenue and payments side by side per customer segment', async () => {
    expect(
      await semanticRows({
        measures: ['orders.count', 'order_items.revenue', 'payments.amount'],
        dimensions: ['customers.segment'],
      }),
    ).toEqual(
      await directRows(`SELECT c.segment,
          (SELECT count(*) FROM orders o JOIN customers c2 ON o.customer_id = c2.id WHERE c2.segment = c.segment),
          (SELECT sum(${lineAmount}) FROM order_items i JOIN orders o ON i.order_id = o.id
             JOIN customers c2 ON o.customer_id = c2.id WHERE c2.segment = c.segment),
          (SELECT sum(p.amount) FROM payments p JOIN orders o ON p.order_id = o.id
             JOIN customers c2 ON o.customer_id = c2.id WHERE c2.segment = c.segment)
        FROM customers c GROUP BY 1`),
    );
  });

  it('answers the SQL-interface example the same as the JSON query', async () => {
    const translation = translateSql(
      model,
      `SELECT product_category, MEASURE(revenue) AS revenue FROM sales
       WHERE ordered_at >= '2025-07-01' AND ordered_at < '2026-07-01'
       GROUP BY 1 ORDER BY revenue DESC LIMIT 5`,
    );
    expect(translation.columns.map((column) => column.name)).toEqual(['product_category', 'revenue']);
    const compiled = buildQuerySql(model, translation.query, { dialect: duckDbDialect });
    const rows = (await warehouse.query(compiled.sql, compiled.params)).rows;
    const expected = (
      await warehouse.query(
        `SELECT p.category, sum(${lineAmount}) AS revenue
         FROM order_items i JOIN orders o ON i.order_id = o.id JOIN products p ON i.product_id = p.id
         WHERE o.ordered_at >= TIMESTAMP '2025-07-01' AND o.ordered_at < TIMESTAMP '2026-07-01'
         GROUP BY 1 ORDER BY revenue DESC LIMIT 5`,
        [],
      )
    ).rows;
    expect(normalized(rows)).toEqual(normalized(expected));
    expect(rows.map((row) => row[0])).toEqual(expected.map((row) => row[0]));
  });
});
