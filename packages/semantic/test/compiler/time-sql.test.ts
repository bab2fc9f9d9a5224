import { describe, expect, it } from 'vitest';
import { type DateRange, postgresDialect, type SemanticQuery, SemanticQueryError } from '../../src/index.js';
import { compileShop, fixedNow, shopModel } from './shop-model.fixture.js';

const model = shopModel();

/** The bound [start, end) of a date range, read back from the parameters of a compiled query. */
function boundsOf(dateRange: DateRange, timezone?: string, now = fixedNow) {
  const compiled = compileShop(
    model,
    {
      measures: ['orders.count'],
      timeDimensions: [{ dimension: 'orders.created_at', dateRange }],
      ...(timezone ? { timezone } : {}),
    },
    { now },
  );
  return compiled.params.filter((value) => typeof value === 'string' && /^\d{4}-/.test(value));
}

describe('date ranges (now = Wednesday 2024-05-15 10:30 UTC)', () => {
  it.each([
    [['2024-01-01', '2024-03-31'], '2024-01-01T00:00:00.000', '2024-04-01T00:00:00.000'],
    [['2024-01-01T08:00:00', '2024-01-01T09:30:00'], '2024-01-01T08:00:00.000', '2024-01-01T09:30:00.001'],
    ['today', '2024-05-15T00:00:00.000', '2024-05-16T00:00:00.000'],
    ['yesterday', '2024-05-14T00:00:00.000', '2024-05-15T00:00:00.000'],
    ['this week', '2024-05-13T00:00:00.000', '2024-05-20T00:00:00.000'],
    ['last week', '2024-05-06T00:00:00.000', '2024-05-13T00:00:00.000'],
    ['next week', '2024-05-20T00:00:00.000', '2024-05-27T00:00:00.000'],
    ['this month', '2024-05-01T00:00:00.000', '2024-06-01T00:00:00.000'],
    ['last month', '2024-04-01T00:00:00.000', '2024-05-01T00:00:00.000'],
    ['This Quarter', '2024-04-01T00:00:00.000', '2024-07-01T00:00:00.000'],
    ['last quarter', '2024-01-01T00:00:00.000', '2024-04-01T00:00:00.000'],
    ['next year', '2025-01-01T00:00:00.000', '2026-01-01T00:00:00.000'],
    ['last 7 days', '2024-05-08T00:00:00.000', '2024-05-15T00:00:00.000'],
    ['last 2 weeks', '2024-04-29T00:00:00.000', '2024-05-13T00:00:00.000'],
    ['last 3 months', '2024-02-01T00:00:00.000', '2024-05-01T00:00:00.000'],
    ['last 2 quarters', '2023-10-01T00:00:00.000', '2024-04-01T00:00:00.000'],
    ['last 1 year', '2023-01-01T00:00:00.000', '2024-01-01T00:00:00.000'],
    ['from 2024-02-10 to 2024-02-20', '2024-02-10T00:00:00.000', '2024-02-21T00:00:00.000'],
    ['from 7 days ago to now', '2024-05-08T00:00:00.000', '2024-05-16T00:00:00.000'],
    ['from 3 hours ago to now', '2024-05-15T07:00:00.000', '2024-05-15T11:00:00.000'],
    ['from yesterday to today', '2024-05-14T00:00:00.000', '2024-05-16T00:00:00.000'],
  ] as const)('%j', (dateRange, start, end) => {
    expect(boundsOf(dateRange)).toEqual([start, end]);
  });

  it('are read on the query time zone’s wall clock', () => {
    // 10:30 UTC is already 16:00 in Kolkata and still 06:30 in New York; Tokyo is past midnight at 15:30 UTC.
    expect(boundsOf('today', 'Asia/Kolkata')).toEqual(['2024-05-15T00:00:00.000', '2024-05-16T00:00:00.000']);
    expect(boundsOf('today', 'Asia/Tokyo', new Date('2024-05-15T15:30:00Z'))).toEqual([
      '2024-05-16T00:00:00.000',
      '2024-05-17T00:00:00.000',
    ]);
    expect(boundsOf(['2024-03-10T12:00:00Z', '2024-03-10T13:00:00Z'], 'America/New_York')).toEqual([
      '2024-03-10T08:00:00.000',
      '2024-03-10T09:00:00.001',
    ]);
  });

  it('refuse what they cannot read', () => {
    expect(() => boundsOf('sometime soon')).toThrow(/date range `sometime soon` is not understood/);
    expect(() => boundsOf(['2024-02-30', '2024-03-01'])).toThrow(/`2024-02-30` is not a date/);
    expect(() => boundsOf(['2024-03-01', '2024-02-01'])).toThrow(/ends before it starts/);
  });

  it.each([
    ['last 99999999999999 years', /out of range/],
    [`last ${'9'.repeat(400)} days`, /out of range/],
    ['next 99999999 months', /out of range/],
    ['from 99999999999999 seconds ago to now', /out of range/],
    ['in 9999999999 weeks', /not understood/],
    ['last -5 days', /not understood/],
    ['last 1.5 days', /not understood/],
    [['2024-02-30', '2024-03-01'], /`2024-02-30` is not a date/],
    [['2023-02-29', '2023-03-01'], /`2023-02-29` is not a date/],
    [['2024-13-01', '2024-12-31'], /`2024-13-01` is not a date/],
    [['2024-01-01T24:00:00', '2024-01-02'], /is not a date/],
    [['0000-01-01', '2024-01-01'], /out of range/],
    [['+275760-09-13', '2024-01-01'], /is not a date/],
    [['9999-12-31', '9999-12-31'], /out of range/],
    [['0001-01-01T00:00:00+01:00', '2024-01-01'], /out of range/],
  ] as const)('refuse %j with a query error, never a RangeError', (dateRange, message) => {
    let thrown: unknown;
    try {
      boundsOf(dateRange as DateRange);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SemanticQueryError);
    expect((thrown as Error).message).toMatch(message);
  });

  it('read the years before 100 as written, not as 19xx', () => {
    expect(boundsOf(['0050-03-01', '0050-03-01'])).toEqual([
      '0050-03-01T00:00:00.000',
      '0050-03-02T00:00:00.000',
    ]);
    expect(boundsOf(['0001-01-01', '9999-12-30'])).toEqual([
      '0001-01-01T00:00:00.000',
      '9999-12-31T00:00:00.000',
    ]);
  });
});

