import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf, refusalOf } from './analyst-harness.js';
import { type DemoWorld, openDemoWorld } from './demo-world.js';
import { keyedRows } from './result-rows.js';

/** Payments joined to the customer of their order, in the raw sample tables. */
const paymentsOfCustomers = `FROM payments p JOIN orders o ON p.order_id = o.id JOIN customers c ON o.customer_id = c.id`;

describe('the built-in analyst through the joins of the demo model', () => {
  let demo: DemoWorld;

  beforeAll(async () => {
    demo = await openDemoWorld();
  });

  afterAll(async () => {
    await demo?.close();
  });

  it('filters payments on the country of their customer, through the join', async () => {
    const run = await answerOf(demo, 'Payments per method for customers in Spain');
    expect(run.plan.sqlQuery).toContain('FROM payments CROSS JOIN customers');
    expect(run.plan.sqlQuery).toContain("customers.country = 'Spain'");
    expect(run.translation.query).toMatchObject({
      measures: ['payments.count'],
      dimensions: ['payments.method'],
      filters: [{ member: 'customers.country', operator: 'equals', values: ['Spain'] }],
    });
    const expected = await demo.raw(
      `SELECT p.method, count(*) ${paymentsOfCustomers} WHERE c.country = 'Spain' GROUP BY 1`,
    );
    expect(expected.length).toBeGreaterThan(1);
    expect(keyedRows(run.result.data)).toEqual(keyedRows(expected));
    expect(run.plan.scope).toBe('where customer country is Spain');
    expect(run.answer).toContain('customer country is Spain');
  });

  it('groups payments by a dimension of a joined cube', async () => {
    const run = await answerOf(demo, 'Amount paid by customer segment');
    expect(run.plan.sqlQuery).toContain('FROM payments CROSS JOIN customers');
    expect(run.translation.query).toMatchObject({
      measures: ['payments.amount'],
      dimensions: ['customers.segment'],
    });
    const expected = await demo.raw(`SELECT c.segment, sum(p.amount) ${paymentsOfCustomers} GROUP BY 1`);
    expect(keyedRows(run.result.data)).toEqual(keyedRows(expected));
  });

  it('ranks the entity of a joined cube: which customer segment has the highest average payment', async () => {
    const run = await answerOf(demo, 'Which customer segment has the highest average payment?');
    expect(run.plan.sqlQuery).toContain('FROM payments CROSS JOIN customers');
    expect(run.translation.query).toMatchObject({
      measures: ['payments.average_amount'],
      dimensions: ['customers.segment'],
      limit: 1,
    });
    const expected = await demo.raw(
      `SELECT c.segment, avg(p.amount) AS average ${paymentsOfCustomers} GROUP BY 1 ORDER BY average DESC LIMIT 1`,
    );
    expect(keyedRows(run.result.data)).toEqual(keyedRows(expected));
  });

  it('reads "longest" and "shortest" as rankings, not as words to leave out', async () => {
    const run = await answerOf(demo, 'Which customer segment has the shortest average payment?');
    expect(run.translation.query).toMatchObject({
      measures: ['payments.average_amount'],
      dimensions: ['customers.segment'],
      limit: 1,
    });
    const expected = await demo.raw(
      `SELECT c.segment, avg(p.amount) AS average ${paymentsOfCustomers} GROUP BY 1 ORDER BY average ASC LIMIT 1`,
    );
    expect(keyedRows(run.result.data)).toEqual(keyedRows(expected));
  });

  it('still answers from a view that holds both, without a join', async () => {
    const run = await answerOf(demo, 'Revenue for customers in Spain');
    expect(run.plan.sqlQuery).not.toContain('CROSS JOIN');
    expect(run.translation.query).toMatchObject({ measures: ['sales.revenue'] });
  });

  it('does not guess between two joined cubes that both have the value', async () => {
    const [shared] = await demo.raw(
      'SELECT country FROM stores WHERE country IN (SELECT country FROM customers) ORDER BY 1 LIMIT 1',
    );
    const country = String(shared?.[0]);
    expect(country).not.toBe('undefined');
    const reason = await refusalOf(demo, `Payments per method in ${country}`);
    expect(reason).toContain(country);
  });

  it('keeps a value of the joined orders ("on the web") rather than counting every payment', async () => {
    const run = await answerOf(demo, 'Number of payments by method for orders placed on the web');
    expect(run.plan.sqlQuery).toMatch(/channel = 'web'/);
    const expected = await demo.raw(
      `SELECT p.method, count(*) FROM payments p JOIN orders o ON p.order_id = o.id WHERE o.channel = 'web' GROUP BY 1`,
    );
    expect(expected.length).toBeGreaterThan(1);
    expect(keyedRows(run.result.data)).toEqual(keyedRows(expected));
  });

  it('refuses a value that no reachable cube has', async () => {
    const reason = await refusalOf(demo, 'Payments per method for customers in Atlantis');
    expect(reason).toMatch(/Atlantis/);
  });
});
