import { describe, expect, it } from 'vitest';
import {
  buildQuerySql,
  compileDataModel,
  compileModelFiles,
  duckDbDialect,
  postgresDialect,
  SemanticQueryError,
} from '../../src/index.js';
import { compileShop, shopModel } from './shop-model.fixture.js';

const model = shopModel();
const selectOf = (sql: string) => sql.split('\n')[0] ?? '';

describe('member SQL', () => {
  it('reads bare columns from the cube and resolves {CUBE}, {member} and {cube.member} recursively', () => {
    const compiled = compileShop(model, {
      dimensions: ['orders.doubled', 'orders.is_big', 'orders.customer_city'],
    });
    expect(selectOf(compiled.sql)).toBe(
      'SELECT "orders".amount * 2 AS "orders__doubled", "orders".amount > 100 AS "orders__is_big", "customers".city AS "orders__customer_city"',
    );
    expect(compiled.sql).toContain('LEFT JOIN (SELECT * FROM shop.customers');
  });

  it('renders case dimensions with literal and SQL labels', () => {
    const compiled = compileShop(model, { dimensions: ['orders.size'] });
    expect(selectOf(compiled.sql)).toBe(
      `SELECT CASE WHEN "orders".amount < 50 THEN 'small' WHEN "orders".amount >= 50 THEN "orders".status ELSE 'n/a' END AS "orders__size"`,
    );
  });

  it('renders each measure type, filters as CASE WHEN inside the aggregate', () => {
    const compiled = compileShop(model, {
      measures: [
        'orders.completed_total',
        'orders.completed_count',
        'orders.customers_reached',
        'orders.latest',
      ],
    });
    expect(selectOf(compiled.sql)).toBe(
      [
        `SELECT sum(CASE WHEN ("orders".status = 'completed') THEN "orders".amount END) AS "orders__completed_total"`,
        `count(CASE WHEN ("orders".status = 'completed') THEN "orders".id END) AS "orders__completed_count"`,
        'approx_count_distinct("orders".customer_id) AS "orders__customers_reached"',
        'max("orders".created_at) AS "orders__latest"',
      ].join(', '),
    );
    expect(
      selectOf(
        compileShop(model, { measures: ['orders.customers_reached'] }, { dialect: postgresDialect }).sql,
      ),
    ).toBe('SELECT count(DISTINCT "orders".customer_id) AS "orders__customers_reached"');
  });

  it('computes number measures from the aggregates they reference', () => {
    const compiled = compileShop(model, { measures: ['orders.completion_rate'] });
    expect(selectOf(compiled.sql)).toBe(
      `SELECT (1.0 * (count(CASE WHEN ("orders".status = 'completed') THEN "orders".id END)) / NULLIF((count("orders".id)), 0)) AS "orders__completion_rate"`,
    );
  });

  it('counts rows when a cube has no primary key', () => {
    expect(selectOf(compileShop(model, { measures: ['visits.count'] }).sql)).toBe(
      'SELECT count(*) AS "visits__count"',
    );
  });

  it('reports reference cycles, unknown references and unsupported members clearly', () => {
    expect(() => compileShop(model, { dimensions: ['orders.loop_a'] })).toThrow(
      'members reference each other in a cycle: orders.loop_a → orders.loop_b → orders.loop_a',
    );
    expect(() => compileShop(model, { measures: ['orders.rolling_total'] })).toThrow(
      /rolling_window; these are not supported yet/,
    );
    expect(() => compileShop(model, { dimensions: ['orders.lifetime_orders'] })).toThrow(
      /sub_query dimension; these are not supported yet/,
    );
    expect(() =>
      compileShop(model, {
        measures: ['orders.count'],
        dimensions: ['orders.created_at'],
        timeDimensions: [{ dimension: 'orders.created_at', granularity: 'weird' }],
      }),
    ).toThrow(/intervals mixing months or years with days or hours are not supported/);
  });

  it('refuses references in a cube’s own sql instead of sending them to the warehouse', () => {
    const content = `cubes:
  - name: filtered
    sql: "SELECT * FROM t WHERE {FILTER_PARAMS.filtered.day.filter('day')}"
    measures:
      - name: count
        type: count
`;
    const filtered = compileDataModel(compileModelFiles([{ fileName: 'model/f.yml', content }]).model);
    expect(() =>
      buildQuerySql(filtered, { measures: ['filtered.count'] }, { dialect: duckDbDialect }),
    ).toThrow(/the sql of cube `filtered` contains `\{FILTER_PARAMS/);
  });

  it('suggests the member meant, and says what kind a misplaced member is', () => {
    const error = (() => {
      try {
        compileShop(model, { measures: ['orders.totl'] });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(SemanticQueryError);
    expect(error).toMatchObject({
      kind: 'invalid',
      message: expect.stringContaining('did you mean `orders.total`?'),
    });
    expect(() => compileShop(model, { dimensions: ['orders.count'] })).toThrow(
      '`orders.count` is a measure and cannot be used in dimensions; put it in measures',
    );
    expect(() =>
      compileShop(model, { timeDimensions: [{ dimension: 'orders.status', granularity: 'day' }] }),
    ).toThrow(/string dimension; timeDimensions take dimensions of type time/);
    expect(() =>
      compileShop(model, {
        measures: ['orders.count'],
        filters: [{ member: 'orders.count', operator: 'is' as never, values: [] }],
      }),
    ).toThrow(/unknown filter operator `is`/);
    expect(() =>
      compileShop(model, {
        measures: ['orders.count'],
        filters: [{ member: 'orders.status', operator: 'gt', values: [] }],
      }),
    ).toThrow(/needs values/);
    expect(() =>
      compileShop(model, {
        measures: ['orders.count'],
        filters: [{ member: 'orders.amount', operator: 'equals', values: ['ten'] }],
      }),
    ).toThrow(/`ten` is not a number/);
  });

  it('applies row filters only where their cube takes part', () => {
    const cubeRowFilters = [
      {
        cubeName: 'customers',
        filter: { member: 'customers.city', operator: 'equals' as const, values: ['Oslo'] },
      },
    ];
    expect(compileShop(model, { measures: ['orders.count'] }, { cubeRowFilters }).sql).not.toContain('WHERE');
    const joined = compileShop(
      model,
      { measures: ['orders.count'], dimensions: ['regions.name'] },
      { cubeRowFilters },
    );
    expect(joined.sql).toContain('WHERE "customers".city = $1');
    expect(joined.params[0]).toBe('Oslo');
    const foreign = [
      { cubeName: 'customers', filter: { member: 'orders.status', operator: 'set' as const } },
    ];
    expect(() => compileShop(model, { measures: ['customers.count'] }, { cubeRowFilters: foreign })).toThrow(
      /row filter of cube `customers` names `orders.status`/,
    );
  });
});
