import { loadSqlInterface } from '@platform/semantic';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf, askAnalyst, printed, refusalOf } from './analyst-harness.js';
import { keyedRows, orderedRows, singleValue } from './result-rows.js';
import { localDay, type SaasInvoice } from './saas-data.js';
import { openSaasWorld, type SaasWorld } from './saas-world.js';

/** 03:00 UTC on 10 February is still the 9th in New York: "yesterday" and "last month" are local. */
const now = new Date('2026-02-10T03:00:00Z');
const timezone = 'America/New_York';

function sum(values: readonly number[]): number {
  return Math.round(values.reduce((total, value) => total + value, 0) * 1e6) / 1e6;
}

function countBy<T>(rows: readonly T[], key: (row: T) => string, value: (row: T) => number = () => 1) {
  const totals = new Map<string, number>();
  for (const row of rows) totals.set(key(row), sum([totals.get(key(row)) ?? 0, value(row)]));
  return totals;
}

function monthStart(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

function quarterStart(day: string): string {
  const month = Math.floor((Number(day.slice(5, 7)) - 1) / 3) * 3 + 1;
  return `${day.slice(0, 4)}-${String(month).padStart(2, '0')}-01`;
}

describe('the built-in analyst on a subscription business, in New York time', () => {
  let world: SaasWorld;

  beforeAll(async () => {
    world = await openSaasWorld({ now, timezone, seed: 7 });
    await loadSqlInterface();
  });

  afterAll(async () => {
    await world?.close();
  });

  const local = (iso: string) => localDay(iso, timezone);
  const invoicesIn = (year: string) =>
    world.data.invoices.filter((invoice) => local(invoice.issuedAt).startsWith(year));

  it('totals MRR over active subscriptions', async () => {
    const run = await answerOf(world, 'What is our total MRR?');
    expect(run.translation.query.measures).toEqual(['subscriptions.mrr']);
    const active = world.data.subscriptions.filter((subscription) => subscription.status === 'active');
    const expected = sum(active.map((subscription) => subscription.mrr));
    expect(singleValue(run.result.data)).toBe(expected);
    expect(run.answer).toBe(`MRR: ${printed(expected)}.`);
  });

  it('counts active subscriptions with the filtered count measure', async () => {
    const run = await answerOf(world, 'How many active subscriptions do we have?');
    expect(run.translation.query.measures).toEqual(['subscriptions.active_count']);
    const expected = world.data.subscriptions.filter(
      (subscription) => subscription.status === 'active',
    ).length;
    expect(singleValue(run.result.data)).toBe(expected);
  });

  it('buckets this year by local month', async () => {
    const run = await answerOf(world, 'Invoiced amount by month this year');
    expect(run.plan.sqlQuery).toContain("issued_at >= '2026-01-01'");
    const invoices = invoicesIn('2026');
    const expected = countBy(
      invoices,
      (invoice) => monthStart(local(invoice.issuedAt)),
      (invoice) => invoice.amount,
    );
    expect(keyedRows(run.result.data)).toEqual(expected);
    const inUtc = countBy(
      world.data.invoices.filter((invoice) => invoice.issuedAt.startsWith('2026')),
      (invoice) => monthStart(invoice.issuedAt.slice(0, 10)),
      (invoice) => invoice.amount,
    );
    // why: the data puts invoices near midnight UTC, so reading the months in UTC would give other sums.
    expect(inUtc).not.toEqual(expected);
    expect(run.answer).toContain(`- January 2026: ${printed(expected.get('2026-01-01') ?? 0)}`);
  });

  it('reads "revenue" as the invoiced amount and groups it by the customer country', async () => {
    const run = await answerOf(world, 'Revenue by country');
    expect(run.translation.query).toMatchObject({
      measures: ['billing.amount'],
      dimensions: ['billing.country'],
    });
    const countryOf = new Map(world.data.customers.map((customer) => [customer.id, customer.country]));
    const subscriptionCountry = new Map(
      world.data.subscriptions.map((subscription) => [
        subscription.id,
        countryOf.get(subscription.customerId),
      ]),
    );
    const expected = countBy(
      world.data.invoices,
      (invoice: SaasInvoice) => subscriptionCountry.get(invoice.subscriptionId) ?? '(empty)',
      (invoice) => invoice.amount,
    );
    expect(keyedRows(run.result.data)).toEqual(expected);
  });

  it('ranks the top 3 plans by MRR', async () => {
    const run = await answerOf(world, 'Top 3 plans by MRR');
    const active = world.data.subscriptions.filter((subscription) => subscription.status === 'active');
    const expected = [
      ...countBy(
        active,
        (row) => row.plan,
        (row) => row.mrr,
      ),
    ]
      .sort((left, right) => right[1] - left[1])
      .slice(0, 3);
    expect(orderedRows(run.result.data)).toEqual(expected);
    expect(run.answer.split('\n')[0]).toContain(
      `${expected[0]?.[0]} is first by MRR, with ${printed(expected[0]?.[1] ?? 0)}.`,
    );
  });

  it('ranks plans "by number of subscriptions", though a synonym of the cube says "plans" too', async () => {
    const run = await answerOf(world, 'Top 2 plans by number of subscriptions');
    expect(run.translation.query).toMatchObject({
      measures: ['subscriptions.count'],
      dimensions: ['subscriptions.plan'],
      limit: 2,
    });
    const counts = [...countBy(world.data.subscriptions, (row) => row.plan)].sort(
      (left, right) => right[1] - left[1],
    );
    expect(counts[1]?.[1]).not.toBe(counts[2]?.[1]);
    expect(orderedRows(run.result.data)).toEqual(counts.slice(0, 2));
  });

  it('counts sign-ups of last month and of yesterday on the New York calendar', async () => {
    const lastMonth = await answerOf(world, 'How many customers signed up last month?');
    const inJanuary = world.data.customers.filter((customer) =>
      local(customer.signedUpAt).startsWith('2026-01'),
    );
    expect(singleValue(lastMonth.result.data)).toBe(inJanuary.length);
    expect(lastMonth.answer).toBe(
      `Customers, last month (2026-01-01 to 2026-01-31): ${printed(inJanuary.length)}.`,
    );
    const yesterday = await answerOf(world, 'How many customers signed up yesterday?');
    expect(yesterday.plan.sqlQuery).toContain(
      "signed_up_at >= '2026-02-08'\n  AND signed_up_at < '2026-02-09'",
    );
    const onTheEighth = world.data.customers.filter(
      (customer) => local(customer.signedUpAt) === '2026-02-08',
    );
    expect(singleValue(yesterday.result.data)).toBe(onTheEighth.length);
  });

  it('averages invoices over a year', async () => {
    const run = await answerOf(world, 'Average invoice amount in 2025');
    expect(run.translation.query.measures).toEqual(['invoices.average_amount']);
    const amounts = invoicesIn('2025').map((invoice) => invoice.amount);
    expect(singleValue(run.result.data)).toBeCloseTo(sum(amounts) / amounts.length, 6);
  });

  it('groups cancellations by the cancellation date', async () => {
    const run = await answerOf(world, 'How many subscriptions were cancelled per quarter?');
    expect(run.translation.query).toMatchObject({
      measures: ['subscriptions.churned_count'],
      timeDimensions: [{ dimension: 'subscriptions.cancelled_at', granularity: 'quarter' }],
    });
    const expected = countBy(
      world.data.subscriptions,
      (subscription) =>
        subscription.cancelledAt === null ? '(empty)' : quarterStart(local(subscription.cancelledAt)),
      (subscription) => (subscription.status === 'cancelled' ? 1 : 0),
    );
    expect(keyedRows(run.result.data)).toEqual(expected);
  });

  it('filters on a boolean dimension, and on its negation', async () => {
    const paid = await answerOf(world, 'Total amount of paid invoices in 2025');
    const expectedPaid = sum(
      invoicesIn('2025')
        .filter((invoice) => invoice.isPaid)
        .map((invoice) => invoice.amount),
    );
    expect(singleValue(paid.result.data)).toBe(expectedPaid);
    const unpaid = await answerOf(world, 'Unpaid invoice amount');
    expect(unpaid.plan.sqlQuery).toContain('NOT is_paid');
    const expectedUnpaid = sum(
      world.data.invoices.filter((invoice) => !invoice.isPaid).map((invoice) => invoice.amount),
    );
    expect(singleValue(unpaid.result.data)).toBe(expectedUnpaid);
  });

  it('answers "which country has the most customers"', async () => {
    const run = await answerOf(world, 'Which country has the most customers?');
    const expected = countBy(world.data.customers, (customer) => customer.country);
    const most = Math.max(...expected.values());
    // "Which country" asks for one: the country with the most (the first by name among equals).
    const [first] = [...expected]
      .filter(([, count]) => count === most)
      .sort(([left], [right]) => (left < right ? -1 : 1));
    expect(orderedRows(run.result.data)).toEqual([first]);
  });

  it('filters on a value that only a view over two cubes has', async () => {
    const run = await answerOf(world, 'MRR for customers in Germany');
    expect(run.translation.query).toMatchObject({
      measures: ['subscription_overview.mrr'],
      filters: [
        { member: 'subscription_overview.customer_country', operator: 'equals', values: ['Germany'] },
      ],
    });
    const germans = new Set(
      world.data.customers
        .filter((customer) => customer.country === 'Germany')
        .map((customer) => customer.id),
    );
    const expected = sum(
      world.data.subscriptions
        .filter((subscription) => subscription.status === 'active' && germans.has(subscription.customerId))
        .map((subscription) => subscription.mrr),
    );
    expect(singleValue(run.result.data)).toBe(expected);
  });

  it('"only for Germany invoices" after "invoiced amount by plan" filters the rows and keeps the amount', async () => {
    const run = await answerOf(world, 'Only for Germany invoices', ['Invoiced amount by plan']);
    expect(run.translation.query).toMatchObject({
      measures: ['billing.amount'],
      dimensions: ['billing.plan'],
      filters: [{ member: 'billing.country', operator: 'equals', values: ['Germany'] }],
    });
    const expected = await world.warehouse.query(
      `SELECT s.plan, sum(i.amount) FROM invoices i JOIN subscriptions s ON i.subscription_id = s.id
        JOIN customers c ON s.customer_id = c.id WHERE c.country = 'Germany' GROUP BY 1`,
      [],
    );
    expect(expected.rows.length).toBeGreaterThan(1);
    expect(keyedRows(run.result.data)).toEqual(keyedRows(expected.rows));
  });

  it('refuses "per kilometre by plan": the two groupings are read apart, and kilometres are none', async () => {
    expect(await refusalOf(world, 'Invoiced amount per kilometre by plan')).toContain(
      'nothing called "kilometre"',
    );
  });

  it('refuses an average of a sum, a metric the model lacks and a grouping it lacks', async () => {
    expect(await refusalOf(world, 'average MRR by plan')).toMatch(
      /^I can't answer that because you asked for an average/,
    );
    expect(await refusalOf(world, "What's our NPS?")).toMatch(
      /^I can't answer that because I found nothing in the data model/,
    );
    expect(await refusalOf(world, 'MRR by sales rep')).toContain('nothing called "sales rep"');
  });

  it('greets with example questions it can answer itself', async () => {
    const reason = await refusalOf(world, 'Thanks!');
    const examples = [...reason.matchAll(/"([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(examples.length).toBeGreaterThan(0);
    for (const example of examples) {
      const run = await askAnalyst(world, example);
      expect(run.plan.kind, example).toBe('query');
    }
  });
});
