import { beforeAll, describe, expect, it } from 'vitest';
import { loadSqlInterface } from '../../src/index.js';
import { rejectionOf } from './sql-interface-model.fixture.js';

beforeAll(async () => {
  await loadSqlInterface();
});

const oneSource = 'query one cube or view';
const crossJoinHint = "write CROSS JOIN: the model's joins apply";
const termHint =
  "use members, MEASURE(measure), the measure's aggregate such as SUM(measure), or DATE_TRUNC('month', time_dimension)";
const comparisonHint = 'compare a member with a constant using =, <>, <, <=, > or >=';
const likeHint =
  "use 'text', 'text%', '%text' or '%text%'; write \\% and \\_ (or ESCAPE '!' and !%) for a literal % or _";

function expectRejections(cases: readonly (readonly [string, string])[]): void {
  for (const [sql, message] of cases) expect(rejectionOf(sql), sql).toBe(message);
}

describe('rejected statements', () => {
  it('names statements other than one SELECT', () => {
    const onlySelect = 'only SELECT queries over the model are accepted';
    expectRejections([
      [
        'SELECT status FROM orders; SELECT status FROM orders',
        'Only one statement is accepted (line 1, column 28): send a single SELECT',
      ],
      ['CREATE TABLE t (a int)', `CREATE is not supported (line 1, column 1): ${onlySelect}`],
      ['  DROP TABLE orders', `DROP is not supported (line 1, column 3): ${onlySelect}`],
      ['ALTER TABLE orders ADD COLUMN x int', `ALTER is not supported (line 1, column 1): ${onlySelect}`],
      ['INSERT INTO orders VALUES (1)', `INSERT is not supported (line 1, column 1): ${onlySelect}`],
      ["UPDATE orders SET status = 'x'", `UPDATE is not supported (line 1, column 1): ${onlySelect}`],
      ['DELETE FROM orders', `DELETE is not supported (line 1, column 1): ${onlySelect}`],
      ['COPY orders TO STDOUT', `COPY is not supported (line 1, column 1): ${onlySelect}`],
      ['EXPLAIN SELECT status FROM orders', `EXPLAIN is not supported (line 1, column 1): ${onlySelect}`],
      ['VALUES (1)', 'VALUES is not supported (line 1, column 1): send a SELECT over one cube or view'],
    ]);
  });

  it('names clauses outside one plain SELECT', () => {
    expectRejections([
      [
        'WITH x AS (SELECT 1) SELECT status FROM orders',
        'WITH (common table expressions) is not supported (line 1, column 1): query one cube or view directly',
      ],
      [
        'SELECT status FROM orders UNION SELECT status FROM orders',
        'UNION is not supported (line 1, column 27): send one SELECT',
      ],
      [
        'SELECT status FROM orders EXCEPT SELECT status FROM orders',
        'EXCEPT is not supported (line 1, column 27): send one SELECT',
      ],
      [
        'SELECT DISTINCT status FROM orders',
        'DISTINCT is not supported (line 1, column 8): the result is already grouped by the selected dimensions',
      ],
      ['SELECT status INTO t FROM orders', 'SELECT INTO is not supported (line 1, column 15)'],
      ['SELECT status FROM orders FOR UPDATE', 'FOR UPDATE is not supported (line 1, column 27)'],
      ['SELECT status FROM orders FOR SHARE', 'FOR SHARE is not supported (line 1, column 27)'],
      ['SELECT status FROM orders WINDOW w AS ()', 'WINDOW is not supported (line 1, column 27)'],
      [
        'SELECT status FROM orders GROUP BY ROLLUP (status)',
        'GROUPING SETS, ROLLUP and CUBE are not supported (line 1, column 36)',
      ],
      [
        'SELECT status FROM orders GROUP BY DISTINCT status',
        'GROUP BY DISTINCT is not supported (line 1, column 27)',
      ],
      [
        'SELECT status FROM orders ORDER BY status FETCH FIRST 3 ROWS WITH TIES',
        'FETCH ... WITH TIES is not supported (line 1, column 67): use LIMIT',
      ],
      ['SELECT FROM orders', 'SELECT needs at least one column (line 1, column 1)'],
      ['SELECT status', 'FROM is missing (line 1, column 14): name one cube or view'],
    ]);
  });

  it('names FROM clauses that are not one cube or view', () => {
    expectRejections([
      [
        'SELECT * FROM orders JOIN users ON true',
        `JOIN ... ON is not supported (line 1, column 22): ${crossJoinHint}`,
      ],
      [
        'SELECT status FROM orders o LEFT JOIN users u ON o.id = u.id',
        `LEFT JOIN is not supported (line 1, column 34): ${crossJoinHint}`,
      ],
      [
        'SELECT status FROM orders, users',
        `Several tables in FROM are not supported (line 1, column 28): ${oneSource}, or join cubes with CROSS JOIN`,
      ],
      [
        'SELECT status FROM (SELECT 1) s',
        `Subqueries are not supported (line 1, column 20): ${oneSource}, or join cubes with CROSS JOIN`,
      ],
      [
        'SELECT status FROM generate_series(1, 3)',
        `Functions in FROM are not supported (line 1, column 20): ${oneSource}, or join cubes with CROSS JOIN`,
      ],
      [
        'SELECT status FROM public.orders',
        'Schema-qualified names are not supported (line 1, column 20): name the cube or view alone',
      ],
      ['SELECT status FROM orders AS o(a)', 'Column aliases in FROM are not supported (line 1, column 20)'],
      [
        'SELECT status FROM ordrs',
        'Unknown cube or view "ordrs" (line 1, column 20): did you mean "orders"?',
      ],
      ['SELECT status FROM nothing_like_it', 'Unknown cube or view "nothing_like_it" (line 1, column 20)'],
    ]);
  });
});

