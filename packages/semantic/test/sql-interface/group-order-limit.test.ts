import { beforeAll, describe, expect, it } from 'vitest';
import { loadSqlInterface } from '../../src/index.js';
import { compileYamlModel, rejectionOf, translate } from './sql-interface-model.fixture.js';

beforeAll(async () => {
  await loadSqlInterface();
});

describe('GROUP BY', () => {
  it('accepts grouping by expression, alias or position, in any order, and changes nothing', () => {
    const expected = translate(
      "SELECT status AS s, DATE_TRUNC('month', created_at) AS month, MEASURE(count) FROM orders",
    ).query;
    for (const groupBy of [
      "status, DATE_TRUNC('month', created_at)",
      's, month',
      '1, 2',
      "2, o.status, DATE_TRUNC('MONTH', created_at)",
    ]) {
      const sql = `SELECT status AS s, DATE_TRUNC('month', created_at) AS month, MEASURE(count) FROM orders o GROUP BY ${groupBy}`;
      expect(translate(sql).query, groupBy).toEqual(expected);
    }
  });

  it('groups by an output name that shadows a member not selected as itself', () => {
    expect(
      translate(
        "SELECT DATE_TRUNC('month', created_at) AS created_at, MEASURE(count) FROM orders GROUP BY created_at",
      ).query,
    ).toEqual({
      measures: ['orders.count'],
      timeDimensions: [{ dimension: 'orders.created_at', granularity: 'month' }],
    });
  });
});

describe('ORDER BY', () => {
  it('orders by alias, column, position, MEASURE() or the aggregate, keeping the written order', () => {
    const translation = translate(
      `SELECT status AS s, DATE_TRUNC('month', created_at) AS month, SUM(total_amount) AS revenue, MEASURE(count)
       FROM orders GROUP BY 1, 2
       ORDER BY revenue DESC, 2 ASC, s, MEASURE(count) DESC, SUM(total_amount), COUNT(*)`,
    );
    expect(translation.query.order).toEqual([
      ['orders.total_amount', 'desc'],
      ['orders.created_at', 'asc'],
      ['orders.status', 'asc'],
      ['orders.count', 'desc'],
    ]);
  });

  it('orders by a measure that is not selected by querying it without an output column', () => {
    expect(translate('SELECT status FROM orders ORDER BY MEASURE(count) DESC LIMIT 3')).toEqual({
      query: {
        measures: ['orders.count'],
        dimensions: ['orders.status'],
        order: [['orders.count', 'desc']],
        limit: 3,
      },
      columns: [{ name: 'status', key: 'orders.status' }],
    });
  });

  it('prefers an output name over a member of the same name', () => {
    expect(
      translate('SELECT status AS amount, MEASURE(count) FROM orders ORDER BY amount').query.order,
    ).toEqual([['orders.status', 'asc']]);
  });
});

describe('LIMIT and OFFSET', () => {
  it('takes integer constants; LIMIT ALL and OFFSET 0 give none', () => {
    expect(translate('SELECT status FROM orders LIMIT 25 OFFSET 50').query).toEqual({
      dimensions: ['orders.status'],
      limit: 25,
      offset: 50,
    });
    expect(translate('SELECT status FROM orders LIMIT 0').query.limit).toBe(0);
    expect(translate('SELECT status FROM orders LIMIT ALL OFFSET 0').query).toEqual({
      dimensions: ['orders.status'],
    });
    expect(translate('SELECT status FROM orders OFFSET 5 ROWS FETCH FIRST 10 ROWS ONLY').query).toEqual({
      dimensions: ['orders.status'],
      limit: 10,
      offset: 5,
    });
  });
});

describe('per-model lookups', () => {
  it('keeps each compiled model to its own members', () => {
    const other = compileYamlModel(`cubes:
  - name: orders
    sql_table: other.orders
    dimensions:
      - name: state
        sql: state
        type: string
`);
    expect(translate('SELECT state FROM orders', other).query).toEqual({ dimensions: ['orders.state'] });
    expect(rejectionOf('SELECT state FROM orders')).toBe(
      'Unknown column "state" in orders (line 1, column 8): did you mean "status"?',
    );
    expect(rejectionOf('SELECT status FROM orders', other)).toBe(
      'Unknown column "status" in orders (line 1, column 8): did you mean "state"?',
    );
  });
});
