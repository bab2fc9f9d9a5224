import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { distinctCount, expectSameRows, groupRows, indexRows, sumOf } from './expected-rows.js';
import { readSeedRows, type SeedRow, type SeedRows } from './seed-rows.js';
import { openTestWarehouse, type TestWarehouse, warehouseNames } from './test-warehouses.js';

const rows: SeedRows = await readSeedRows();
const accountsById = indexRows(rows.accounts, 'account_id');
const usersById = indexRows(rows.users, 'user_id');
const industryOfDeal = (deal: SeedRow) => accountsById.get(deal.account_id ?? null)?.industry ?? null;

describe.each(warehouseNames)('fan-out safety on %s', (name) => {
  let warehouse: TestWarehouse;

  beforeAll(async () => {
    warehouse = await openTestWarehouse(name, rows);
  });

  afterAll(async () => {
    await warehouse?.close();
  });

  test('deal amounts and account counts by industry, from deals: accounts are counted once each', async () => {
    const expected = [...groupRows(rows.deals, industryOfDeal)].map(([industry, deals]) => ({
      'accounts.industry': industry,
      'deals.total_amount': sumOf(deals, 'amount'),
      'accounts.count': distinctCount(
        deals.map((deal) => (accountsById.has(deal.account_id ?? null) ? deal.account_id : null)),
      ),
    }));
    const actual = await warehouse.load({
      measures: ['deals.total_amount', 'accounts.count'],
      dimensions: ['accounts.industry'],
    });
    expectSameRows(actual, expected, ['accounts.industry']);
  });

  test('account counts and deal amounts by industry, from accounts: deals do not multiply accounts', async () => {
    const dealsByAccount = groupRows(rows.deals, (deal) => deal.account_id);
    const expected = [...groupRows(rows.accounts, (account) => account.industry)].map(
      ([industry, accounts]) => ({
        'accounts.industry': industry,
        'accounts.count': accounts.length,
        'deals.total_amount': sumOf(
          accounts.flatMap((account) => dealsByAccount.get(account.account_id ?? null) ?? []),
          'amount',
        ),
      }),
    );
    const compiled = warehouse.compile({
      measures: ['accounts.count', 'deals.total_amount'],
      dimensions: ['accounts.industry'],
    });
    expect(compiled.sql).toContain('SELECT DISTINCT');
    const actual = await warehouse.load({
      measures: ['accounts.count', 'deals.total_amount'],
      dimensions: ['accounts.industry'],
    });
    expectSameRows(actual, expected, ['accounts.industry']);
    expect(actual.reduce((total, row) => total + Number(row['accounts.count']), 0)).toBe(
      rows.accounts.length,
    );
  });

  test('count of accounts filtered on their deals’ stage counts each account once', async () => {
    const stage = 'Won';
    const expected = distinctCount(
      rows.deals
        .filter((deal) => deal.stage === stage && accountsById.has(deal.account_id ?? null))
        .map((deal) => deal.account_id),
    );
    const actual = await warehouse.load({
      measures: ['accounts.count'],
      filters: [{ member: 'deals.stage', operator: 'equals', values: [stage] }],
    });
    expect(actual).toEqual([{ 'accounts.count': expected }]);
  });

  test('users and deals through user_deals (a view): amounts per job title count each deal once', async () => {
    const linksByDeal = groupRows(rows.user_deals, (link) => link.deal_id);
    const joined = rows.deals.flatMap((deal) => {
      const links = linksByDeal.get(deal.deal_id ?? null) ?? [];
      if (links.length === 0) return [{ deal, user: undefined }];
      return links.map((link) => ({ deal, user: usersById.get(link.user_id ?? null) }));
    });
    const expected = [...groupRows(joined, (row) => row.user?.job_title ?? null)].map(([title, group]) => {
      const deals = [...new Set(group.map((row) => row.deal))];
      return {
        'deal_team.users_job_title': title,
        'deal_team.total_amount': sumOf(deals, 'amount'),
        'deal_team.users_count': distinctCount(group.map((row) => row.user?.user_id)),
        'deal_team.count': deals.length,
      };
    });
    const actual = await warehouse.load({
      measures: ['deal_team.total_amount', 'deal_team.users_count', 'deal_team.count'],
      dimensions: ['deal_team.users_job_title'],
    });
    expectSameRows(actual, expected, ['deal_team.users_job_title']);
  });

  test('four stages: accounts, deals and users each counted once per segment; max stays in the main query', async () => {
    const dealsByAccount = groupRows(rows.deals, (deal) => deal.account_id);
    const usersByAccount = groupRows(rows.users, (user) => user.account_id);
    const expected = [...groupRows(rows.accounts, (account) => account.segment)].map(
      ([segment, accounts]) => {
        const deals = accounts.flatMap((account) => dealsByAccount.get(account.account_id ?? null) ?? []);
        const amounts = deals.map((deal) => Number(deal.amount));
        return {
          'accounts.segment': segment,
          'accounts.count': accounts.length,
          'deals.total_amount': sumOf(deals, 'amount'),
          'deals.largest_amount': amounts.length === 0 ? null : Math.max(...amounts),
          'users.count': accounts.flatMap((account) => usersByAccount.get(account.account_id ?? null) ?? [])
            .length,
        };
      },
    );
    const query = {
      measures: ['accounts.count', 'deals.total_amount', 'deals.largest_amount', 'users.count'],
      dimensions: ['accounts.segment'],
    };
    const sql = warehouse.compile(query).sql;
    expect(sql.startsWith('WITH "keys$" AS (\nSELECT DISTINCT')).toBe(true);
    expect(sql.match(/ FROM "keys\$"\) AS "k\$"/g)).toHaveLength(3);
    expectSameRows(await warehouse.load(query), expected, ['accounts.segment']);
  });

  test('a number measure over two cubes, a filter on a multiplied measure, and no dimensions at all', async () => {
    const perIndustry = [...groupRows(rows.deals, industryOfDeal)].map(([industry, deals]) => {
      const accounts = distinctCount(
        deals.map((deal) => (accountsById.has(deal.account_id ?? null) ? deal.account_id : null)),
      );
      const total = sumOf(deals, 'amount') ?? 0;
      return { industry, accounts, total };
    });
    const threshold = [...perIndustry.map((entry) => entry.accounts)].sort((left, right) => left - right)[
      Math.floor(perIndustry.length / 2)
    ] as number;
    const expected = perIndustry
      .filter((entry) => entry.accounts > threshold)
      .map((entry) => ({
        'accounts.industry': entry.industry,
        'deals.amount_per_account': entry.accounts === 0 ? null : entry.total / entry.accounts,
      }));
    const actual = await warehouse.load({
      measures: ['deals.amount_per_account'],
      dimensions: ['accounts.industry'],
      filters: [{ member: 'accounts.count', operator: 'gt', values: [String(threshold)] }],
    });
    expect(expected.length).toBeGreaterThan(0);
    expectSameRows(actual, expected, ['accounts.industry']);
    const totals = await warehouse.load({ measures: ['accounts.count', 'deals.count', 'users.count'] });
    const isKnownAccount = (row: SeedRow) => accountsById.has(row.account_id ?? null);
    expect(totals).toEqual([
      {
        'accounts.count': rows.accounts.length,
        'deals.count': rows.deals.filter(isKnownAccount).length,
        'users.count': rows.users.filter(isKnownAccount).length,
      },
    ]);
  });

  test('a multiplied cube without a primary key is refused, naming the cube', () => {
    expect(() => warehouse.compile({ measures: ['sales_targets.target_amount', 'deals.count'] })).toThrow(
      /sales_targets.*primary_key/,
    );
  });
});