describe('rejected select lists', () => {
  it('names unknown members, bad qualifiers, measures and segments written bare, and SELECT *', () => {
    expectRejections([
      ['SELECT * FROM orders', 'SELECT * is not supported (line 1, column 8): name the columns'],
      ['SELECT o.* FROM orders o', 'SELECT * is not supported (line 1, column 8): name the columns'],
      [
        'SELECT stauts FROM orders',
        'Unknown column "stauts" in orders (line 1, column 8): did you mean "status"?',
      ],
      ['SELECT city FROM orders', 'Unknown column "city" in orders (line 1, column 8)'],
      [
        'SELECT users.city FROM orders',
        'Unknown table "users" (line 1, column 8): columns come from orders, the cube or view in FROM',
      ],
      [
        'SELECT x.status FROM orders o',
        'Unknown table "x" (line 1, column 8): columns come from o (orders), the cube or view in FROM',
      ],
      [
        'SELECT a.b.status FROM orders',
        'Column name "a.b.status" has too many parts (line 1, column 8): write member or table.member',
      ],
      [
        'SELECT count FROM orders',
        '"count" is a measure (line 1, column 8): write COUNT(count) or MEASURE(count)',
      ],
      [
        'SELECT completed FROM orders',
        '"completed" is a segment (line 1, column 8): use it as a condition in WHERE',
      ],
    ]);
  });

  it('names aggregates that do not match the measure and says which it takes', () => {
    expectRejections([
      [
        'SELECT SUM(count) FROM orders',
        'SUM does not match the measure "count" (line 1, column 8): count is a count measure; write COUNT(count) or MEASURE(count)',
      ],
      [
        'SELECT AVG(total_amount) FROM orders',
        'AVG does not match the measure "total_amount" (line 1, column 8): total_amount is a sum measure; write SUM(total_amount) or MEASURE(total_amount)',
      ],
      [
        'SELECT COUNT(buyers) FROM orders',
        'COUNT does not match the measure "buyers" (line 1, column 8): buyers is a count_distinct measure; write COUNT(DISTINCT buyers) or MEASURE(buyers)',
      ],
      [
        'SELECT COUNT(DISTINCT count) FROM orders',
        'COUNT(DISTINCT) does not match the measure "count" (line 1, column 8): count is a count measure; write COUNT(count) or MEASURE(count)',
      ],
      [
        'SELECT MAX(completed_share) FROM orders',
        'MAX does not match the measure "completed_share" (line 1, column 8): completed_share is a number measure; write MEASURE(completed_share)',
      ],
      [
        'SELECT SUM(amount) FROM orders',
        'SUM takes a measure, but "amount" is a number dimension (line 1, column 8)',
      ],
      [
        'SELECT MEASURE(status) FROM orders',
        'MEASURE takes a measure, but "status" is a string dimension (line 1, column 8)',
      ],
      ['SELECT MEASURE(count, status) FROM orders', 'MEASURE takes one measure (line 1, column 8)'],
      [
        'SELECT SUM(DISTINCT total_amount) FROM orders',
        'DISTINCT is only accepted in COUNT(DISTINCT measure) (line 1, column 8)',
      ],
      [
        'SELECT COUNT(*) FROM sales',
        'COUNT(*) is ambiguous in sales (line 1, column 8): it has several count measures (count, users_count); write MEASURE(name)',
      ],
      [
        'SELECT COUNT(*) FROM places',
        'COUNT(*) needs a count measure, and places has none (line 1, column 8): select a measure with MEASURE(name)',
      ],
    ]);
  });

  it('names functions, expressions and constructs that are not members', () => {
    expectRejections([
      [
        'SELECT lower(status) FROM orders',
        `Function lower() is not supported (line 1, column 8): ${termHint}`,
      ],
      [
        'SELECT amount + 1 FROM orders',
        `Expressions and arithmetic are not supported (line 1, column 8): ${termHint}`,
      ],
      ['SELECT amount::text FROM orders', `Casts are not supported (line 1, column 8): ${termHint}`],
      [
        "SELECT CASE WHEN amount > 1 THEN 'a' END FROM orders",
        `CASE expressions are not supported (line 1, column 8): ${termHint}`,
      ],
      ['SELECT COALESCE(status, 0) FROM orders', `COALESCE is not supported (line 1, column 8): ${termHint}`],
      ['SELECT (SELECT 1) FROM orders', `Subqueries are not supported (line 1, column 8): ${termHint}`],
      ['SELECT 1 FROM orders', `Constants are not supported here (line 1, column 8): ${termHint}`],
      ['SELECT $1 FROM orders', `Parameters ($1) are not supported (line 1, column 8): ${termHint}`],
      ['SELECT COUNT(*) OVER () FROM orders', 'Window functions are not supported (line 1, column 8)'],
      [
        'SELECT SUM(total_amount) FILTER (WHERE amount > 1) FROM orders',
        'FILTER is not supported (line 1, column 8)',
      ],
      [
        'SELECT unnest(ARRAY[1, 2]) FROM orders',
        `Function unnest() is not supported (line 1, column 8): ${termHint}`,
      ],
    ]);
  });

  it('names DATE_TRUNC misuse', () => {
    expectRejections([
      [
        "SELECT DATE_TRUNC('decade', created_at) FROM orders",
        'Unknown granularity "decade" for created_at (line 1, column 19): use second, minute, hour, day, week, month, quarter, year, fiscal_year',
      ],
      [
        "SELECT DATE_TRUNC('month', status) FROM orders",
        'DATE_TRUNC takes a time dimension, but "status" is a string dimension (line 1, column 28)',
      ],
      [
        'SELECT DATE_TRUNC(created_at) FROM orders',
        "DATE_TRUNC takes two arguments (line 1, column 8): write DATE_TRUNC('month', time_dimension)",
      ],
      [
        'SELECT DATE_TRUNC(status, created_at) FROM orders',
        "DATE_TRUNC needs a granularity as a string constant (line 1, column 19): write DATE_TRUNC('month', time_dimension)",
      ],
    ]);
  });
});

