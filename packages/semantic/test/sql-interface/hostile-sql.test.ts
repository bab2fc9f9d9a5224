import { beforeAll, describe, expect, it } from 'vitest';
import { loadSqlInterface, maximumSqlLength } from '../../src/index.js';
import { rejectionOf, translate } from './sql-interface-model.fixture.js';

beforeAll(async () => {
  await loadSqlInterface();
});

const statusQuery = {
  query: { dimensions: ['orders.status'] },
  columns: [{ name: 'status', key: 'orders.status' }],
};

describe('hostile input', () => {
  it('refuses text over 100,000 characters and accepts text of exactly that length', () => {
    const query = 'SELECT status FROM orders -- ';
    expect(maximumSqlLength).toBe(100_000);
    expect(translate(query.padEnd(100_000, 'x'))).toEqual(statusQuery);
    expect(rejectionOf(query.padEnd(100_001, 'x'))).toBe(
      'The SQL query is 100,001 characters long; the limit is 100,000',
    );
  });

  it('bounds nesting: parentheses before parsing, conditions while translating', () => {
    const where = 'SELECT status FROM orders WHERE ';
    const nested = (depth: number) => `${where}${'('.repeat(depth)}status = 'x'${')'.repeat(depth)}`;
    expect(translate(nested(100)).query.filters).toEqual([
      { member: 'orders.status', operator: 'equals', values: ['x'] },
    ]);
    expect(rejectionOf(nested(101))).toBe(
      `Parentheses are nested more than 100 deep (line 1, column ${where.length + 101}): simplify the query`,
    );
    expect(translate(`${where}status = '${'('.repeat(500)}'`).query.filters).toEqual([
      { member: 'orders.status', operator: 'equals', values: ['('.repeat(500)] },
    ]);
    expect(rejectionOf(`${where}${'NOT '.repeat(70)}status = 'x'`)).toBe(
      `Conditions are nested more than 64 levels deep (line 1, column ${where.length + 64 * 4 + 1}): simplify them`,
    );
    expect(rejectionOf(`${where}${'NOT '.repeat(5_000)}status = 'x'`)).toBe(
      'The SQL query is nested too deeply: simplify it',
    );
  });

  it('ignores comments and any SQL whitespace', () => {
    for (const sql of [
      '/* leading */ SELECT status -- trailing\nFROM orders;',
      'SELECT\tstatus\r\nFROM\forders\v',
      'SELECT /* nested /* comment */ still comment */ status FROM orders -- JOIN users',
      '\n\n   SELECT status FROM orders   \n\n',
    ]) {
      expect(translate(sql), JSON.stringify(sql)).toEqual(statusQuery);
    }
    expect(rejectionOf("SELECT status FROM orders WHERE status = 'x' --\r\nAND stauts = 'y'")).toBe(
      'Unknown column "stauts" in orders (line 2, column 5): did you mean "status"?',
    );
  });

  it('counts columns in characters after multi-byte and astral characters', () => {
    expect(rejectionOf('SELECT status AS "é€😀", nope FROM orders')).toBe(
      'Unknown column "nope" in orders (line 1, column 25)',
    );
    expect(rejectionOf("SELECT 'ü' AS x FROM orders\nWHERE ünïcode = 1")).toBe(
      "Constants are not supported here (line 1, column 8): use members, MEASURE(measure), the measure's aggregate such as SUM(measure), or DATE_TRUNC('month', time_dimension)",
    );
    expect(rejectionOf("SELECT status FROM orders\n  WHERE 'ü' = 'ü' AND ünïcode = 1")).toBe(
      'Conditions compare one member with one constant (line 2, column 13): compare a member with a constant using =, <>, <, <=, > or >=',
    );
    expect(rejectionOf("SELECT status FROM orders WHERE status = 'ü' AND ünïcode = 1")).toBe(
      'Unknown column "ünïcode" in orders (line 1, column 50)',
    );
    expect(rejectionOf('SELECT "a""b" FROM orders')).toBe(
      'Unknown column "a"b" in orders (line 1, column 8)',
    );
  });

  it('reads keywords inside strings, dollar quotes and comments as text, not clauses', () => {
    expect(rejectionOf("SELECT status FROM orders o /* JOIN */ JOIN users u ON $$ JOIN $$ = 'JOIN'")).toBe(
      "JOIN ... ON is not supported (line 1, column 40): write CROSS JOIN: the model's joins apply",
    );
    expect(
      translate("SELECT status FROM orders WHERE status = 'x; DROP TABLE orders'").query.filters,
    ).toEqual([{ member: 'orders.status', operator: 'equals', values: ['x; DROP TABLE orders'] }]);
  });

  it('refuses a NUL character rather than parse a truncated query', () => {
    expect(rejectionOf("SELECT status FROM orders WHERE status = 'x'\u0000; DROP TABLE orders")).toBe(
      'The SQL query contains a NUL character (line 1, column 45)',
    );
  });
});
