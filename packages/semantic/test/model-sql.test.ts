import { describe, expect, it } from 'vitest';
import { compileYaml, testFileName } from './compile-yaml.helper.js';

/** A cube whose lines are known: source on line 3, measure 7, its filter 9, dimension 12, segment 17, join 21. */
function cubeYaml(fields: {
  source?: string;
  measure?: string;
  measureFilter?: string;
  dimension?: string;
  segment?: string;
  join?: string;
}): string {
  const quoted = (text: string) => JSON.stringify(text);
  return `cubes:
  - name: orders
    ${fields.source ?? 'sql_table: orders'}
    measures:
      - name: total
        type: sum
        sql: ${quoted(fields.measure ?? 'amount')}
        filters:
          - sql: ${quoted(fields.measureFilter ?? "{CUBE}.status = 'paid'")}
    dimensions:
      - name: id
        sql: ${quoted(fields.dimension ?? 'id')}
        type: number
        primary_key: true
    segments:
      - name: paid
        sql: ${quoted(fields.segment ?? "{CUBE}.status = 'paid'")}
    joins:
      - name: users
        relationship: many_to_one
        sql: ${quoted(fields.join ?? '{CUBE}.user_id = {users.id}')}
  - name: users
    sql_table: users
    dimensions:
      - name: id
        sql: id
        type: number
        primary_key: true
`;
}

function errorsOf(yaml: string) {
  return compileYaml(yaml).map((error) => ({ line: error.line, message: error.message }));
}

describe('model SQL is parsed at build time', () => {
  it('accepts SELECTs, expressions and references as the renderer uses them', () => {
    expect(errorsOf(cubeYaml({}))).toEqual([]);
    expect(
      errorsOf(
        cubeYaml({
          source: `sql: ${JSON.stringify('WITH paid AS (SELECT * FROM orders) SELECT * FROM paid UNION ALL SELECT * FROM orders -- all\n')}`,
          measure: "CASE WHEN {CUBE}.status = 'paid' THEN {CUBE}.amount ELSE 0 END",
          dimension: '(SELECT max(id) FROM users)',
          join: '{CUBE}.user_id = {users}.id AND {users.id} IS NOT NULL',
        }),
      ),
    ).toEqual([]);
  });

  it.each([
    [
      'a cube sql that closes its subquery and runs CREATE TABLE',
      { source: 'sql: "SELECT 1 AS id) AS x; CREATE TABLE t AS SELECT 1; SELECT * FROM (SELECT 1 AS id"' },
      3,
      /the sql of cube `orders` must be one SELECT: SQL syntax error/,
    ],
    ['a cube sql of two statements', { source: 'sql: "SELECT 1; SELECT 2"' }, 3, /holds 2 statements/],
    ['a cube sql that is a SET', { source: 'sql: "SET memory_limit=\'100KB\'"' }, 3, /it is not a SELECT/],
    ['a cube sql that is DDL', { source: 'sql: "DROP TABLE users"' }, 3, /it is not a SELECT/],
    [
      'a cube sql with a data-modifying WITH',
      { source: 'sql: "WITH gone AS (DELETE FROM users RETURNING *) SELECT * FROM gone"' },
      3,
      /holds a statement other than SELECT \(DELETE\)/,
    ],
    [
      'a cube sql with SELECT INTO',
      { source: 'sql: "SELECT * INTO copy FROM orders"' },
      3,
      /creates a table/,
    ],
    [
      'a cube sql ending in a line comment',
      { source: 'sql: "SELECT * FROM orders -- comment"' },
      3,
      /does not stand as one subquery/,
    ],
    [
      'a sql_table that is more than a name',
      { source: 'sql_table: "orders; DROP TABLE users"' },
      3,
      /sql_table of cube `orders` must be a table name/,
    ],
    ['a sql_table with a WHERE', { source: 'sql_table: "orders WHERE true"' }, 3, /must be a table name/],
    [
      'a measure that breaks out of its expression',
      { measure: "1) FROM orders; SET memory_limit='100KB'; SELECT (1" },
      7,
      /the sql of measure `orders.total` must be one SQL expression/,
    ],
    ['a measure that is a statement', { measure: "SET memory_limit='100KB'" }, 7, /SQL syntax error/],
    ['a measure ending in a line comment', { measure: 'amount -- x' }, 7, /SQL syntax error/],
    ['a measure filter with two expressions', { measureFilter: '1), (2' }, 9, /must be one SQL expression/],
    [
      'a dimension with a writing subquery',
      { dimension: '(WITH x AS (INSERT INTO t VALUES (1) RETURNING 1) SELECT 1)' },
      12,
      /holds a statement other than SELECT \(INSERT\)/,
    ],
    ['a segment with a UNION', { segment: "true) AS v UNION SELECT ('x'" }, 17, /one SQL expression/],
    [
      'a join condition that ends the query',
      { join: 'true); DROP TABLE users; SELECT (true' },
      21,
      /holds 3 statements/,
    ],
  ] as const)('refuses %s, with its file and line', (_title, fields, line, message) => {
    const errors = compileYaml(cubeYaml(fields));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ fileName: testFileName, line });
    expect(errors[0]?.message).toMatch(message);
  });
});