describe('rejected conditions', () => {
  it('names conditions that no filter operator expresses', () => {
    const where = 'SELECT status FROM orders WHERE ';
    expectRejections([
      [`${where}status LIKE 'a%b'`, `LIKE pattern 'a%b' is not supported (line 1, column 45): ${likeHint}`],
      [
        `${where}status NOT ILIKE '%a%b'`,
        `NOT ILIKE pattern '%a%b' is not supported (line 1, column 50): ${likeHint}`,
      ],
      [
        `${where}status LIKE 'a_c'`,
        `The _ wildcard is not supported in LIKE patterns (line 1, column 45): ${likeHint}`,
      ],
      [`${where}status LIKE status`, `LIKE takes a string constant pattern (line 1, column 40): ${likeHint}`],
      [
        `${where}status LIKE 'a\\'`,
        `LIKE pattern 'a\\' ends with its escape character (line 1, column 45): ${likeHint}`,
      ],
      [
        `${where}status LIKE 'a' ESCAPE 'ab'`,
        `LIKE ... ESCAPE takes one character, or '' for none (line 1, column 56): ${likeHint}`,
      ],
      [
        `${where}status LIKE status ESCAPE '!'`,
        `LIKE takes a string constant pattern (line 1, column 40): ${likeHint}`,
      ],
      [
        `${where}status = NULL`,
        'Comparing with NULL is not supported (line 1, column 42): use IS NULL or IS NOT NULL',
      ],
      [
        `${where}amount = status`,
        `Conditions compare one member with one constant (line 1, column 40): ${comparisonHint}`,
      ],
      [
        `${where}1 = 1`,
        `Conditions compare one member with one constant (line 1, column 35): ${comparisonHint}`,
      ],
      [
        `${where}amount + 1 > 5`,
        `Expressions and arithmetic are not supported (line 1, column 33): ${comparisonHint}`,
      ],
      [
        `${where}status ~ 'x'`,
        `Operator ~ is not supported in conditions (line 1, column 40): ${comparisonHint}`,
      ],
      [
        `${where}status = $1`,
        'Parameters ($1) are not supported (line 1, column 42): write the value in the query',
      ],
      [
        `${where}created_at > CURRENT_DATE`,
        "SQL value functions such as CURRENT_DATE are not supported (line 1, column 46): write dates as constants such as '2024-01-01'",
      ],
      [
        `${where}created_at > '2024-01-01'::date - INTERVAL '1 day'`,
        `Expressions and arithmetic are not supported (line 1, column 46): ${comparisonHint}`,
      ],
      [
        `${where}created_at > 5`,
        "The time dimension created_at compares with dates (line 1, column 46): write a date such as '2024-01-01'",
      ],
      [
        `${where}DATE_TRUNC('month', created_at) = '2024-01-01'`,
        'DATE_TRUNC() is not supported in conditions (line 1, column 33): compare the time dimension created_at itself',
      ],
      [
        `${where}status IN (SELECT 1)`,
        `Subqueries are not supported in conditions (line 1, column 33): ${comparisonHint}`,
      ],
      [`${where}status`, `"status" is not a condition (line 1, column 33): ${comparisonHint}`],
      [
        `${where}NOT completed`,
        'The segment "completed" can only be combined with AND (line 1, column 37): segments cannot be negated or used in OR',
      ],
      [
        `${where}completed = true`,
        '"completed" is a segment (line 1, column 33): write it on its own in WHERE, combined with AND',
      ],
      [
        `${where}total_amount > 5`,
        '"total_amount" is a measure (line 1, column 33): write SUM(total_amount) or MEASURE(total_amount)',
      ],
      [
        `${where}amount BETWEEN SYMMETRIC 1 AND 2`,
        'BETWEEN SYMMETRIC is not supported (line 1, column 40): write BETWEEN low AND high',
      ],
      [
        `${where}amount IS DISTINCT FROM 5`,
        'IS DISTINCT FROM is not supported (line 1, column 40): use =, <>, IS NULL or IS NOT NULL',
      ],
      [`${where}amount = ANY(ARRAY[1, 2])`, 'ANY (...) is not supported (line 1, column 40): use IN (...)'],
      [`${where}status SIMILAR TO 'a'`, 'SIMILAR TO is not supported (line 1, column 40): use LIKE'],
      [
        `${where}is_gift IS TRUE`,
        `IS TRUE / IS FALSE tests are not supported in conditions (line 1, column 33): ${comparisonHint}`,
      ],
      [
        `${where}amount = 'x'::interval`,
        "Intervals are not supported (line 1, column 42): write dates as constants such as '2024-01-01'",
      ],
      [`${where}amount = 'x'::int`, '"x" is not a number (line 1, column 42)'],
    ]);
  });
});

