import { describe, expect, it } from 'vitest';
import { shiftedBucket, shiftedQuery } from '../../src/modules/data-api/report-date-ranges.js';
import { fillMissingRows, sortRows } from '../../src/modules/data-api/report-fill-missing-rows.js';
import { addPeriodComparison } from '../../src/modules/data-api/report-period-comparison.js';
import { withTimeGrain } from '../../src/modules/data-api/report-query-shape.js';
import type { ReportColumn, ReportRows } from '../../src/modules/data-api/report-result.js';

const now = new Date('2024-05-15T12:00:00Z');
const month = { amount: 1, unit: 'month' } as const;

const column = (
  name: string,
  kind: ReportColumn['kind'],
  extra: Partial<ReportColumn> = {},
): ReportColumn => ({
  name,
  keys: [name],
  memberPath: name,
  kind,
  columnType: kind === 'measure' ? 'number' : 'string',
  ...extra,
});
const day = column('orders.created_at.day', 'timeDimension', {
  keys: ['orders.created_at.day', 'orders.created_at'],
  memberPath: 'orders.created_at',
  granularity: 'day',
  columnType: 'time',
});

describe('the previous period of a report query', () => {
  it('shifts whole months to whole months, and relative ranges as of now', () => {
    const april = shiftedQuery(
      {
        timeDimensions: [
          { dimension: 'orders.created_at', granularity: 'day', dateRange: ['2024-04-01', '2024-04-30'] },
        ],
      },
      'orders.created_at',
      month,
      now,
    );
    expect(april?.timeDimensions?.[0]?.dateRange).toEqual([
      '2024-03-01T00:00:00.000',
      '2024-03-31T23:59:59.999',
    ]);
    const lastMonth = shiftedQuery(
      { timeDimensions: [{ dimension: 'orders.created_at', dateRange: 'last month' }] },
      'orders.created_at',
      { amount: 1, unit: 'year' },
      now,
    );
    expect(lastMonth?.timeDimensions?.[0]?.dateRange).toEqual([
      '2023-04-01T00:00:00.000',
      '2023-04-30T23:59:59.999',
    ]);
  });

  it('shifts inDateRange filters that must hold, not those inside an or group, and is null without a range', () => {
    const range = {
      member: 'orders.created_at',
      operator: 'inDateRange',
      values: ['2024-02-01', '2024-02-29'],
    } as const;
    const shifted = shiftedQuery(
      { filters: [{ and: [range] }, { or: [range] }] },
      'orders.created_at',
      month,
      now,
    );
    expect(shifted?.filters).toEqual([
      { and: [{ ...range, values: ['2024-01-01T00:00:00.000', '2024-01-31T23:59:59.999'] }] },
      { or: [range] },
    ]);
    expect(shiftedQuery({ filters: [{ or: [range] }] }, 'orders.created_at', month, now)).toBeNull();
    expect(shiftedQuery({ measures: ['orders.count'] }, 'orders.created_at', month, now)).toBeNull();
  });

  it('matches a bucket to the start of the bucket one offset back', () => {
    expect(shiftedBucket('2024-03-04T00:00:00.000', { amount: 1, unit: 'year' }, 'week')).toBe(
      '2023-02-27T00:00:00.000',
    );
    expect(shiftedBucket('2024-03-31T00:00:00.000', month, 'day')).toBe('2024-02-29T00:00:00.000');
    expect(shiftedBucket(null, month, 'day')).toBeNull();
  });
});

describe('the time grain of a report query', () => {
  it('replaces granularities in time dimensions, dimensions and order, keeping identical entries once', () => {
    const query = withTimeGrain(
      {
        dimensions: ['orders.created_at.month', 'orders.status'],
        timeDimensions: [
          { dimension: 'orders.created_at', granularity: 'month' },
          { dimension: 'orders.created_at', granularity: 'week' },
          { dimension: 'orders.shipped_at', dateRange: 'last year' },
        ],
        order: { 'orders.created_at.month': 'asc', 'orders.created_at.week': 'desc' },
      },
      'quarter',
    );
    expect(query.dimensions).toEqual(['orders.created_at.quarter', 'orders.status']);
    expect(query.timeDimensions).toEqual([
      { dimension: 'orders.created_at', granularity: 'quarter' },
      { dimension: 'orders.shipped_at', dateRange: 'last year' },
    ]);
    expect(query.order).toEqual([['orders.created_at.quarter', 'asc']]);
  });
});

describe('filled rows and comparisons of a result', () => {
  const result: ReportRows = {
    columns: [
      day,
      column('orders.status', 'dimension'),
      column('orders.count', 'measure'),
      column('orders.avg', 'measure'),
    ],
    rows: [
      {
        'orders.created_at.day': '2024-01-01T00:00:00.000',
        'orders.created_at': '2024-01-01T00:00:00.000',
        'orders.status': 'a',
        'orders.count': 2,
        'orders.avg': 5,
      },
      {
        'orders.created_at.day': '2024-01-03T00:00:00.000',
        'orders.created_at': '2024-01-03T00:00:00.000',
        'orders.status': 'b',
        'orders.count': 1,
        'orders.avg': 7,
      },
    ],
  };

  it('fills each status over the days present, counts 0 and other measures null, both keys of the bucket set', () => {
    const filled = fillMissingRows(
      result,
      { member: 'orders.created_at' },
      {
        range: null,
        zeroMeasures: new Set(['orders.count']),
        maximumRows: 100,
      },
    );
    expect(filled.rows).toHaveLength(6);
    expect(filled.rows).toContainEqual({
      'orders.created_at.day': '2024-01-02T00:00:00.000',
      'orders.created_at': '2024-01-02T00:00:00.000',
      'orders.status': 'a',
      'orders.count': 0,
      'orders.avg': null,
    });
    const sorted = sortRows(filled, [
      ['orders.created_at', 'asc'],
      ['orders.status', 'desc'],
    ]);
    expect(
      sorted.rows.map(
        (row) => `${String(row['orders.created_at']).slice(8, 10)}${String(row['orders.status'])}`,
      ),
    ).toEqual(['01b', '01a', '02b', '02a', '03b', '03a']);
    expect(() =>
      fillMissingRows(
        result,
        { member: 'orders.created_at' },
        { range: null, zeroMeasures: new Set(), maximumRows: 4 },
      ),
    ).toThrow(/more than 4 rows/);
  });

  it('compares with the previous rows: change, percentChange, null without a match or from 0', () => {
    const previous = [
      { 'orders.created_at.day': '2023-12-01T00:00:00.000', 'orders.status': 'a', 'orders.count': 0 },
      { 'orders.created_at.day': '2023-12-03T00:00:00.000', 'orders.status': 'b', 'orders.count': 4 },
    ];
    const compared = addPeriodComparison(result, previous, {
      measure: 'orders.count',
      timeDimension: 'orders.created_at',
      offset: month,
    });
    expect(
      compared.rows.map((row) => [
        row['orders.count.previous'],
        row['orders.count.change'],
        row['orders.count.percentChange'],
      ]),
    ).toEqual([
      [0, 2, null],
      [4, -3, -0.75],
    ]);
    const twice = addPeriodComparison(compared, [], {
      measure: 'orders.count',
      timeDimension: 'orders.created_at',
      offset: { amount: 1, unit: 'year' },
      outputs: ['orders.count.previous'],
    });
    expect(twice.columns.at(-1)?.name).toBe('orders.count.previous_1_year');
    expect(twice.rows[0]?.['orders.count.previous_1_year']).toBeNull();
  });
});
