import { beforeAll, describe, expect, it } from 'vitest';
import { loadSqlInterface, standardGranularities } from '../../src/index.js';
import { rejectionOf, translate } from './sql-interface-model.fixture.js';

beforeAll(async () => {
  await loadSqlInterface();
});

describe('the select list', () => {
  it('reads a dimension written bare, with the alias, with the cube name or quoted', () => {
    for (const sql of [
      'SELECT status FROM orders',
      'SELECT o.status FROM orders o',
      'SELECT o.status FROM orders AS o',
      'SELECT orders.status FROM orders',
      'SELECT "status" FROM "orders"',
      'SELECT "orders"."status" FROM orders',
    ]) {
      expect(translate(sql), sql).toEqual({
        query: { dimensions: ['orders.status'] },
        columns: [{ name: 'status', key: 'orders.status' }],
      });
    }
  });

  it('maps MEASURE() and each measure type to its own aggregate', () => {
    const translation = translate(
      `SELECT MEASURE(completed_share), SUM(total_amount), AVG(average_amount), MIN(smallest_amount),
              MAX(largest_amount), COUNT(completed_count), COUNT(DISTINCT buyers) FROM orders`,
    );
    expect(translation.query).toEqual({
      measures: [
        'orders.completed_share',
        'orders.total_amount',
        'orders.average_amount',
        'orders.smallest_amount',
        'orders.largest_amount',
        'orders.completed_count',
        'orders.buyers',
      ],
    });
    expect(translation.columns.map((column) => column.name)).toEqual([
      'completed_share',
      'total_amount',
      'average_amount',
      'smallest_amount',
      'largest_amount',
      'completed_count',
      'buyers',
    ]);
  });

  it('takes COUNT(*) and COUNT(1) as the one plain count measure (a filtered count does not compete)', () => {
    for (const sql of ['SELECT COUNT(*) FROM orders', 'SELECT count(1) FROM orders']) {
      expect(translate(sql), sql).toEqual({
        query: { measures: ['orders.count'] },
        columns: [{ name: 'count', key: 'orders.count' }],
      });
    }
  });

  it('turns DATE_TRUNC into a time dimension at every standard granularity, any case', () => {
    for (const granularity of standardGranularities) {
      const translation = translate(
        `SELECT DATE_TRUNC('${granularity.toUpperCase()}', created_at), MEASURE(count) FROM orders`,
      );
      expect(translation).toEqual({
        query: {
          measures: ['orders.count'],
          timeDimensions: [{ dimension: 'orders.created_at', granularity }],
        },
        columns: [
          { name: 'created_at', key: `orders.created_at.${granularity}` },
          { name: 'count', key: 'orders.count' },
        ],
      });
    }
  });

  it('accepts a custom granularity by name and keeps a plain time column as a dimension', () => {
    expect(
      translate("SELECT date_trunc('fiscal_year', o.created_at) AS fy, created_at FROM orders o"),
    ).toEqual({
      query: {
        dimensions: ['orders.created_at'],
        timeDimensions: [{ dimension: 'orders.created_at', granularity: 'fiscal_year' }],
      },
      columns: [
        { name: 'fy', key: 'orders.created_at.fiscal_year' },
        { name: 'created_at', key: 'orders.created_at' },
      ],
    });
  });

  it('names columns by alias, else by member, and makes repeated names unique in select order', () => {
    const translation = translate(
      `SELECT status, status, MEASURE(count) AS status_2, COUNT(*), DATE_TRUNC('day', created_at),
              DATE_TRUNC('week', created_at), SUM(total_amount) AS "Montant été" FROM orders`,
    );
    expect(translation.columns).toEqual([
      { name: 'status', key: 'orders.status' },
      { name: 'status_2', key: 'orders.status' },
      { name: 'status_2_2', key: 'orders.count' },
      { name: 'count', key: 'orders.count' },
      { name: 'created_at', key: 'orders.created_at.day' },
      { name: 'created_at_2', key: 'orders.created_at.week' },
      { name: 'Montant été', key: 'orders.total_amount' },
    ]);
    expect(translation.query).toEqual({
      measures: ['orders.count', 'orders.total_amount'],
      dimensions: ['orders.status'],
      timeDimensions: [
        { dimension: 'orders.created_at', granularity: 'day' },
        { dimension: 'orders.created_at', granularity: 'week' },
      ],
    });
  });

  it('queries a view by its own member names', () => {
    expect(
      translate('SELECT users_city AS city, MEASURE(users_count), SUM(s.total_amount) FROM sales s'),
    ).toEqual({
      query: { measures: ['sales.users_count', 'sales.total_amount'], dimensions: ['sales.users_city'] },
      columns: [
        { name: 'city', key: 'sales.users_city' },
        { name: 'users_count', key: 'sales.users_count' },
        { name: 'total_amount', key: 'sales.total_amount' },
      ],
    });
  });

  it('folds unquoted names, then matches case-insensitively; quoted names match exactly', () => {
    expect(translate('SELECT ShippingMode FROM ORDERS').query).toEqual({
      dimensions: ['orders.shippingMode'],
    });
    expect(translate('SELECT "shippingMode" FROM orders').query).toEqual({
      dimensions: ['orders.shippingMode'],
    });
    expect(translate('SELECT "Region", "REGION" FROM places').query).toEqual({
      dimensions: ['places.Region', 'places.REGION'],
    });
    expect(rejectionOf('SELECT "shippingmode" FROM orders')).toBe(
      'Unknown column "shippingmode" in orders (line 1, column 8): did you mean "shippingMode"?',
    );
    expect(rejectionOf('SELECT status FROM "Orders"')).toBe(
      'Unknown cube or view "Orders" (line 1, column 20): did you mean "orders"?',
    );
    expect(rejectionOf('SELECT region FROM places')).toBe(
      'Column "region" matches several members of places (Region, REGION) (line 1, column 8): write the name in double quotes with its exact case',
    );
  });

  it('selects totals when there are aggregates and no dimensions', () => {
    expect(translate('SELECT MEASURE(count), SUM(total_amount) AS revenue FROM orders')).toEqual({
      query: { measures: ['orders.count', 'orders.total_amount'] },
      columns: [
        { name: 'count', key: 'orders.count' },
        { name: 'revenue', key: 'orders.total_amount' },
      ],
    });
  });
});