describe('rejected GROUP BY, ORDER BY and LIMIT', () => {
  it('names grouping that does not match the select list', () => {
    expectRejections([
      [
        'SELECT status, created_at, MEASURE(count) FROM orders GROUP BY status',
        'Column "created_at" must appear in GROUP BY (line 1, column 16): group by every selected dimension',
      ],
      [
        'SELECT status, MEASURE(count) FROM orders GROUP BY status, amount',
        'GROUP BY "amount" is not in the select list (line 1, column 60): group only by selected columns',
      ],
      [
        "SELECT status FROM orders GROUP BY status, DATE_TRUNC('day', created_at)",
        "GROUP BY DATE_TRUNC('day', created_at) is not in the select list (line 1, column 44): group only by selected columns",
      ],
      [
        'SELECT status FROM orders GROUP BY 2',
        'GROUP BY position 2 is not in the select list (line 1, column 36)',
      ],
      [
        'SELECT status, MEASURE(count) FROM orders GROUP BY 1, 2',
        'Cannot GROUP BY the measure "count" (line 1, column 55): group by dimensions',
      ],
    ]);
  });

  it('names ordering that is not supported', () => {
    expectRejections([
      [
        'SELECT status FROM orders ORDER BY status NULLS FIRST',
        'NULLS FIRST is not supported (line 1, column 43): ORDER BY takes ASC or DESC',
      ],
      [
        'SELECT status FROM orders ORDER BY status DESC NULLS LAST',
        'NULLS LAST is not supported (line 1, column 48): ORDER BY takes ASC or DESC',
      ],
      [
        'SELECT status FROM orders ORDER BY status USING <',
        'ORDER BY ... USING is not supported (line 1, column 43): use ASC or DESC',
      ],
      [
        'SELECT status FROM orders ORDER BY amount',
        'ORDER BY "amount" is not in the select list (line 1, column 36): order by selected columns or by measures',
      ],
      [
        'SELECT status FROM orders ORDER BY 3',
        'ORDER BY position 3 is not in the select list (line 1, column 36)',
      ],
      [
        'SELECT status AS s, MEASURE(count) AS s FROM orders ORDER BY s',
        'ORDER BY "s" is ambiguous (line 1, column 62): several selected columns have that name',
      ],
    ]);
  });

  it('takes only non-negative integer constants as LIMIT and OFFSET', () => {
    expectRejections([
      [
        'SELECT status FROM orders LIMIT -1',
        'LIMIT must be a non-negative integer constant (line 1, column 33)',
      ],
      [
        'SELECT status FROM orders LIMIT 1 + 1',
        'LIMIT must be a non-negative integer constant (line 1, column 33)',
      ],
      [
        "SELECT status FROM orders LIMIT '5'",
        'LIMIT must be a non-negative integer constant (line 1, column 33)',
      ],
      [
        'SELECT status FROM orders LIMIT 5 OFFSET 1.5',
        'OFFSET must be a non-negative integer constant (line 1, column 42)',
      ],
      [
        'SELECT status FROM orders LIMIT $1',
        'LIMIT must be a non-negative integer constant (line 1, column 33)',
      ],
    ]);
  });
});

describe('parse errors and empty input', () => {
  it("quotes Postgres's message with its line and column", () => {
    expectRejections([
      [
        'SELECT status FROM orders WHERE\n  status = = 1',
        'SQL syntax error: syntax error at or near "=" (line 2, column 12)',
      ],
      ['SELEC status FROM orders', 'SQL syntax error: syntax error at or near "SELEC" (line 1, column 1)'],
      [
        'SELECT status FROM orders WHERE',
        'SQL syntax error: syntax error at end of input (line 1, column 32)',
      ],
      [
        "SELECT status FROM orders WHERE status = 'open",
        `SQL syntax error: unterminated quoted string at or near "'open" (line 1, column 42)`,
      ],
    ]);
  });

  it('refuses empty input', () => {
    expectRejections([
      ['', 'The SQL query is empty: send one SELECT statement'],
      ['  \n\t ', 'The SQL query is empty: send one SELECT statement'],
      ['-- only a comment\n/* and another */ ;', 'The SQL query is empty: send one SELECT statement'],
    ]);
  });
});
