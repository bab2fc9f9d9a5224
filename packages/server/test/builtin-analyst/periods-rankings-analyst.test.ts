import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf, printed, refusalOf } from './analyst-harness.js';
import { type DemoWorld, lineAmount, openDemoWorld } from './demo-world.js';
import { expectRanking } from './ranking-expectations.js';
import { orderedRows, singleValue } from './result-rows.js';

/** Order lines with their order: revenue by the order's date. */
const salesLines = 'order_items i JOIN orders o ON i.order_id = o.id';

describe('explicit periods and rankings on the demo model and its sample data', () => {
  let world: DemoWorld;

  beforeAll(async () => {
    // why: the sample data runs to 2026-06-30; "last quarter" from here is 2026-Q2, not a quarter of 2025.
    world = await openDemoWorld();
  });

  afterAll(async () => {
    await world?.close();
  });

  async function revenueBetween(start: string, end?: string): Promise<number> {
    const until = end === undefined ? '' : `AND o.ordered_at < '${end}'`;
    return singleValue(
      await world.raw(
        `SELECT sum(${lineAmount}) FROM ${salesLines} WHERE o.ordered_at >= '${start}' ${until}`,
      ),
    );
  }

  it.each([
    ['Revenue in the second quarter of 2025', '2025-04-01', '2025-07-01'],
    // The wrong answer: read as the quarter before today (2026-Q2).
    ['Revenue in the last quarter of 2025', '2025-10-01', '2026-01-01'],
    ['Revenue in Q3 of 2025', '2025-07-01', '2025-10-01'],
    ['Revenue in the first half of 2025', '2025-01-01', '2025-07-01'],
    ['Revenue in the second half of last year', '2025-07-01', '2026-01-01'],
    // The other wrong answer: only the first of two years was kept.
    ['Revenue in 2024 and 2025', '2024-01-01', '2026-01-01'],
    ['Revenue during the week of 2026-03-02', '2026-03-02', '2026-03-09'],
    ['Revenue on 2026-03-05', '2026-03-05', '2026-03-06'],
    ['Revenue since the beginning of 2026', '2026-01-01', undefined],
  ])('%s', async (question, start, end) => {
    const run = await answerOf(world, question);
    expect(run.plan.sqlQuery).toContain(`ordered_at >= '${start}'`);
    if (end === undefined) expect(run.plan.sqlQuery).not.toContain('ordered_at <');
    else expect(run.plan.sqlQuery).toContain(`ordered_at < '${end}'`);
    const expected = await revenueBetween(start, end);
    expect(singleValue(run.result.data)).toBe(expected);
    expect(run.answer).toContain(`: ${printed(expected)}.`);
  });

  it('reads "between April and June 2025 by month" as three whole months', async () => {
    const run = await answerOf(world, 'Orders between April and June 2025 by month');
    const expected = await world.raw(`SELECT date_trunc('month', ordered_at), count(*) FROM orders
      WHERE ordered_at >= '2025-04-01' AND ordered_at < '2025-07-01' GROUP BY 1 ORDER BY 1`);
    expect(expected).toHaveLength(3);
    expect(orderedRows(run.result.data)).toEqual(orderedRows(expected));
  });

  it('counts orders by week and by day within a month', async () => {
    const weekly = await answerOf(world, 'Weekly orders in March 2026');
    const byWeek = await world.raw(`SELECT date_trunc('week', ordered_at), count(*) FROM orders
      WHERE ordered_at >= '2026-03-01' AND ordered_at < '2026-04-01' GROUP BY 1 ORDER BY 1`);
    expect(orderedRows(weekly.result.data)).toEqual(orderedRows(byWeek));
    const daily = await answerOf(world, 'Orders each day of March 2026');
    const byDay = await world.raw(`SELECT date_trunc('day', ordered_at), count(*) FROM orders
      WHERE ordered_at >= '2026-03-01' AND ordered_at < '2026-04-01' GROUP BY 1 ORDER BY 1`);
    expect(orderedRows(daily.result.data)).toEqual(orderedRows(byDay));
  });

  it('reads "the first week of June 2025" as the month\'s days 1 to 7, and its last week as its last 7', async () => {
    const first = await answerOf(world, 'How many orders did we get per day in the first week of June 2025?');
    const firstDays = await world.raw(`SELECT date_trunc('day', ordered_at), count(*) FROM orders
      WHERE ordered_at >= '2025-06-01' AND ordered_at < '2025-06-08' GROUP BY 1 ORDER BY 1`);
    expect(firstDays.length).toBeGreaterThan(1);
    expect(orderedRows(first.result.data)).toEqual(orderedRows(firstDays));
    expect(first.answer).toContain('2025-06-01 to 2025-06-07');
    const last = await answerOf(world, 'Orders in the last week of June 2025');
    const lastDays = await world.raw(
      "SELECT count(*) FROM orders WHERE ordered_at >= '2025-06-24' AND ordered_at < '2025-07-01'",
    );
    expect(singleValue(last.result.data)).toBe(singleValue(lastDays));
  });

  it('refuses periods it cannot read as one range rather than answering for another', async () => {
    expect(await refusalOf(world, 'Revenue in 2023 and 2025')).toContain('"2025"');
    expect(await refusalOf(world, 'Revenue in the last week of 2025')).toContain('"last week"');
  });

  it('ranks "the 5 stores with the most orders" by their orders', async () => {
    const run = await answerOf(world, 'The 5 stores with the most orders');
    expect(run.translation.query).toMatchObject({
      measures: ['sales.order_count'],
      dimensions: ['sales.store_name'],
      limit: 5,
    });
    const expected = await world.raw(`SELECT s.name, count(DISTINCT i.order_id)
      FROM ${salesLines} LEFT JOIN stores s ON o.store_id = s.id GROUP BY 1`);
    expectRanking(run, expected, 'highest', 5);
  });

  it('ranks "show the stores with the most orders", the stores named before the ranking', async () => {
    const run = await answerOf(world, 'Show the stores with the most orders in 2025');
    expect(run.translation.query).toMatchObject({ dimensions: ['sales.store_name'], limit: 10 });
    const expected = await world.raw(`SELECT s.name, count(DISTINCT i.order_id)
      FROM ${salesLines} LEFT JOIN stores s ON o.store_id = s.id
      WHERE o.ordered_at >= '2025-01-01' AND o.ordered_at < '2026-01-01' GROUP BY 1`);
    expectRanking(run, expected, 'highest');
  });

  it('ranks "which 10 products sold the best" by revenue', async () => {
    const run = await answerOf(world, 'Which 10 products sold the best?');
    expect(run.translation.query).toMatchObject({ dimensions: ['sales.product_name'], limit: 10 });
    const expected = await world.raw(`SELECT p.name, sum(${lineAmount})
      FROM order_items i JOIN products p ON i.product_id = p.id GROUP BY 1`);
    expectRanking(run, expected, 'highest', 10);
  });

  it('answers "which category earns the most" with one category', async () => {
    const run = await answerOf(world, 'Which category earns the most?');
    expect(run.translation.query).toMatchObject({ dimensions: ['sales.product_category'], limit: 1 });
    const expected = await world.raw(`SELECT p.category, sum(${lineAmount}) AS revenue
      FROM order_items i JOIN products p ON i.product_id = p.id GROUP BY 1 ORDER BY revenue DESC, 1 LIMIT 1`);
    const [top] = orderedRows(expected);
    expect(orderedRows(run.result.data)).toEqual([top]);
    expect(run.answer).toBe(`${top?.[0]} has the highest revenue: ${printed(top?.[1] ?? 0)}.`);
  });

  it('keeps the default list for "top products by revenue"', async () => {
    const run = await answerOf(world, 'Top products by revenue');
    expect(run.translation.query).toMatchObject({ dimensions: ['sales.product_name'], limit: 10 });
    const expected = await world.raw(`SELECT p.name, sum(${lineAmount})
      FROM order_items i JOIN products p ON i.product_id = p.id GROUP BY 1`);
    expectRanking(run, expected, 'highest');
  });

  it.each([
    ['What was the busiest month for orders in 2025?', 'DESC', 'most'],
    ['Which month had the most orders in 2025?', 'DESC', 'most'],
    ['The slowest month for orders in 2025', 'ASC', 'fewest'],
  ])('%s: the time grain ranked, one month', async (question, direction, word) => {
    const run = await answerOf(world, question);
    expect(run.plan.sqlQuery).toMatch(new RegExp(`ORDER BY 2 ${direction}, 1 ASC\\nLIMIT 1$`));
    const expected = await world.raw(`SELECT date_trunc('month', ordered_at), count(*) AS orders FROM orders
      WHERE ordered_at >= '2025-01-01' AND ordered_at < '2026-01-01'
      GROUP BY 1 ORDER BY orders ${direction}, 1 LIMIT 1`);
    const [top] = orderedRows(expected);
    expect(orderedRows(run.result.data)).toEqual([top]);
    expect(run.answer).toMatch(
      new RegExp(`^\\w+ 2025 has the ${word} orders, in 2025 .*: ${printed(top?.[1] ?? 0)}\\.$`),
    );
  });

  it('answers "the best day by revenue in March 2026" on the order date', async () => {
    const run = await answerOf(world, 'The best day by revenue in March 2026');
    expect(run.translation.query).toMatchObject({ measures: ['sales.revenue'], limit: 1 });
    const expected = await world.raw(`SELECT date_trunc('day', o.ordered_at), sum(${lineAmount}) AS revenue
      FROM ${salesLines} WHERE o.ordered_at >= '2026-03-01' AND o.ordered_at < '2026-04-01'
      GROUP BY 1 ORDER BY revenue DESC, 1 LIMIT 1`);
    expect(orderedRows(run.result.data)).toEqual(orderedRows(expected));
  });

  it('refuses a ranking of things the source cannot name, rather than giving a total', async () => {
    expect(await refusalOf(world, 'The 5 largest orders')).toContain('nothing to rank');
    expect(await refusalOf(world, 'Show 5 payments with the most amount')).toContain('nothing to rank');
  });
});
