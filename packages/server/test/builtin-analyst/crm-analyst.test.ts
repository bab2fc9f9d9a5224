import { loadSqlInterface } from '@platform/semantic';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf, printed, refusalOf } from './analyst-harness.js';
import { type CrmWorld, openCrmWorld } from './crm-world.js';
import { expectRanking } from './ranking-expectations.js';
import { keyedRows, orderedRows, singleValue } from './result-rows.js';

/** The seeds run from January 2023 to February 2025; "last year" is 2024 from here. */
const now = new Date('2025-03-15T12:00:00Z');

describe('the built-in analyst on a CRM model over the fan-out seed tables', () => {
  let world: CrmWorld;

  beforeAll(async () => {
    world = await openCrmWorld({ now, timezone: 'UTC' });
    await loadSqlInterface();
  });

  afterAll(async () => {
    await world?.close();
  });

  /** Plain SQL on the raw tables: the independent answer. */
  async function raw(sql: string): Promise<unknown[][]> {
    return (await world.warehouse.query(sql, [])).rows;
  }

  it('counts all deals', async () => {
    const run = await answerOf(world, 'How many deals are there?');
    expect(run.translation.query).toMatchObject({ measures: ['deals.count'] });
    const expected = singleValue(await raw('SELECT count(*) FROM deals'));
    expect(singleValue(run.result.data)).toBe(expected);
    expect(run.answer).toBe(`Number of deals: ${printed(expected)}.`);
  });

  it('totals the deal amount', async () => {
    const run = await answerOf(world, 'What is the total deal amount?');
    expect(run.translation.query).toMatchObject({ measures: ['deals.amount'] });
    const expected = singleValue(await raw('SELECT sum(amount) FROM deals'));
    expect(singleValue(run.result.data)).toBe(expected);
    expect(run.answer).toContain(printed(expected));
  });

  it('breaks the amount down by industry through the view that joins accounts', async () => {
    const run = await answerOf(world, 'Deal amount by industry');
    expect(run.plan.sqlQuery).toContain('FROM pipeline');
    expect(run.translation.query).toMatchObject({
      measures: ['pipeline.amount'],
      dimensions: ['pipeline.account_industry'],
    });
    const expected = await raw(`SELECT a.industry, sum(d.amount) FROM deals d
      LEFT JOIN accounts a ON d.account_id = a.account_id GROUP BY 1`);
    expect(keyedRows(run.result.data)).toEqual(keyedRows(expected));
    const [first] = orderedRows(run.result.data);
    const highest = Math.max(...keyedRows(expected).values());
    expect(first?.[1]).toBe(highest);
    expect(run.answer).toContain(`(${expected.length} rows, highest first)`);
    expect(run.answer).toContain(`- ${first?.[0]}: ${printed(highest)}`);
    expect(run.plan.chart).toEqual({ mark: 'bar', x: 'account_industry', y: 'amount' });
  });

  it('counts deals per month within a year', async () => {
    const run = await answerOf(world, 'Number of deals per month in 2024');
    expect(run.translation.query.timeDimensions).toEqual([
      { dimension: 'deals.created_date', granularity: 'month' },
    ]);
    const expected = await raw(`SELECT date_trunc('month', created_date), count(*) FROM deals
      WHERE created_date >= '2024-01-01' AND created_date < '2025-01-01' GROUP BY 1 ORDER BY 1`);
    expect(orderedRows(run.result.data)).toEqual(orderedRows(expected));
    expect(run.answer).toContain('January 2024');
    expect(run.plan.chart).toEqual({ mark: 'line', x: 'month', y: 'count' });
  });

  it('reads "won deals last year" as the won count over the previous calendar year', async () => {
    const run = await answerOf(world, 'How many won deals last year?');
    expect(run.translation.query.measures).toEqual(['deals.won_count']);
    const expected = singleValue(
      await raw(`SELECT count(*) FROM deals WHERE stage = 'Won'
        AND created_date >= '2024-01-01' AND created_date < '2025-01-01'`),
    );
    expect(singleValue(run.result.data)).toBe(expected);
    expect(run.answer).toBe(`Won deals, last year (2024-01-01 to 2024-12-31): ${printed(expected)}.`);
  });

  it('ranks the top 5 industries by amount', async () => {
    const run = await answerOf(world, 'Top 5 industries by deal amount');
    expect(run.plan.sqlQuery).toMatch(/ORDER BY 2 DESC\nLIMIT 5$/);
    const expected = await raw(`SELECT a.industry, sum(d.amount) AS total FROM deals d
      LEFT JOIN accounts a ON d.account_id = a.account_id GROUP BY 1 ORDER BY total DESC LIMIT 5`);
    expect(orderedRows(run.result.data)).toEqual(orderedRows(expected));
    const [top] = orderedRows(expected);
    expect(run.answer.split('\n')[0]).toBe(
      `${top?.[0]} is first by deal amount, with ${printed(top?.[1] ?? 0)}. Deal amount by account industry, highest first:`,
    );
  });

  it('counts sign-ups per quarter on the signup date', async () => {
    const run = await answerOf(world, 'How many users signed up each quarter?');
    expect(run.translation.query.timeDimensions).toEqual([
      { dimension: 'users.created_at', granularity: 'quarter' },
    ]);
    const expected = await raw(
      `SELECT date_trunc('quarter', created_at), count(*) FROM users GROUP BY 1 ORDER BY 1`,
    );
    expect(orderedRows(run.result.data)).toEqual(orderedRows(expected));
    expect(run.answer).toMatch(/- Q1 2023: /);
  });

  it('filters on a known value named in the question', async () => {
    const run = await answerOf(world, 'How many Enterprise accounts are there?');
    expect(run.translation.query.filters).toEqual([
      { member: 'accounts.segment', operator: 'equals', values: ['Enterprise'] },
    ]);
    const expected = singleValue(await raw(`SELECT count(*) FROM accounts WHERE segment = 'Enterprise'`));
    expect(singleValue(run.result.data)).toBe(expected);
    expect(run.answer).toBe(`Number of accounts, where segment is Enterprise: ${printed(expected)}.`);
  });

  it('takes the average measure for "average", with a filter on a plan', async () => {
    const run = await answerOf(world, 'Average deal amount for the professional plan');
    expect(run.translation.query).toMatchObject({
      measures: ['deals.average_amount'],
      filters: [{ member: 'deals.plan', operator: 'equals', values: ['Professional'] }],
    });
    const expected = singleValue(await raw(`SELECT avg(amount) FROM deals WHERE plan = 'Professional'`));
    expect(singleValue(run.result.data)).toBeCloseTo(expected, 6);
    expect(run.answer).toContain(printed(expected));
  });

  it('answers "which … the most" of a thing named in the singular with the first one only', async () => {
    const run = await answerOf(world, 'Which job title has the most users?');
    expect(run.plan.sqlQuery).toMatch(/ORDER BY 2 DESC, 1 ASC\nLIMIT 1$/);
    const expected = await raw(
      `SELECT job_title, count(*) AS users FROM users WHERE job_title IS NOT NULL
        GROUP BY 1 ORDER BY users DESC, 1 LIMIT 1`,
    );
    const [top] = orderedRows(expected);
    expect(orderedRows(run.result.data)).toEqual([top]);
    expect(run.answer).toBe(`${top?.[0]} has the most users: ${printed(top?.[1] ?? 0)}.`);
  });

  it('ranks accounts by their name for "which accounts had the largest deal amount"', async () => {
    const run = await answerOf(world, 'Which accounts had the largest deal amount?');
    expect(run.translation.query).toMatchObject({
      measures: ['pipeline.amount'],
      dimensions: ['pipeline.account_name'],
    });
    const expected = await raw(`SELECT a.account_name, sum(d.amount)
      FROM deals d LEFT JOIN accounts a ON d.account_id = a.account_id GROUP BY 1`);
    // Deals of accounts the table does not hold have no name: no account to rank.
    expect(expected.some((row) => row[0] === null)).toBe(true);
    expectRanking(run, expected, 'highest');
  });

  it('reads "which account won the most deals" as accounts ranked by won deals', async () => {
    const run = await answerOf(world, 'Which account won the most deals?');
    expect(run.translation.query).toMatchObject({
      measures: ['pipeline.won_count'],
      dimensions: ['pipeline.account_name'],
    });
    const expected = await raw(`SELECT a.account_name, count(*) FILTER (WHERE d.stage = 'Won')
      FROM deals d LEFT JOIN accounts a ON d.account_id = a.account_id GROUP BY 1`);
    expectRanking(run, expected, 'highest', 1);
  });

  it('ranks from the bottom for "which industry had the least deal amount in 2024"', async () => {
    const run = await answerOf(world, 'Which industry had the least deal amount in 2024?');
    expect(run.translation.query).toMatchObject({ dimensions: ['pipeline.account_industry'] });
    const expected = await raw(`SELECT a.industry, sum(d.amount)
      FROM deals d LEFT JOIN accounts a ON d.account_id = a.account_id
      WHERE d.created_date >= '2024-01-01' AND d.created_date < '2025-01-01' GROUP BY 1`);
    expectRanking(run, expected, 'lowest', 1);
  });

  it('reads "between March and May 2024" as three whole months', async () => {
    const run = await answerOf(world, 'Deals between March and May 2024 by stage');
    expect(run.plan.sqlQuery).toContain("created_date >= '2024-03-01'\n  AND created_date < '2024-06-01'");
    const expected = await raw(`SELECT stage, count(*) FROM deals
      WHERE created_date >= '2024-03-01' AND created_date < '2024-06-01' GROUP BY 1`);
    expect(keyedRows(run.result.data)).toEqual(keyedRows(expected));
  });

  it('filters on a boolean dimension the question names', async () => {
    const run = await answerOf(world, 'How many users opted in to marketing?');
    expect(run.translation.query.filters).toEqual([
      { member: 'users.is_marketing_opted_in', operator: 'equals', values: [true] },
    ]);
    const expected = singleValue(await raw('SELECT count(*) FROM users WHERE is_marketing_opted_in = 1'));
    expect(singleValue(run.result.data)).toBe(expected);
  });

  it('reads "no-login users" as the measure of that name, not as "no" before "login users"', async () => {
    const run = await answerOf(world, 'How many no-login users are there by job title?');
    expect(run.translation.query).toMatchObject({
      measures: ['users.no_login_count'],
      dimensions: ['users.job_title'],
    });
    expect(run.translation.query.filters ?? []).toEqual([]);
    const expected = await raw(`SELECT job_title, count(*) FILTER (WHERE latest_logged_in_at IS NULL)
      FROM users GROUP BY 1`);
    expect(keyedRows(run.result.data)).toEqual(keyedRows(expected));
  });

  it('uses a max measure for "the largest deal"', async () => {
    const run = await answerOf(world, 'What was the largest deal in 2024?');
    expect(run.translation.query.measures).toEqual(['deals.largest_amount']);
    const expected = singleValue(
      await raw(
        `SELECT max(amount) FROM deals WHERE created_date >= '2024-01-01' AND created_date < '2025-01-01'`,
      ),
    );
    expect(run.answer).toBe(`Largest deal amount, in 2024 (2024-01-01 to 2024-12-31): ${printed(expected)}.`);
  });

  it('finds an account by its full name among the values of the view', async () => {
    const [account] =
      await raw(`SELECT a.account_name, count(*) FROM deals d JOIN accounts a USING (account_id)
      WHERE a.account_name NOT LIKE '%,%' GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`);
    const run = await answerOf(world, `How many deals does ${String(account?.[0])} have?`);
    expect(run.translation.query.filters).toEqual([
      { member: 'pipeline.account_name', operator: 'equals', values: [account?.[0]] },
    ]);
    expect(singleValue(run.result.data)).toBe(Number(account?.[1]));
  });

  it('says no data matched when a range holds no rows', async () => {
    const run = await answerOf(world, 'How many deals in 2021?');
    expect(run.result.data).toEqual([[0]]);
    const empty = await answerOf(world, 'Deal amount by stage in 2021');
    expect(empty.result.data).toEqual([]);
    expect(empty.answer).toBe(
      'No data matched: deal amount, in 2021 (2021-01-01 to 2021-12-31) has no rows.',
    );
  });

  it('greets without querying', async () => {
    expect(await refusalOf(world, 'Hi there!')).toMatch(/^Hello! I am the built-in analyst/);
  });

  it('says plainly when a question is not about the data', async () => {
    expect(await refusalOf(world, 'What is the weather like in Paris?')).toMatch(
      /I found nothing in the data model/,
    );
  });

  it('does not guess a filter for a name it cannot find', async () => {
    expect(await refusalOf(world, 'How many deals does Atlantis Corp have?')).toMatch(
      /^I can't answer that because I could not find "Atlantis Corp"/,
    );
  });

  it('names what it can group by when asked for something else', async () => {
    const reason = await refusalOf(world, 'Deal amount by favourite colour');
    expect(reason).toContain('nothing called "favourite colour"');
    expect(reason).toContain('"stage"');
  });

  it('refuses an average of a measure that is a sum', async () => {
    expect(await refusalOf(world, 'What is the average number of seats?')).toMatch(
      /^I can't answer that because you asked for an average, but the closest measure I found is "Seats"/,
    );
  });
});
