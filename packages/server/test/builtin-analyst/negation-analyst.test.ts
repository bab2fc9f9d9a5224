import { loadSqlInterface } from '@platform/semantic';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf, printed, refusalOf } from './analyst-harness.js';
import { type CrmWorld, openCrmWorld } from './crm-world.js';
import { type DemoWorld, openDemoWorld } from './demo-world.js';
import { singleValue } from './result-rows.js';

const lineAmount = 'i.quantity * i.unit_price - i.discount';
const salesJoins = `FROM order_items i JOIN orders o ON i.order_id = o.id
  LEFT JOIN stores s ON o.store_id = s.id`;
const lead = "I can't answer that because";

describe('the built-in analyst on negations, value lists and words it cannot place (demo model)', () => {
  let world: DemoWorld;

  beforeAll(async () => {
    world = await openDemoWorld();
  });

  afterAll(async () => {
    await world?.close();
  });

  async function rawValue(sql: string): Promise<number> {
    return singleValue((await world.warehouse.query(sql, [])).rows);
  }

  it('counts the orders that were not completed, not the Completed orders measure', async () => {
    const run = await answerOf(world, 'How many orders were not completed?');
    expect(run.translation.query).toMatchObject({
      measures: ['orders.count'],
      filters: [{ member: 'orders.status', operator: 'notEquals', values: ['completed'] }],
    });
    const expected = await rawValue(
      `SELECT count(*) FROM orders WHERE status <> 'completed' OR status IS NULL`,
    );
    const completed = await rawValue(`SELECT count(*) FROM orders WHERE status = 'completed'`);
    expect(expected).not.toBe(completed);
    expect(run.answer).toBe(`Orders, where order status is not completed: ${printed(expected)}.`);
  });

  it('leaves several values out with NOT IN, and keeps the period', async () => {
    const run = await answerOf(world, 'How many orders excluding cancelled and returned in 2025?');
    expect(run.translation.query.filters).toContainEqual({
      member: 'orders.status',
      operator: 'notIn',
      values: ['cancelled', 'returned'],
    });
    const expected = await rawValue(`SELECT count(*) FROM orders
      WHERE (status NOT IN ('cancelled', 'returned') OR status IS NULL)
        AND ordered_at >= '2025-01-01' AND ordered_at < '2026-01-01'`);
    expect(singleValue(run.result.data)).toBe(expected);
    expect(run.answer).toContain('where order status is neither cancelled nor returned');
  });

  it('keeps the rows without a value when it leaves one value out, as the semantic layer does', async () => {
    const run = await answerOf(world, 'How many customers outside Paris?');
    expect(run.translation.query.filters).toEqual([
      { member: 'customers.city', operator: 'notEquals', values: ['Paris'] },
    ]);
    const withEmpty = await rawValue(`SELECT count(*) FROM customers WHERE city <> 'Paris' OR city IS NULL`);
    const withoutEmpty = await rawValue(`SELECT count(*) FROM customers WHERE city <> 'Paris'`);
    expect(withEmpty).toBeGreaterThan(withoutEmpty);
    expect(singleValue(run.result.data)).toBe(withEmpty);
  });

  it('reads "all but web orders" as revenue of every other channel', async () => {
    const run = await answerOf(world, 'Revenue for all but web orders');
    expect(run.translation.query).toMatchObject({
      measures: ['sales.revenue'],
      filters: [{ member: 'sales.channel', operator: 'notEquals', values: ['web'] }],
    });
    const expected = await rawValue(`SELECT sum(${lineAmount}) ${salesJoins}
      WHERE o.channel <> 'web' OR o.channel IS NULL`);
    expect(singleValue(run.result.data)).toBe(expected);
  });

  it('counts customers not in two countries on the view that knows their orders', async () => {
    const run = await answerOf(world, 'How many orders from customers not in France or Germany?');
    expect(run.translation.query).toMatchObject({
      measures: ['customer_overview.order_count'],
      filters: [{ member: 'customer_overview.country', operator: 'notIn', values: ['France', 'Germany'] }],
    });
    const expected = await rawValue(`SELECT count(*) FROM orders o JOIN customers c ON o.customer_id = c.id
      WHERE c.country NOT IN ('France', 'Germany') OR c.country IS NULL`);
    expect(singleValue(run.result.data)).toBe(expected);
  });

  it('reads "without" and "with no" as an empty field, "with a" as a filled one', async () => {
    const noCity = await answerOf(world, 'How many customers without a city?');
    expect(noCity.translation.query.filters).toEqual([
      { member: 'customers.city', operator: 'notSet', values: [] },
    ]);
    const expectedNoCity = await rawValue('SELECT count(*) FROM customers WHERE city IS NULL');
    expect(expectedNoCity).toBeGreaterThan(0);
    expect(noCity.answer).toBe(`Customers, where customer city is empty: ${printed(expectedNoCity)}.`);

    const unshipped = await answerOf(world, 'How many orders with no ship date?');
    expect(unshipped.translation.query.filters).toEqual([
      { member: 'orders.shipped_at', operator: 'notSet', values: [] },
    ]);
    expect(singleValue(unshipped.result.data)).toBe(
      await rawValue('SELECT count(*) FROM orders WHERE shipped_at IS NULL'),
    );

    const storeless = await answerOf(world, 'Revenue of orders without a store');
    expect(storeless.translation.query.filters).toEqual([
      { member: 'sales.store_name', operator: 'notSet', values: [] },
    ]);
    expect(singleValue(storeless.result.data)).toBe(
      await rawValue(`SELECT sum(${lineAmount}) ${salesJoins} WHERE s.name IS NULL`),
    );

    const reachable = await answerOf(world, 'How many customers with an email?');
    expect(reachable.translation.query.filters).toEqual([
      { member: 'customers.email', operator: 'set', values: [] },
    ]);
    expect(singleValue(reachable.result.data)).toBe(
      await rawValue('SELECT count(*) FROM customers WHERE email IS NOT NULL'),
    );
  });

  it('keeps every value of a list joined by "and", "or" or commas, on one dimension', async () => {
    const pending = await answerOf(world, 'How many shipped and pending orders?');
    expect(pending.translation.query.filters).toEqual([
      { member: 'orders.status', operator: 'in', values: ['shipped', 'pending'] },
    ]);
    expect(singleValue(pending.result.data)).toBe(
      await rawValue(`SELECT count(*) FROM orders WHERE status IN ('shipped', 'pending')`),
    );
    expect(pending.answer).toContain('where order status is shipped or pending');

    const channels = await answerOf(world, 'Revenue in web and app channels');
    expect(channels.translation.query.filters).toEqual([
      { member: 'sales.channel', operator: 'in', values: ['web', 'app'] },
    ]);
    expect(singleValue(channels.result.data)).toBe(
      await rawValue(`SELECT sum(${lineAmount}) ${salesJoins} WHERE o.channel IN ('web', 'app')`),
    );

    const excluded = await answerOf(world, 'Orders excluding cancelled, returned and pending');
    expect(excluded.translation.query.filters).toEqual([
      { member: 'orders.status', operator: 'notIn', values: ['cancelled', 'returned', 'pending'] },
    ]);
  });

  it('puts "New York or Paris stores" on the store city, which the word "stores" names', async () => {
    const run = await answerOf(world, 'Revenue from New York or Paris stores');
    expect(run.translation.query.filters).toEqual([
      { member: 'sales.store_city', operator: 'in', values: ['New York', 'Paris'] },
    ]);
    expect(singleValue(run.result.data)).toBe(
      await rawValue(`SELECT sum(${lineAmount}) ${salesJoins} WHERE s.city IN ('New York', 'Paris')`),
    );
  });

  it('refuses a negated segment and says what it can answer instead', async () => {
    const reason = await refusalOf(world, 'How many orders were not delivered?');
    expect(reason).toMatch(new RegExp(`^${lead} "not delivered" asks for the rows outside the segment`));
    expect(reason).toContain('"Orders by order status"');
  });

  it('refuses a negation it cannot attach to anything rather than dropping it', async () => {
    expect(await refusalOf(world, 'Revenue not by month')).toMatch(
      new RegExp(`^${lead} I could not tell what "not" applies to`),
    );
    expect(await refusalOf(world, 'How many orders excluding gizmos?')).toMatch(
      new RegExp(`^${lead} I could not tell what "excluding gizmos" leaves out`),
    );
  });

  it('refuses a list with a value it does not know, or one its dimension does not hold', async () => {
    expect(await refusalOf(world, 'Revenue for web and pigeon orders')).toMatch(
      new RegExp(`^${lead} "pigeon" is not a sales channel I know \\(I know "app", "store" and "web"\\)`),
    );
    expect(await refusalOf(world, 'Revenue from Berlin or Paris stores')).toMatch(
      new RegExp(`^${lead} "Berlin" is not a store city I know`),
    );
  });

  it('refuses words the plan would ignore: a second year, a threshold, a ratio, a second measure', async () => {
    // why: two adjacent years are one period ("in 2024 and 2025"); two years apart are not.
    expect(await refusalOf(world, 'Revenue in 2023 and 2025')).toMatch(new RegExp(`^${lead} .*"2025"`));
    expect(await refusalOf(world, 'Revenue over 5000')).toMatch(
      new RegExp(`^${lead} I could not tell what "5000"`),
    );
    expect(await refusalOf(world, 'Ratio of revenue to discounts')).toMatch(
      new RegExp(`^${lead} "Ratio" asks to compare or divide figures`),
    );
    expect(await refusalOf(world, 'Revenue per order')).toMatch(
      new RegExp(`^${lead} "order" names the Orders themselves`),
    );
    expect(await refusalOf(world, 'Revenue and discounts by month')).toMatch(
      new RegExp(`^${lead} the question names two measures`),
    );
  });
});

describe('the built-in analyst on negations and lists (CRM model over the fan-out seeds)', () => {
  let world: CrmWorld;

  beforeAll(async () => {
    world = await openCrmWorld({ now: new Date('2025-03-15T12:00:00Z'), timezone: 'UTC' });
    await loadSqlInterface();
  });

  afterAll(async () => {
    await world?.close();
  });

  it('counts the deals that were not won, not the won-deals measure', async () => {
    const run = await answerOf(world, 'How many deals were not won?');
    expect(run.translation.query).toMatchObject({
      measures: ['deals.count'],
      filters: [{ member: 'deals.stage', operator: 'notEquals', values: ['Won'] }],
    });
    const rows = (
      await world.warehouse.query(`SELECT count(*) FROM deals WHERE stage <> 'Won' OR stage IS NULL`, [])
    ).rows;
    expect(singleValue(run.result.data)).toBe(singleValue(rows));
  });

  it('refuses "won and lost deals" when "won" is also the measure it would pick', async () => {
    expect(await refusalOf(world, 'Won and lost deals by plan')).toMatch(
      new RegExp(`^${lead} "Won" is a stage joined to other values, but it is also part of the measure`),
    );
  });
});