describe('time dimension SQL', () => {
  it('converts to the time zone (a bound parameter) before truncating, in each dialect', () => {
    const query: SemanticQuery = {
      measures: ['orders.count'],
      timeDimensions: [{ dimension: 'orders.created_at', granularity: 'month' }],
      timezone: 'Europe/Paris',
    };
    const duckDb = compileShop(model, query);
    expect(duckDb.sql.split('\n')[0]).toBe(
      `SELECT date_trunc('month', timezone($1, timezone('UTC', CAST("orders".created_at AS TIMESTAMP)))) AS "orders__created_at_month", count("orders".id) AS "orders__count"`,
    );
    expect(duckDb.params[0]).toBe('Europe/Paris');
    expect(compileShop(model, query, { dialect: postgresDialect }).sql.split('\n')[0]).toBe(
      `SELECT date_trunc('month', (CAST("orders".created_at AS TIMESTAMP) AT TIME ZONE 'UTC' AT TIME ZONE $1)) AS "orders__created_at_month", count("orders".id) AS "orders__count"`,
    );
    expect(duckDb.query.order).toEqual([['orders.created_at', 'asc']]);
  });

  it('skips the conversion in UTC and buckets custom granularities from their origin', () => {
    const fortnight = compileShop(model, {
      measures: ['orders.count'],
      timeDimensions: [{ dimension: 'orders.created_at', granularity: 'fortnight' }],
    });
    expect(fortnight.sql.split('\n')[0]).toContain(
      `time_bucket(INTERVAL '1209600 seconds', CAST("orders".created_at AS TIMESTAMP), TIMESTAMP '2024-01-01 00:00:00.000')`,
    );
    const postgres = compileShop(
      model,
      {
        measures: ['orders.count'],
        timeDimensions: [{ dimension: 'orders.created_at', granularity: 'fortnight' }],
      },
      { dialect: postgresDialect },
    );
    expect(postgres.sql).toContain(
      `date_bin(INTERVAL '1209600 seconds', CAST("orders".created_at AS TIMESTAMP), TIMESTAMP '2024-01-01 00:00:00.000')`,
    );
    const quarter = compileShop(model, {
      measures: ['orders.count'],
      timeDimensions: [{ dimension: 'orders.created_at', granularity: 'fiscal_quarter' }],
    });
    // 1 quarter, offset 1 month from the start of the current year (2024): quarters start Feb, May, Aug, Nov.
    expect(quarter.sql).toContain(`TIMESTAMP '2024-02-01 00:00:00.000' + to_months(CAST(FLOOR(`);
    expect(quarter.sql).toContain(`- 24290) / 3.0) * 3 AS INTEGER))`);
  });
});
