import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { distinctCount, expectSameRows, groupRows, indexRows, sumOf } from './expected-rows.js';
import { readSeedRows, type SeedRow, type SeedRows } from './seed-rows.js';
import { openTestWarehouse, type TestWarehouse, warehouseNames } from './test-warehouses.js';

const rows: SeedRows = await readSeedRows();
const accountsById = indexRows(rows.accounts, 'account_id');
const accountOf = (deal: SeedRow) => accountsById.get(deal.account_id ?? null);

/** Stages by deal count descending, ties by stage ascending: the order the compiler promises. */
const stageCounts = [...groupRows(rows.deals, (deal) => deal.stage)]
  .map(([stage, deals]) => ({ 'deals.stage': stage, 'deals.count': deals.length }))
  .sort(
    (left, right) =>
      right['deals.count'] - left['deals.count'] ||
      String(left['deals.stage']).localeCompare(String(right['deals.stage'])),
  );

describe.each(warehouseNames)('query shape on %s', (name) => {
  let warehouse: TestWarehouse;

  beforeAll(async () => {
    warehouse = await openTestWarehouse(name, rows);
  });

  afterAll(async () => {
    await warehouse?.close();
  });

  test('default order (first measure descending), then limit and offset', async () => {
    const page = await warehouse.load({
      measures: ['deals.count'],
      dimensions: ['deals.stage'],
      limit: 3,
      offset: 1,
    });
    expect(page).toEqual(stageCounts.slice(1, 4));
    const compiled = warehouse.compile({ measures: ['deals.count'], dimensions: ['deals.stage'] });
    expect(compiled.query.order).toEqual([['deals.count', 'desc']]);
    expect(compiled.query.limit).toBe(10_000);
  });

  test('explicit order, object and array forms', async () => {
    const ascending = [...stageCounts].sort((left, right) =>
      String(left['deals.stage']).localeCompare(String(right['deals.stage'])),
    );
    const byObject = await warehouse.load({
      measures: ['deals.count'],
      dimensions: ['deals.stage'],
      order: { 'deals.stage': 'asc' },
    });
    expect(byObject).toEqual(ascending);
    const byArray = await warehouse.load({
      measures: ['deals.count'],
      dimensions: ['deals.stage'],
      order: [
        ['deals.count', 'asc'],
        ['deals.stage', 'desc'],
      ],
      limit: 2,
    });
    const expected = [...stageCounts]
      .sort(
        (left, right) =>
          left['deals.count'] - right['deals.count'] ||
          String(right['deals.stage']).localeCompare(String(left['deals.stage'])),
      )
      .slice(0, 2);
    expect(byArray).toEqual(expected);
  });

  test('a view with prefixed and aliased members joins along its paths', async () => {
    const expected = [...groupRows(rows.deals, (deal) => accountOf(deal)?.industry)].map(
      ([industry, deals]) => ({
        'pipeline.customer_industry': industry,
        'pipeline.count': deals.length,
        'pipeline.total_amount': sumOf(deals, 'amount'),
        'pipeline.customer_accounts': distinctCount(deals.map((deal) => accountOf(deal)?.account_id)),
      }),
    );
    const actual = await warehouse.load({
      measures: ['pipeline.count', 'pipeline.total_amount', 'pipeline.customer_accounts'],
      dimensions: ['pipeline.customer_industry'],
    });
    expectSameRows(actual, expected, ['pipeline.customer_industry']);
  });

  test('row filters apply wherever their cube takes part, and only there', async () => {
    const cubeRowFilters = [
      {
        cubeName: 'accounts',
        filter: { member: 'accounts.segment', operator: 'equals' as const, values: ['Enterprise'] },
      },
    ];
    const byStage = await warehouse.load(
      { measures: ['deals.count'], dimensions: ['deals.stage'] },
      { cubeRowFilters },
    );
    expectSameRows(byStage, stageCounts, ['deals.stage']);
    const enterpriseDeals = rows.deals.filter((deal) => accountOf(deal)?.segment === 'Enterprise');
    const expected = [...groupRows(enterpriseDeals, (deal) => accountOf(deal)?.industry)].map(
      ([industry, deals]) => ({
        'pipeline.customer_industry': industry,
        'pipeline.count': deals.length,
      }),
    );
    const throughView = await warehouse.load(
      { measures: ['pipeline.count'], dimensions: ['pipeline.customer_industry'] },
      { cubeRowFilters },
    );
    expectSameRows(throughView, expected, ['pipeline.customer_industry']);
  });

  test('case dimensions and number measures over filtered counts', async () => {
    const bandOf = (segment: string | null | undefined) =>
      segment === 'Enterprise' ? 'large' : segment === 'Midmarket' ? 'medium' : 'small';
    const expected = [...groupRows(rows.deals, (deal) => bandOf(accountOf(deal)?.segment))].map(
      ([band, deals]) => ({
        'accounts.size_band': band,
        'deals.win_rate': deals.filter((deal) => deal.stage === 'Won').length / deals.length,
      }),
    );
    const actual = await warehouse.load({ measures: ['deals.win_rate'], dimensions: ['accounts.size_band'] });
    expectSameRows(actual, expected, ['accounts.size_band']);
  });

  test('annotation and columns describe every key of the data', () => {
    const compiled = warehouse.compile({
      measures: ['deals.total_amount'],
      dimensions: ['deals.stage'],
      timeDimensions: [{ dimension: 'deals.created_at', granularity: 'month' }],
      segments: ['deals.won'],
    });
    expect(compiled.columns.map((column) => [column.alias, column.keys])).toEqual([
      ['deals__stage', ['deals.stage']],
      ['deals__created_at_month', ['deals.created_at.month', 'deals.created_at']],
      ['deals__total_amount', ['deals.total_amount']],
    ]);
    expect(compiled.annotation.timeDimensions['deals.created_at.month']).toEqual({
      title: 'Deals Created At',
      shortTitle: 'Created At',
      type: 'time',
    });
    expect(Object.keys(compiled.annotation.timeDimensions)).toEqual([
      'deals.created_at.month',
      'deals.created_at',
    ]);
    expect(compiled.annotation.measures['deals.total_amount']?.type).toBe('number');
    expect(Object.keys(compiled.annotation.segments)).toEqual(['deals.won']);
  });

  test.each([
    [{ measures: ['deals.totl_amount'] }, /did you mean `deals\.total_amount`/],
    [{ measures: ['deal.count'] }, /unknown cube or view `deal`.*did you mean `deals\.count`/],
    [
      { measures: ['deals.count'], dimensions: ['calendar.day'] },
      /cannot join `deals` and `calendar`.*no join path/,
    ],
    [{ measures: ['pipeline.count'], dimensions: ['deal_team.role'] }, /view `pipeline`.*one view at a time/],
    [{ measures: ['pipeline.count'], dimensions: ['deals.stage'] }, /mixes view `pipeline`/],
    [{ measures: ['deals.count'], limit: 50_001 }, /limit/],
    [{ measures: ['deals.count'], limit: -1 }, /limit/],
    [{ measures: ['deals.count'], offset: -5 }, /offset/],
    [{ measures: ['deals.count'], timezone: 'Mars/Olympus' }, /timezone/],
    [{ measures: ['deals.stage'] }, /is a dimension/],
    [{ measures: ['deals.count'], order: { 'deals.stage': 'asc' } }, /cannot order by `deals\.stage`/],
    [
      {
        measures: ['deals.count'],
        timeDimensions: [{ dimension: 'deals.created_at', granularity: 'fortnite' }],
      },
      /did you mean `fortnight`/,
    ],
  ] as const)('%j is refused', (query, message) => {
    expect(() => warehouse.compile(query)).toThrow(message);
  });
});
