import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectSameRows, groupRows } from './expected-rows.js';
import { readSeedRows, type SeedRows } from './seed-rows.js';
import { openTestWarehouse, type TestWarehouse, warehouseNames } from './test-warehouses.js';

const rows: SeedRows = await readSeedRows();
const now = new Date('2024-06-15T12:00:00Z');
const day = 86_400_000;

/** The deal's creation time on the wall clock of `timezone`, as a Date whose UTC fields are local. */
function localCreated(text: string | null | undefined, timezone = 'UTC'): Date {
  const instant = new Date(`${(text ?? '').replace(' ', 'T')}Z`);
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(instant);
  const field = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return new Date(
    Date.UTC(
      field('year'),
      field('month') - 1,
      field('day'),
      field('hour'),
      field('minute'),
      field('second'),
    ),
  );
}

const truncations: Record<string, (date: Date) => Date> = {
  second: (date) => new Date(Math.floor(date.getTime() / 1000) * 1000),
  minute: (date) => new Date(Math.floor(date.getTime() / 60_000) * 60_000),
  hour: (date) => new Date(Math.floor(date.getTime() / 3_600_000) * 3_600_000),
  day: (date) => new Date(Math.floor(date.getTime() / day) * day),
  week: (date) => new Date(Math.floor(date.getTime() / day) * day - ((date.getUTCDay() + 6) % 7) * day),
  month: (date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1)),
  quarter: (date) =>
    new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - (date.getUTCMonth() % 3), 1)),
  year: (date) => new Date(Date.UTC(date.getUTCFullYear(), 0, 1)),
  // 1 year from April 1st (start of the current year, 2024, plus the 3-month offset).
  fiscal_year: (date) => new Date(Date.UTC(date.getUTCFullYear() - (date.getUTCMonth() < 3 ? 1 : 0), 3, 1)),
  // 2 weeks counted from the origin 2023-01-02.
  fortnight: (date) => {
    const origin = Date.UTC(2023, 0, 2);
    return new Date(origin + Math.floor((date.getTime() - origin) / (14 * day)) * 14 * day);
  },
  // 6 months from the start of the current year: January and July.
  half_year: (date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() < 6 ? 0 : 6, 1)),
  six_hours: (date) => new Date(Math.floor(date.getTime() / (6 * 3_600_000)) * 6 * 3_600_000),
};

function expectedCounts(granularity: string, timezone = 'UTC', keep: (local: Date) => boolean = () => true) {
  const truncate = truncations[granularity] as (date: Date) => Date;
  const locals = rows.deals.map((deal) => localCreated(deal.created_date, timezone)).filter(keep);
  return [...groupRows(locals, (local) => truncate(local).toISOString())].map(([bucket, group]) => ({
    [`deals.created_at.${granularity}`]: bucket,
    'deals.created_at': bucket,
    'deals.count': group.length,
  }));
}

const inRange = (start: string, end: string) => (local: Date) =>
  local.getTime() >= Date.parse(`${start}Z`) && local.getTime() < Date.parse(`${end}Z`);

describe.each(warehouseNames)('time dimensions on %s', (name) => {
  let warehouse: TestWarehouse;

  beforeAll(async () => {
    warehouse = await openTestWarehouse(name, rows);
  });

  afterAll(async () => {
    await warehouse?.close();
  });

  test.each(Object.keys(truncations))('granularity %s', async (granularity) => {
    const actual = await warehouse.load(
      { measures: ['deals.count'], timeDimensions: [{ dimension: 'deals.created_at', granularity }] },
      { now },
    );
    expectSameRows(actual, expectedCounts(granularity), [`deals.created_at.${granularity}`]);
  });

  test.each([
    ['last 3 months', '2024-03-01T00:00:00', '2024-06-01T00:00:00'],
    ['this year', '2024-01-01T00:00:00', '2025-01-01T00:00:00'],
    ['last week', '2024-06-03T00:00:00', '2024-06-10T00:00:00'],
    ['last quarter', '2024-01-01T00:00:00', '2024-04-01T00:00:00'],
    ['next month', '2024-07-01T00:00:00', '2024-08-01T00:00:00'],
    ['last 30 days', '2024-05-16T00:00:00', '2024-06-15T00:00:00'],
    ['last month', '2024-05-01T00:00:00', '2024-06-01T00:00:00'],
    ['from 2024-02-10 to 2024-02-20', '2024-02-10T00:00:00', '2024-02-21T00:00:00'],
    ['from 45 days ago to now', '2024-05-01T00:00:00', '2024-06-16T00:00:00'],
    [['2024-01-01', '2024-03-31'], '2024-01-01T00:00:00', '2024-04-01T00:00:00'],
  ] as const)('date range %j', async (dateRange, start, end) => {
    const actual = await warehouse.load(
      {
        measures: ['deals.count'],
        timeDimensions: [{ dimension: 'deals.created_at', granularity: 'week', dateRange }],
      },
      { now },
    );
    const expected = expectedCounts('week', 'UTC', inRange(start, end));
    expect(expected.length).toBeGreaterThan(0);
    expectSameRows(actual, expected, ['deals.created_at.week']);
  });

  test.each(['Asia/Kolkata', 'America/New_York'])(
    'time zone %s: buckets and date ranges on its wall clock',
    async (timezone) => {
      const query = {
        measures: ['deals.count'],
        timeDimensions: [
          { dimension: 'deals.created_at', granularity: 'day', dateRange: ['2024-03-01', '2024-03-31'] },
        ],
        timezone,
      } as const;
      const expected = expectedCounts('day', timezone, inRange('2024-03-01T00:00:00', '2024-04-01T00:00:00'));
      expectSameRows(await warehouse.load(query), expected, ['deals.created_at.day']);
      const fiscal = await warehouse.load(
        {
          measures: ['deals.count'],
          timeDimensions: [{ dimension: 'deals.created_at', granularity: 'fiscal_year' }],
          timezone,
        },
        { now },
      );
      expectSameRows(fiscal, expectedCounts('fiscal_year', timezone), ['deals.created_at.fiscal_year']);
    },
  );

  test('a time dimension without granularity only filters; one in dimensions is on the wall clock too', async () => {
    const actual = await warehouse.load(
      {
        measures: ['deals.count'],
        dimensions: ['deals.created_at'],
        timeDimensions: [{ dimension: 'deals.created_at', dateRange: 'last 30 days' }],
        timezone: 'Asia/Kolkata',
      },
      { now },
    );
    const locals = rows.deals
      .map((deal) => localCreated(deal.created_date, 'Asia/Kolkata'))
      .filter(inRange('2024-05-16T00:00:00', '2024-06-15T00:00:00'));
    const expected = [...groupRows(locals, (local) => local.toISOString())].map(([time, group]) => ({
      'deals.created_at': time,
      'deals.count': group.length,
    }));
    expect(expected.length).toBeGreaterThan(0);
    expectSameRows(actual, expected, ['deals.created_at']);
  });
});
