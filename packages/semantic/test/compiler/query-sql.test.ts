import { describe, expect, it } from 'vitest';
import { dialectNamed, duckDbDialect, postgresDialect } from '../../src/index.js';
import { compileShop, shopModel } from './shop-model.fixture.js';

const model = shopModel();

describe('the common single-cube query', () => {
  it('is one plain GROUP BY with bound values, default order and limit', () => {
    const compiled = compileShop(model, {
      measures: ['orders.count', 'orders.total'],
      dimensions: ['orders.status'],
      filters: [{ member: 'orders.amount', operator: 'gt', values: ['10'] }],
    });
    expect(compiled.sql).toBe(
      [
        'SELECT "orders".status AS "orders__status", count("orders".id) AS "orders__count", sum("orders".amount) AS "orders__total"',
        'FROM shop.orders AS "orders"',
        'WHERE "orders".amount > $1',
        'GROUP BY 1',
        'ORDER BY "orders__count" DESC NULLS LAST, "orders__status" ASC NULLS LAST',
        'LIMIT $2',
      ].join('\n'),
    );
    expect(compiled.params).toEqual([10, 10_000]);
    expect(compiled.query).toMatchObject({
      order: [['orders.count', 'desc']],
      limit: 10_000,
      offset: 0,
      timezone: 'UTC',
    });
  });

  it('joins what dimensions need, with a measure filter in HAVING and offset bound last', () => {
    const compiled = compileShop(model, {
      measures: ['orders.total'],
      dimensions: ['customers.city'],
      filters: [{ member: 'orders.count', operator: 'gte', values: [3] }],
      order: { 'customers.city': 'asc' },
      limit: 5,
      offset: 10,
    });
    expect(compiled.sql).toBe(
      [
        'SELECT "customers".city AS "customers__city", sum("orders".amount) AS "orders__total"',
        'FROM shop.orders AS "orders"',
        'LEFT JOIN (SELECT * FROM shop.customers WHERE deleted_at IS NULL) AS "customers" ON "orders".customer_id = "customers".id',
        'GROUP BY 1',
        'HAVING count("orders".id) >= $1',
        'ORDER BY "customers__city" ASC NULLS LAST',
        'LIMIT $2 OFFSET $3',
      ].join('\n'),
    );
    expect(compiled.params).toEqual([3, 5, 10]);
  });

  it('renders every filter operator with parameters only', () => {
    const compiled = compileShop(model, {
      measures: ['orders.count'],
      filters: [
        { member: 'orders.status', operator: 'equals', values: ['a', 'b'] },
        { member: 'orders.status', operator: 'notEquals', values: ['c'] },
        { member: 'orders.status', operator: 'contains', values: ['50%_off!', 'x'] },
        { member: 'orders.status', operator: 'notStartsWith', values: ['y'] },
        { member: 'orders.amount', operator: 'notIn', values: [1, 2] },
        { member: 'orders.amount', operator: 'contains', values: ['7'] },
        { member: 'orders.is_big', operator: 'equals', values: ['true'] },
        { member: 'customers.city', operator: 'notSet' },
        { member: 'orders.completed_total', operator: 'measureFilter' },
      ],
    });
    expect(compiled.sql).toContain(
      [
        'WHERE "orders".status IN ($1, $2)',
        '("orders".status <> $3 OR "orders".status IS NULL)',
        `("orders".status ILIKE $4 ESCAPE '!' OR "orders".status ILIKE $5 ESCAPE '!')`,
        `("orders".status NOT ILIKE $6 ESCAPE '!' OR "orders".status IS NULL)`,
        '("orders".amount NOT IN ($7, $8) OR "orders".amount IS NULL)',
        `CAST("orders".amount AS VARCHAR) ILIKE $9 ESCAPE '!'`,
        '("orders".amount > 100) = $10',
        '"customers".city IS NULL',
        `(("orders".status = 'completed'))`,
      ].join(' AND '),
    );
    expect(compiled.params.slice(0, 10)).toEqual([
      'a',
      'b',
      'c',
      '%50!%!_off!!%',
      '%x%',
      'y%',
      1,
      2,
      '%7%',
      true,
    ]);
  });

  it('types fractional numbers so integer columns compare with them exactly', () => {
    const query = {
      measures: ['orders.count'],
      filters: [{ member: 'orders.count', operator: 'gt', values: [1.5] }],
    } as const;
    expect(compileShop(model, query, { dialect: postgresDialect }).sql).toContain(
      'HAVING count("orders".id) > CAST($1 AS NUMERIC)',
    );
    expect(compileShop(model, query).sql).toContain('HAVING count("orders".id) > CAST($1 AS DOUBLE)');
  });

  it('casts pattern operands to text in the dialect’s own way', () => {
    const query = {
      measures: ['orders.count'],
      filters: [{ member: 'orders.amount', operator: 'endsWith', values: ['9'] }],
    } as const;
    expect(compileShop(model, query, { dialect: postgresDialect }).sql).toContain(
      `CAST("orders".amount AS TEXT) ILIKE $1 ESCAPE '!'`,
    );
  });

  it('groups nested and / or filters and keeps empty groups out', () => {
    const compiled = compileShop(model, {
      measures: ['orders.count'],
      filters: [
        {
          or: [
            { member: 'orders.status', operator: 'equals', values: ['a'] },
            { and: [] },
            { member: 'orders.amount', operator: 'lt', values: [5] },
          ],
        },
        { and: [] },
      ],
    });
    expect(compiled.sql).toContain('WHERE ("orders".status = $1 OR "orders".amount < $2)\n');
  });

  it('splits an AND mixing measures and dimensions, refuses such an OR', () => {
    const mixed = { member: 'orders.count', operator: 'gt', values: [1] } as const;
    const status = { member: 'orders.status', operator: 'equals', values: ['a'] } as const;
    const split = compileShop(model, { measures: ['orders.total'], filters: [{ and: [mixed, status] }] });
    expect(split.sql).toContain('WHERE "orders".status = $1');
    expect(split.sql).toContain('HAVING count("orders".id) > $2');
    expect(() =>
      compileShop(model, { measures: ['orders.total'], filters: [{ or: [mixed, status] }] }),
    ).toThrow(/`or` filter group cannot mix measures and dimensions/);
  });

  it('puts segments in WHERE and reads view members from their cubes', () => {
    const compiled = compileShop(model, {
      measures: ['sales.count', 'sales.buyer_count'],
      dimensions: ['sales.region'],
      segments: [],
    });
    expect(compiled.sql).toContain(
      'LEFT JOIN shop.regions AS "regions" ON "customers".region_code = "regions".code',
    );
    expect(compiled.columns.map((column) => column.alias)).toEqual([
      'sales__region',
      'sales__count',
      'sales__buyer_count',
    ]);
    const segment = compileShop(model, { measures: ['orders.count'], segments: ['orders.completed'] });
    expect(segment.sql).toContain(`WHERE ("orders".status = 'completed')`);
    expect(segment.annotation.segments['orders.completed']).toMatchObject({ title: 'Orders Completed' });
  });

  it('answers the same SQL on repeated calls and looks dialects up by name', () => {
    const query = { measures: ['orders.completion_rate'], dimensions: ['orders.size'] };
    expect(compileShop(model, query).sql).toBe(compileShop(model, query).sql);
    expect(dialectNamed('duckdb')).toBe(duckDbDialect);
    expect(dialectNamed('postgres')).toBe(postgresDialect);
  });

  it('keeps aliases short enough for PostgreSQL and unique', () => {
    const compiled = compileShop(model, {
      dimensions: ['orders.created_at'],
      timeDimensions: [
        { dimension: 'orders.created_at', granularity: 'day' },
        { dimension: 'orders.created_at', granularity: 'fiscal_quarter' },
      ],
    });
    const aliases = compiled.columns.map((column) => column.alias);
    expect(new Set(aliases).size).toBe(aliases.length);
    expect(compiled.columns.map((column) => column.keys)).toEqual([
      ['orders.created_at'],
      ['orders.created_at.day'],
      ['orders.created_at.fiscal_quarter'],
    ]);
    expect(aliases.every((alias) => /^[A-Za-z0-9_]{1,63}$/.test(alias))).toBe(true);
  });
});
