import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildQuerySql,
  duckDbDialect,
  loadSqlInterface,
  maximumJoinedSources,
  SemanticQueryError,
  translateSql,
} from '../../src/index.js';
import { rejectionOf, sqlInterfaceModel, translate } from './sql-interface-model.fixture.js';

beforeAll(async () => {
  await loadSqlInterface();
});

const crossJoinHint = "write CROSS JOIN: the model's joins apply";

describe('cubes joined with CROSS JOIN', () => {
  it("reads members of every joined cube, qualified or not, and joins them by the model's joins", () => {
    for (const sql of [
      'SELECT users.city, MEASURE(orders.count) FROM orders CROSS JOIN users GROUP BY 1',
      'SELECT u.city, COUNT(o.count) FROM orders o CROSS JOIN users AS u GROUP BY 1',
      'SELECT city, COUNT(orders.count) FROM orders CROSS JOIN users GROUP BY city',
      'SELECT "users"."city", MEASURE(orders.count) FROM users CROSS JOIN orders GROUP BY 1',
    ]) {
      const translation = translate(sql);
      expect(translation, sql).toEqual({
        query: { measures: ['orders.count'], dimensions: ['users.city'] },
        columns: [
          { name: 'city', key: 'users.city' },
          { name: 'count', key: 'orders.count' },
        ],
      });
      const compiled = buildQuerySql(sqlInterfaceModel, translation.query, { dialect: duckDbDialect });
      expect(compiled.sql).toMatch(/LEFT JOIN public\.users/);
    }
  });

  it('filters, groups and orders on members of a joined cube', () => {
    const { query } = translate(
      `SELECT status, MEASURE(users.count) AS buyers FROM orders CROSS JOIN users
       WHERE users.city IN ('Paris', 'Lyon') AND NOT is_gift AND completed
       GROUP BY orders.status ORDER BY buyers DESC, MEASURE(total_amount) LIMIT 3`,
    );
    expect(query).toEqual({
      measures: ['users.count', 'orders.total_amount'],
      dimensions: ['orders.status'],
      filters: [
        { member: 'users.city', operator: 'in', values: ['Paris', 'Lyon'] },
        { member: 'orders.is_gift', operator: 'equals', values: [false] },
      ],
      segments: ['orders.completed'],
      order: [
        ['users.count', 'desc'],
        ['orders.total_amount', 'asc'],
      ],
      limit: 3,
    });
  });

  it('accepts a parenthesised join and a joined cube whose members the query does not read', () => {
    expect(translate('SELECT MEASURE(total_amount) FROM (orders CROSS JOIN users)').query).toEqual({
      measures: ['orders.total_amount'],
    });
  });

  it('asks for a qualified name where joined cubes share it', () => {
    expect(rejectionOf('SELECT MEASURE(count) FROM orders CROSS JOIN users')).toBe(
      'Column "count" is ambiguous: orders and users both have it (line 1, column 16): qualify it, e.g. orders.count',
    );
    expect(rejectionOf('SELECT users.city FROM orders CROSS JOIN users WHERE id = 1')).toBe(
      'Column "id" is ambiguous: orders and users both have it (line 1, column 54): qualify it, e.g. orders.id',
    );
    expect(rejectionOf('SELECT COUNT(*) FROM orders CROSS JOIN users')).toBe(
      'COUNT(*) is ambiguous in orders CROSS JOIN users (line 1, column 8): it has several count measures (orders.count, users.count); write MEASURE(name)',
    );
  });

  it('names unknown columns and tables among all the joined cubes', () => {
    expect(rejectionOf('SELECT citty FROM orders CROSS JOIN users')).toBe(
      'Unknown column "citty" in orders, users (line 1, column 8): did you mean "city"?',
    );
    expect(rejectionOf('SELECT x.city FROM orders o CROSS JOIN users u')).toBe(
      'Unknown table "x" (line 1, column 8): columns come from the cubes in FROM: o (orders), u (users)',
    );
    expect(rejectionOf('SELECT o.city FROM orders o CROSS JOIN users u')).toBe(
      'Unknown column "city" in orders (line 1, column 8)',
    );
  });

  it('refuses joins with a condition or a kind, with the CROSS JOIN hint', () => {
    for (const [sql, message] of [
      ['SELECT city FROM orders JOIN users ON true', 'JOIN ... ON is not supported (line 1, column 25)'],
      [
        'SELECT city FROM orders JOIN users USING (id)',
        'JOIN ... USING is not supported (line 1, column 25)',
      ],
      ['SELECT city FROM orders NATURAL JOIN users', 'NATURAL JOIN is not supported (line 1, column 33)'],
      ['SELECT city FROM orders LEFT JOIN users ON true', 'LEFT JOIN is not supported (line 1, column 30)'],
      [
        'SELECT city FROM orders RIGHT OUTER JOIN users ON true',
        'RIGHT JOIN is not supported (line 1, column 37)',
      ],
      ['SELECT city FROM orders FULL JOIN users ON true', 'FULL JOIN is not supported (line 1, column 30)'],
      [
        'SELECT city FROM orders CROSS JOIN users JOIN places ON true',
        'JOIN ... ON is not supported (line 1, column 42)',
      ],
      [
        'SELECT city FROM (orders CROSS JOIN users) AS j',
        'An alias of a join is not supported (line 1, column 32)',
      ],
    ] as const) {
      expect(rejectionOf(sql), sql).toBe(`${message}: ${crossJoinHint}`);
    }
  });

  it('refuses views, cubes the model does not join, repeated cubes and too many cubes', () => {
    expect(rejectionOf('SELECT city FROM orders CROSS JOIN sales')).toBe(
      'The view sales cannot be joined (line 1, column 36): a view already holds its joins: query it alone, or CROSS JOIN its cubes',
    );
    expect(rejectionOf('SELECT status FROM orders CROSS JOIN places')).toBe(
      "No join path between orders and places (line 1, column 38): CROSS JOIN only cubes the model's joins connect",
    );
    expect(rejectionOf('SELECT status FROM orders CROSS JOIN users CROSS JOIN orders')).toBe(
      'orders appears twice in FROM (line 1, column 55): name each cube once',
    );
    expect(rejectionOf('SELECT status FROM orders o CROSS JOIN users o')).toBe(
      'The name "o" is used twice in FROM (line 1, column 40): give each cube its own alias',
    );
    const many = Array.from({ length: maximumJoinedSources + 1 }, () => 'users').join(' CROSS JOIN ');
    expect(rejectionOf(`SELECT city FROM ${many}`)).toMatch(
      new RegExp(
        `^More than ${maximumJoinedSources} cubes in FROM are not supported \\(line 1, column \\d+\\): join fewer cubes$`,
      ),
    );
  });

  it('refuses a joined cube the caller may not see as forbidden, even when no member of it is read', () => {
    const isSourceVisible = (name: string) => name !== 'users';
    const attempt = () =>
      translateSql(sqlInterfaceModel, 'SELECT MEASURE(total_amount) FROM orders CROSS JOIN users', {
        isSourceVisible,
      });
    expect(attempt).toThrow(SemanticQueryError);
    expect(attempt).toThrow('You may not query users: access policies hide it from you');
    try {
      attempt();
    } catch (error) {
      expect((error as SemanticQueryError).kind).toBe('forbidden');
    }
    expect(
      translateSql(sqlInterfaceModel, 'SELECT MEASURE(total_amount) FROM orders', { isSourceVisible }).query,
    ).toEqual({ measures: ['orders.total_amount'] });
  });
});
