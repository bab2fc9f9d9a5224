import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf, refusalOf } from './analyst-harness.js';
import { type DemoWorld, openDemoWorld } from './demo-world.js';
import { keyedRows, orderedRows } from './result-rows.js';

const lineAmount = 'i.quantity * i.unit_price - i.discount';
const salesRows = 'FROM order_items i JOIN orders o ON i.order_id = o.id';
const in2025 = "o.ordered_at >= '2025-01-01' AND o.ordered_at < '2026-01-01'";
const first = 'revenue by channel in 2025';

describe('follow-up questions in a thread, on the demo model and its sample data', () => {
  let world: DemoWorld;

  beforeAll(async () => {
    world = await openDemoWorld();
  });

  afterAll(async () => {
    await world?.close();
  });

  it('"and by month?" then "what about 2024?" change the grain, then the period, of the query before', async () => {
    const byMonth = await answerOf(world, 'and by month?', [first]);
    expect(byMonth.searchQuery).toBe('revenue channel');
    expect(byMonth.translation.query).toMatchObject({
      measures: ['sales.revenue'],
      dimensions: ['sales.channel'],
      timeDimensions: [{ dimension: 'sales.ordered_at', granularity: 'month' }],
    });
    const expected2025 =
      await world.raw(`SELECT date_trunc('month', o.ordered_at), o.channel, sum(${lineAmount})
      ${salesRows} WHERE ${in2025} GROUP BY 1, 2`);
    expect(keyedRows(byMonth.result.data)).toEqual(keyedRows(expected2025));
    expect(byMonth.answer).toMatch(
      /^Revenue by month and sales channel, in 2025 \(2025-01-01 to 2025-12-31\)/,
    );

    const in2024 = await answerOf(world, 'what about 2024?', [first, 'and by month?']);
    const expected2024 =
      await world.raw(`SELECT date_trunc('month', o.ordered_at), o.channel, sum(${lineAmount})
      ${salesRows} WHERE o.ordered_at >= '2024-01-01' AND o.ordered_at < '2025-01-01' GROUP BY 1, 2`);
    expect(keyedRows(in2024.result.data)).toEqual(keyedRows(expected2024));
    expect(in2024.answer).toMatch(/^Revenue by month and sales channel, 2024 \(2024-01-01 to 2024-12-31\)/);
  });

  it('"by country instead" replaces the grouping and keeps the period', async () => {
    const run = await answerOf(world, 'by country instead', [first]);
    expect(run.translation.query.dimensions).toEqual(['sales.customer_country']);
    const expected = await world.raw(`SELECT c.country, sum(${lineAmount})
      ${salesRows} JOIN customers c ON o.customer_id = c.id WHERE ${in2025} GROUP BY 1`);
    expect(keyedRows(run.result.data)).toEqual(keyedRows(expected));
  });

  it('"only for the web channel" adds a filter, and the answer states it', async () => {
    const run = await answerOf(world, 'only for the web channel', [first]);
    const expected = await world.raw(`SELECT o.channel, sum(${lineAmount})
      ${salesRows} WHERE ${in2025} AND o.channel = 'web' GROUP BY 1`);
    expect(keyedRows(run.result.data)).toEqual(keyedRows(expected));
    expect(run.answer).toMatch(/in 2025 \(2025-01-01 to 2025-12-31\), where sales channel is web/);
  });

  it('"top 5 only" ranks the groupings of the query before', async () => {
    const run = await answerOf(world, 'top 5 only', ['revenue by product category in 2025']);
    const expected = await world.raw(`SELECT p.category, sum(${lineAmount}) AS revenue
      ${salesRows} JOIN products p ON i.product_id = p.id WHERE ${in2025} GROUP BY 1 ORDER BY revenue DESC LIMIT 5`);
    expect(orderedRows(run.result.data)).toEqual(orderedRows(expected));
  });

  it('"what about the average order value?" changes the measure and keeps the rest', async () => {
    const run = await answerOf(world, 'what about the average order value?', [first]);
    expect(run.translation.query.measures).toEqual(['sales.average_order_value']);
    const expected = await world.raw(`SELECT o.channel, sum(${lineAmount}) / count(DISTINCT i.order_id)
      ${salesRows} WHERE ${in2025} GROUP BY 1`);
    expect(keyedRows(run.result.data)).toEqual(keyedRows(expected));
  });

  it('reads a question that names no measure as a follow-up, and skips a refused question for the context', async () => {
    const byMonth = await answerOf(world, 'by month', [first]);
    expect(byMonth.translation.query).toMatchObject({
      measures: ['sales.revenue'],
      dimensions: ['sales.channel'],
      timeDimensions: [{ dimension: 'sales.ordered_at', granularity: 'month' }],
    });
    const afterRefusal = await answerOf(world, 'and by month?', [first, 'what about the weather?']);
    expect(afterRefusal.plan.sqlQuery).toBe(byMonth.plan.sqlQuery);
  });

  it('"and the app channel?" after a filter replaces the filter on that dimension', async () => {
    const run = await answerOf(world, 'and the app channel?', [first, 'only for the web channel']);
    const expected = await world.raw(`SELECT o.channel, sum(${lineAmount})
      ${salesRows} WHERE ${in2025} AND o.channel = 'app' GROUP BY 1`);
    expect(keyedRows(run.result.data)).toEqual(keyedRows(expected));
  });

  it('"what about revenue?" after a count of orders asks the question before of a source with revenue', async () => {
    const run = await answerOf(world, 'what about revenue?', ['number of orders by channel in 2025']);
    expect(run.translation.query).toMatchObject({
      measures: ['sales.revenue'],
      dimensions: ['sales.channel'],
    });
    const expected = await world.raw(`SELECT o.channel, sum(${lineAmount})
      ${salesRows} WHERE ${in2025} GROUP BY 1`);
    expect(keyedRows(run.result.data)).toEqual(keyedRows(expected));
  });

  it('"and last year?" restating the same period is answered with the same query', async () => {
    const run = await answerOf(world, 'and last year?', [first]);
    expect(run.plan.sqlQuery).toContain("ordered_at >= '2025-01-01'");
    expect(run.answer).toMatch(/^Revenue by sales channel, last year \(2025-01-01 to 2025-12-31\)/);
  });

  it('a question with a measure of its own and no follow-up words is planned on its own', async () => {
    const run = await answerOf(world, 'How many orders were cancelled in 2024?', [first]);
    expect(run.plan.sqlQuery).not.toContain('channel');
    expect(run.plan.sqlQuery).toContain("ordered_at >= '2024-01-01'");
  });

  it('refuses a follow-up it cannot place rather than answering the question before again', async () => {
    expect(await refusalOf(world, 'what about the weather?', [first])).toMatch(
      /^I can't answer that because I could not tell how "weather" changes the previous question's query \(Revenue by sales channel, in 2025/,
    );
    expect(await refusalOf(world, 'and?', [first])).toMatch(/^I can't answer that because/);
    expect(await refusalOf(world, 'and the average?', [first])).toMatch(/fits two measures/);
  });

  it('gives the same SQL when the step after the query plans the follow-up again', async () => {
    const thread = [first, 'and by month?'];
    const once = await answerOf(world, 'what about 2024?', thread);
    const again = await answerOf(world, 'what about 2024?', thread);
    expect(again.plan.sqlQuery).toBe(once.plan.sqlQuery);
  });
});
