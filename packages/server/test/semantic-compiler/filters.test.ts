import type { QueryFilter } from '@platform/semantic';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectSameRows, groupRows, indexRows } from './expected-rows.js';
import { readSeedRows, type SeedRow, type SeedRows } from './seed-rows.js';
import { openTestWarehouse, type TestWarehouse, warehouseNames } from './test-warehouses.js';

const rows: SeedRows = await readSeedRows();
const accountsById = indexRows(rows.accounts, 'account_id');

/** A deal with its account (undefined when the deal's account is unknown), as `deals LEFT JOIN accounts`. */
interface DealRow {
  readonly deal: SeedRow;
  readonly industry: string | null;
}
const deals: DealRow[] = rows.deals.map((deal) => ({
  deal,
  industry: accountsById.get(deal.account_id ?? null)?.industry ?? null,
}));

const amountOf = (row: DealRow) => Number(row.deal.amount);
const createdOf = (row: DealRow) => row.deal.created_date ?? '';
const lower = (text: string | null | undefined) => (text ?? '').toLowerCase();
const firstDay = createdOf(deals[0] as DealRow).slice(0, 10);
const nextDay = new Date(Date.parse(`${firstDay}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const middleAmount = [...deals.map(amountOf)].sort((left, right) => left - right)[
  Math.floor(deals.length / 2)
] as number;

interface FilterCase {
  readonly title: string;
  readonly filter: QueryFilter;
  readonly matches: (row: DealRow) => boolean;
}

const cases: FilterCase[] = [
  {
    title: 'equals',
    filter: { member: 'deals.stage', operator: 'equals', values: ['Won'] },
    matches: (row) => row.deal.stage === 'Won',
  },
  {
    title: 'equals several (IN)',
    filter: { member: 'deals.stage', operator: 'equals', values: ['Won', 'Lost'] },
    matches: (row) => ['Won', 'Lost'].includes(row.deal.stage ?? ''),
  },
  {
    title: 'notEquals keeps NULLs',
    filter: { member: 'accounts.industry', operator: 'notEquals', values: ['Retail'] },
    matches: (row) => row.industry !== 'Retail',
  },
  {
    title: 'notEquals several',
    filter: { member: 'accounts.industry', operator: 'notEquals', values: ['Retail', 'Automotive'] },
    matches: (row) => row.industry !== 'Retail' && row.industry !== 'Automotive',
  },
  {
    title: 'in',
    filter: { member: 'deals.plan', operator: 'in', values: ['Basic'] },
    matches: (row) => row.deal.plan === 'Basic',
  },
  {
    title: 'notIn',
    filter: { member: 'deals.plan', operator: 'notIn', values: ['Basic', 'Enterprise'] },
    matches: (row) => !['Basic', 'Enterprise'].includes(row.deal.plan ?? ''),
  },
  {
    title: 'contains, case-insensitive',
    filter: { member: 'deals.stage', operator: 'contains', values: ['WON'] },
    matches: (row) => lower(row.deal.stage).includes('won'),
  },
  {
    title: 'contains several (OR)',
    filter: { member: 'deals.stage', operator: 'contains', values: ['won', 'neg'] },
    matches: (row) => lower(row.deal.stage).includes('won') || lower(row.deal.stage).includes('neg'),
  },
  {
    title: 'contains % literally',
    filter: { member: 'deals.stage', operator: 'contains', values: ['%'] },
    matches: (row) => (row.deal.stage ?? '').includes('%'),
  },
  {
    title: 'contains _ literally',
    filter: { member: 'deals.stage', operator: 'contains', values: ['W_n'] },
    matches: (row) => (row.deal.stage ?? '').includes('W_n'),
  },
  {
    title: 'notContains keeps NULLs',
    filter: { member: 'accounts.industry', operator: 'notContains', values: ['tech'] },
    matches: (row) => !lower(row.industry).includes('tech') || row.industry === null,
  },
  {
    title: 'startsWith',
    filter: { member: 'deals.stage', operator: 'startsWith', values: ['clo'] },
    matches: (row) => lower(row.deal.stage).startsWith('clo'),
  },
  {
    title: 'notStartsWith',
    filter: { member: 'deals.stage', operator: 'notStartsWith', values: ['n', 'q'] },
    matches: (row) => !lower(row.deal.stage).startsWith('n') && !lower(row.deal.stage).startsWith('q'),
  },
  {
    title: 'endsWith',
    filter: { member: 'deals.stage', operator: 'endsWith', values: ['ON'] },
    matches: (row) => lower(row.deal.stage).endsWith('on'),
  },
  {
    title: 'notEndsWith',
    filter: { member: 'deals.stage', operator: 'notEndsWith', values: ['st'] },
    matches: (row) => !lower(row.deal.stage).endsWith('st'),
  },
  {
    title: 'gt on a number, value as text',
    filter: { member: 'deals.amount', operator: 'gt', values: [String(middleAmount)] },
    matches: (row) => amountOf(row) > middleAmount,
  },
  {
    title: 'gte',
    filter: { member: 'deals.amount', operator: 'gte', values: [middleAmount] },
    matches: (row) => amountOf(row) >= middleAmount,
  },
  {
    title: 'lt',
    filter: { member: 'deals.amount', operator: 'lt', values: [middleAmount] },
    matches: (row) => amountOf(row) < middleAmount,
  },
  {
    title: 'a fractional value against an integer column',
    filter: { member: 'deals.amount', operator: 'lt', values: [middleAmount + 0.5] },
    matches: (row) => amountOf(row) < middleAmount + 0.5,
  },
  {
    title: 'lte',
    filter: { member: 'deals.amount', operator: 'lte', values: [middleAmount] },
    matches: (row) => amountOf(row) <= middleAmount,
  },
  {
    title: 'set',
    filter: { member: 'accounts.industry', operator: 'set' },
    matches: (row) => row.industry !== null,
  },
  {
    title: 'notSet',
    filter: { member: 'accounts.industry', operator: 'notSet' },
    matches: (row) => row.industry === null,
  },
  {
    title: 'inDateRange (end day included)',
    filter: { member: 'deals.created_at', operator: 'inDateRange', values: ['2024-01-01', '2024-03-31'] },
    matches: (row) => createdOf(row) >= '2024-01-01' && createdOf(row) < '2024-04-01',
  },
  {
    title: 'notInDateRange',
    filter: { member: 'deals.created_at', operator: 'notInDateRange', values: ['2024-01-01', '2024-03-31'] },
    matches: (row) => createdOf(row) < '2024-01-01' || createdOf(row) >= '2024-04-01',
  },
  {
    title: 'onTheDate',
    filter: { member: 'deals.created_at', operator: 'onTheDate', values: [firstDay] },
    matches: (row) => createdOf(row).startsWith(firstDay),
  },
  {
    title: 'beforeDate',
    filter: { member: 'deals.created_at', operator: 'beforeDate', values: [firstDay] },
    matches: (row) => createdOf(row) < firstDay,
  },
  {
    title: 'beforeOrOnDate',
    filter: { member: 'deals.created_at', operator: 'beforeOrOnDate', values: [firstDay] },
    matches: (row) => createdOf(row) < nextDay,
  },
  {
    title: 'afterDate',
    filter: { member: 'deals.created_at', operator: 'afterDate', values: [firstDay] },
    matches: (row) => createdOf(row) >= nextDay,
  },
  {
    title: 'afterOrOnDate',
    filter: { member: 'deals.created_at', operator: 'afterOrOnDate', values: [firstDay] },
    matches: (row) => createdOf(row) >= firstDay,
  },
  {
    title: 'measureFilter applies the measure’s own filters to rows',
    filter: { member: 'deals.won_count', operator: 'measureFilter' },
    matches: (row) => row.deal.stage === 'Won',
  },
  {
    title: 'a boolean dimension',
    filter: { member: 'deals.is_large', operator: 'equals', values: ['true'] },
    matches: (row) => amountOf(row) >= 3000,
  },
  {
    title: 'nested and / or',
    filter: {
      or: [
        {
          and: [
            { member: 'deals.stage', operator: 'equals', values: ['Won'] },
            { member: 'deals.amount', operator: 'gte', values: [middleAmount] },
          ],
        },
        { member: 'accounts.industry', operator: 'notSet' },
      ],
    },
    matches: (row) => (row.deal.stage === 'Won' && amountOf(row) >= middleAmount) || row.industry === null,
  },
];

describe.each(warehouseNames)('filters on %s', (name) => {
  let warehouse: TestWarehouse;

  beforeAll(async () => {
    warehouse = await openTestWarehouse(name, rows);
  });

  afterAll(async () => {
    await warehouse?.close();
  });

  test.each(cases)('$title', async ({ filter, matches }) => {
    const actual = await warehouse.load({ measures: ['deals.count'], filters: [filter] });
    expect(actual).toEqual([{ 'deals.count': deals.filter(matches).length }]);
  });

  test('every operator of the model is covered here', async () => {
    const { filterOperators } = await import('@platform/semantic');
    const operators = new Set<string>();
    const collect = (filter: QueryFilter): void => {
      if ('and' in filter) filter.and.forEach(collect);
      else if ('or' in filter) filter.or.forEach(collect);
      else operators.add(filter.operator);
    };
    for (const entry of cases) collect(entry.filter);
    expect([...filterOperators].filter((operator) => !operators.has(operator))).toEqual([]);
  });

  test('a measure filter goes to HAVING; a segment to WHERE', async () => {
    const byStage = [...groupRows(deals, (row) => row.deal.stage)].map(([stage, group]) => ({
      stage,
      count: group.length,
    }));
    const threshold = [...byStage.map((entry) => entry.count)].sort((left, right) => left - right)[
      Math.floor(byStage.length / 2)
    ] as number;
    const actual = await warehouse.load({
      measures: ['deals.count'],
      dimensions: ['deals.stage'],
      filters: [{ member: 'deals.count', operator: 'gte', values: [threshold] }],
    });
    const expected = byStage
      .filter((entry) => entry.count >= threshold)
      .map((entry) => ({ 'deals.stage': entry.stage, 'deals.count': entry.count }));
    expectSameRows(actual, expected, ['deals.stage']);
    const won = await warehouse.load({ measures: ['deals.count'], segments: ['deals.won'] });
    expect(won).toEqual([{ 'deals.count': deals.filter((row) => row.deal.stage === 'Won').length }]);
  });

  test('values are bound parameters, never SQL text', () => {
    const hostile = "x' OR '1'='1";
    const compiled = warehouse.compile({
      measures: ['deals.count'],
      filters: [{ member: 'deals.stage', operator: 'contains', values: [hostile] }],
    });
    expect(compiled.sql).not.toContain(hostile);
    expect(compiled.params).toContain(`%${hostile}%`);
  });
});
