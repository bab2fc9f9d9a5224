import { describe, expect, test } from 'vitest';
import type { Warehouse } from '../../src/platform/warehouse/warehouse.js';
import { WarehouseError } from '../../src/platform/warehouse/warehouse-error.js';

/** The behaviour both drivers promise; each dialect's test file runs it against a real database. */
export function describeWarehouseBehaviour(
  name: string,
  getWarehouse: () => Warehouse,
  longQuery: string,
): void {
  describe(`${name} warehouse`, () => {
    test('binds parameters as values, never as SQL text', async () => {
      const hostile = "it's'); DROP TABLE users; --";
      const result = await getWarehouse().query('SELECT $1 AS text, CAST($2 AS INTEGER) AS number', [
        hostile,
        42,
      ]);
      expect(result.rows).toEqual([[hostile, 42]]);
      const matches = await getWarehouse().query(
        "SELECT count(*) AS matches FROM (VALUES ('a'), ('b')) AS v(name) WHERE name = $1",
        ["a' OR '1'='1"],
      );
      expect(matches.rows).toEqual([[0]]);
    });

    test('normalises column types and makes values JSON-friendly', async () => {
      const result = await getWarehouse().query(
        `SELECT CAST(1 AS INTEGER) AS whole, CAST(9007199254740993 AS BIGINT) AS huge, CAST(42 AS BIGINT) AS small,
          CAST(12.5 AS DECIMAL(10, 2)) AS decimal_value, 'x' AS label, true AS flag, DATE '2024-01-02' AS day,
          TIMESTAMP '2024-01-02 03:04:05' AS moment, CAST(NULL AS INTEGER) AS missing`,
        [],
      );
      expect(result.columns.map((column) => [column.name, column.type])).toEqual([
        ['whole', 'number'],
        ['huge', 'number'],
        ['small', 'number'],
        ['decimal_value', 'number'],
        ['label', 'string'],
        ['flag', 'boolean'],
        ['day', 'time'],
        ['moment', 'time'],
        ['missing', 'number'],
      ]);
      expect(result.columns.every((column) => column.rawType.length > 0)).toBe(true);
      expect(result.rows).toEqual([
        [1, '9007199254740993', 42, 12.5, 'x', true, '2024-01-02', '2024-01-02T03:04:05.000Z', null],
      ]);
      expect(JSON.parse(JSON.stringify(result.rows))).toEqual(result.rows);
    });

    test('returns at most maximumRows and counts them all in totalRows', async () => {
      const sql = 'SELECT g FROM generate_series(1, 5000) AS t(g) ORDER BY g';
      const limited = await getWarehouse().query(sql, [], { maximumRows: 10 });
      expect(limited.rows).toHaveLength(10);
      expect(limited.rows[9]).toEqual([10]);
      expect(limited.totalRows).toBe(5000);
      const none = await getWarehouse().query(sql, [], { maximumRows: 0 });
      expect(none).toMatchObject({ rows: [], totalRows: 5000 });
      expect(none.columns.map((column) => column.name)).toEqual(['g']);
    });

    test('streams rows in batches after the columns', async () => {
      const stream = await getWarehouse().stream(
        'SELECT g FROM generate_series(1, 5000) AS t(g) ORDER BY g',
        [],
        {
          batchSize: 1000,
        },
      );
      expect(stream.columns).toMatchObject([{ name: 'g', type: 'number' }]);
      const sizes: number[] = [];
      const values: unknown[] = [];
      for await (const batch of stream) {
        sizes.push(batch.length);
        values.push(...batch.map((row) => row[0]));
      }
      expect(sizes.length).toBeGreaterThan(1);
      expect(values).toHaveLength(5000);
      expect(values[4999]).toBe(5000);
    });

    test('leaving a stream early releases its connection', async () => {
      for (let round = 0; round < 12; round += 1) {
        const stream = await getWarehouse().stream('SELECT g FROM generate_series(1, 100000) AS t(g)', [], {
          batchSize: 100,
        });
        for await (const batch of stream) {
          expect(batch.length).toBeGreaterThan(0);
          break;
        }
      }
      expect((await getWarehouse().query('SELECT 1 AS one', [])).rows).toEqual([[1]]);
    });

    test('an AbortSignal cancels a long query promptly', async () => {
      const controller = new AbortController();
      const started = Date.now();
      setTimeout(() => controller.abort(), 200);
      const error = await getWarehouse()
        .query(longQuery, [], { signal: controller.signal })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(WarehouseError);
      expect(error).toMatchObject({ name: 'AbortError', kind: 'aborted' });
      expect(Date.now() - started).toBeLessThan(3000);
      expect((await getWarehouse().query('SELECT 1 AS one', [])).rows).toEqual([[1]]);
    });

    test('an already aborted signal never runs the query', async () => {
      const error = await getWarehouse()
        .query('SELECT 1', [], { signal: AbortSignal.abort() })
        .catch((caught: unknown) => caught);
      expect(error).toMatchObject({ kind: 'aborted' });
    });

    test('a timeout cancels the query with a clear message', async () => {
      const started = Date.now();
      const error = await getWarehouse()
        .query(longQuery, [], { timeoutMilliseconds: 300 })
        .catch((caught: unknown) => caught);
      expect(error).toMatchObject({ kind: 'timeout', message: expect.stringMatching(/timed out/) });
      expect(Date.now() - started).toBeLessThan(3000);
    });

    test('runs exactly one statement per call: a second one is refused, and never runs', async () => {
      for (const sql of [
        'SELECT 1 AS one; SELECT 2 AS two',
        'SELECT 1 AS one; CREATE TABLE planted (id INTEGER)',
      ]) {
        const error = await getWarehouse()
          .query(sql, [])
          .catch((caught: unknown) => caught);
        expect(error, sql).toMatchObject({ kind: 'query' });
        const streamed = await getWarehouse()
          .stream(sql, [])
          .catch((caught: unknown) => caught);
        expect(streamed, sql).toMatchObject({ kind: 'query' });
      }
      const planted = await getWarehouse()
        .query('SELECT count(*) FROM planted', [])
        .catch((caught: unknown) => caught);
      expect(planted).toMatchObject({ kind: 'query' });
    });

    test('bad SQL gives an error naming the warehouse and the problem', async () => {
      const error = await getWarehouse()
        .query('SELEC 1', [])
        .catch((caught: unknown) => caught);
      expect(error).toMatchObject({ kind: 'query', message: expect.stringMatching(/syntax error/i) });
      expect((await getWarehouse().query('SELECT 2 AS two', [])).rows).toEqual([[2]]);
    });
  });
}
