import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf, printed, refusalOf } from './analyst-harness.js';
import { type DemoWorld, lineAmount, openDemoWorld } from './demo-world.js';
import { expectRanking } from './ranking-expectations.js';
import { keyedRows, orderedRows, singleValue } from './result-rows.js';

describe('the built-in analyst on the demo model and its sample data', () => {
  let world: DemoWorld;

  beforeAll(async () => {
    world = await openDemoWorld();
  });

  afterAll(async () => {
    await world?.close();
  });

  async function raw(sql: string): Promise<unknown[][]> {
    return world.raw(sql);
  }

  it('revenue by month last year', async () => {
    const run = await answerOf(world, 'What was our revenue by month last year?');
    expect(run.translation.query).toMatchObject({
      measures: ['sales.revenue'],
      timeDimensions: [{ dimension: 'sales.ordered_at', granularity: 'month' }],
    });
    const expected = await raw(`SELECT date_trunc('month', o.ordered_at), sum(${lineAmount})
      FROM order_items i JOIN orders o ON i.order_id = o.id
      WHERE o.ordered_at >= '2025-01-01' AND o.ordered_at < '2026-01-01' GROUP BY 1 ORDER BY 1`);
    expect(orderedRows(run.result.data)).toEqual(orderedRows(expected));
    expect(run.answer).toMatch(/^Revenue by month, last year \(2025-01-01 to 2025-12-31\) \(12 rows\)/);
  });

  it('which product categories sell the most', async () => {
    const run = await answerOf(world, 'Which product categories sell the most?');
    expect(run.translation.query).toMatchObject({
      measures: ['sales.revenue'],
      dimensions: ['sales.product_category'],
    });
    const expected = await raw(`SELECT p.category, sum(${lineAmount}) AS revenue
      FROM order_items i JOIN products p ON i.product_id = p.id GROUP BY 1 ORDER BY revenue DESC`);
    expect(orderedRows(run.result.data)).toEqual(orderedRows(expected).slice(0, 10));
  });

  it('average order value by channel, completed orders only', async () => {
    const run = await answerOf(world, 'Average order value by channel for completed orders');
    expect(run.plan.sqlQuery).toContain('WHERE completed');
    const expected = await raw(`SELECT o.channel, sum(${lineAmount}) / count(DISTINCT i.order_id)
      FROM order_items i JOIN orders o ON i.order_id = o.id WHERE o.status = 'completed' GROUP BY 1`);
    expect(keyedRows(run.result.data)).toEqual(keyedRows(expected));
  });

  it('cancelled orders in a year, on the order date rather than the ship date', async () => {
    const run = await answerOf(world, 'How many orders were cancelled in 2025?');
    expect(run.plan.sqlQuery).toContain("ordered_at >= '2025-01-01'");
    const expected = singleValue(
      await raw(`SELECT count(*) FROM orders WHERE status = 'cancelled'
        AND ordered_at >= '2025-01-01' AND ordered_at < '2026-01-01'`),
    );
    expect(run.answer).toBe(`Cancelled orders, in 2025 (2025-01-01 to 2025-12-31): ${printed(expected)}.`);
  });

  it('orders from a country, found in a view that knows the customer country', async () => {
    const run = await answerOf(world, 'How many orders from Germany?');
    expect(JSON.stringify(run.translation.query.filters)).toMatch(
      /country","operator":"equals","values":\["Germany"\]/,
    );
    const expected = singleValue(
      await raw(
        `SELECT count(*) FROM orders o JOIN customers c ON o.customer_id = c.id WHERE c.country = 'Germany'`,
      ),
    );
    expect(singleValue(run.result.data)).toBe(expected);
  });

  it('top 5 products by revenue in a year', async () => {
    const run = await answerOf(world, 'Top 5 products by revenue in 2025');
    expect(run.translation.query).toMatchObject({ dimensions: ['sales.product_name'], limit: 5 });
    const expected = await raw(`SELECT p.name, sum(${lineAmount}) AS revenue
      FROM order_items i JOIN orders o ON i.order_id = o.id JOIN products p ON i.product_id = p.id
      WHERE o.ordered_at >= '2025-01-01' AND o.ordered_at < '2026-01-01'
      GROUP BY 1 ORDER BY revenue DESC LIMIT 5`);
    expect(orderedRows(run.result.data)).toEqual(orderedRows(expected));
  });

  it('answers "which customers spent the most" with the customers ranked by revenue, not a count', async () => {
    const run = await answerOf(world, 'Which customers spent the most?');
    expect(run.translation.query).toMatchObject({
      measures: ['sales.revenue'],
      dimensions: ['sales.customer_full_name'],
      order: [['sales.revenue', 'desc']],
    });
    const expected = await raw(`SELECT c.first_name || ' ' || c.last_name, sum(${lineAmount})
      FROM order_items i JOIN orders o ON i.order_id = o.id JOIN customers c ON o.customer_id = c.id
      GROUP BY 1`);
    expectRanking(run, expected, 'highest');
  });

  it('answers "which product sold the least" with the products ranked from the bottom', async () => {
    const run = await answerOf(world, 'Which product sold the least?');
    expect(run.translation.query).toMatchObject({ dimensions: ['sales.product_name'] });
    const expected = await raw(`SELECT p.name, sum(${lineAmount})
      FROM order_items i JOIN products p ON i.product_id = p.id GROUP BY 1`);
    expectRanking(run, expected, 'lowest', 1);
  });

  it('answers "which store had the highest revenue in 2025" among the stores, not the orders without one', async () => {
    const run = await answerOf(world, 'Which store had the highest revenue in 2025?');
    expect(run.translation.query).toMatchObject({ dimensions: ['sales.store_name'] });
    const expected = await raw(`SELECT s.name, sum(${lineAmount})
      FROM order_items i JOIN orders o ON i.order_id = o.id LEFT JOIN stores s ON o.store_id = s.id
      WHERE o.ordered_at >= '2025-01-01' AND o.ordered_at < '2026-01-01' GROUP BY 1`);
    // Online orders have no store: they are the largest group, and no store.
    expect(expected.some((row) => row[0] === null)).toBe(true);
    expectRanking(run, expected, 'highest', 1);
  });

  it('answers "which customer placed the most orders" with customers ranked by their orders', async () => {
    const run = await answerOf(world, 'Which customer placed the most orders?');
    const expected = await raw(`SELECT c.first_name || ' ' || c.last_name, count(*)
      FROM orders o JOIN customers c ON o.customer_id = c.id GROUP BY 1`);
    expectRanking(run, expected, 'highest', 1);
  });

  it('refuses what the demo model cannot say', async () => {
    expect(await refusalOf(world, 'Revenue by favourite colour')).toContain(
      'nothing called "favourite colour"',
    );
    expect(await refusalOf(world, 'What is the biggest payment?')).toMatch(
      /^I can't answer that because you asked for a maximum/,
    );
    // A ranking of things the model does not know is refused, not answered with the overall total.
    expect(await refusalOf(world, 'Which industry had the least revenue?')).toContain(
      'nothing called "industry"',
    );
    // A word that qualifies what is counted ("blue products") and matches nothing is not dropped.
    expect(await refusalOf(world, 'Revenue of blue products')).toMatch(
      /^I can't answer that because .*"blue"/,
    );
  });
});
