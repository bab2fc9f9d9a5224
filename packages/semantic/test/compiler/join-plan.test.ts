import { describe, expect, it } from 'vitest';
import { buildQuerySql, compileDataModel, compileModelFiles, duckDbDialect } from '../../src/index.js';
import { compileShop, shopModel } from './shop-model.fixture.js';

const model = shopModel();

describe('join paths', () => {
  it('walk declared joins both ways from the first cube of the query', () => {
    const compiled = compileShop(model, { measures: ['products.count'], dimensions: ['customers.city'] });
    expect(compiled.sql).toContain(
      [
        'FROM shop.products AS "products"',
        'LEFT JOIN shop.line_items AS "line_items" ON "line_items".product_id = "products".id',
        'LEFT JOIN shop.orders AS "orders" ON "orders".id = "line_items".order_id',
        'LEFT JOIN (SELECT * FROM shop.customers WHERE deleted_at IS NULL) AS "customers" ON "orders".customer_id = "customers".id',
      ].join('\n'),
    );
  });

  it('break ties between equally short paths by declaration order', () => {
    const files = [
      {
        fileName: 'model/diamond.yml',
        content: `cubes:
  - name: top
    sql_table: t
    joins:
      - name: left_side
        relationship: many_to_one
        sql: "{CUBE}.left_id = {left_side}.id"
      - name: right_side
        relationship: many_to_one
        sql: "{CUBE}.right_id = {right_side}.id"
    measures:
      - name: count
        type: count
  - name: left_side
    sql_table: l
    joins:
      - name: bottom
        relationship: many_to_one
        sql: "{CUBE}.bottom_id = {bottom}.id"
  - name: right_side
    sql_table: r
    joins:
      - name: bottom
        relationship: many_to_one
        sql: "{CUBE}.bottom_id = {bottom}.id"
  - name: bottom
    sql_table: b
    dimensions:
      - name: name
        sql: name
        type: string
`,
      },
    ];
    const diamond = compileDataModel(compileModelFiles(files).model);
    const compiled = buildQuerySql(
      diamond,
      { measures: ['top.count'], dimensions: ['bottom.name'] },
      { dialect: duckDbDialect },
    );
    expect(compiled.sql).toContain('LEFT JOIN l AS "left_side"');
    expect(compiled.sql).not.toContain('"right_side"');
  });

  it('name both cubes when none connects them', () => {
    expect(() => compileShop(model, { measures: ['audit_log.count', 'orders.count'] })).toThrow(
      'cannot join `audit_log` and `orders`: no join path exists between these cubes',
    );
  });

  it('follow a view’s join paths; the view may not be mixed with cubes or other views', () => {
    const compiled = compileShop(model, { measures: ['sales.total'], dimensions: ['sales.region'] });
    expect(compiled.sql).toContain('FROM shop.orders AS "orders"\nLEFT JOIN (SELECT');
    expect(compiled.sql).toContain('LEFT JOIN shop.regions AS "regions"');
    expect(() => compileShop(model, { measures: ['sales.total'], dimensions: ['catalog.category'] })).toThrow(
      /one view at a time/,
    );
    expect(() => compileShop(model, { measures: ['orders.total'], dimensions: ['sales.status'] })).toThrow(
      /mixes view `sales` with the cube member `orders.total`/,
    );
  });
});

describe('fan-out', () => {
  it('aggregates a multiplied cube alone over distinct (dimensions, primary key) rows', () => {
    const compiled = compileShop(model, {
      measures: ['orders.total'],
      dimensions: ['products.category'],
      filters: [{ member: 'orders.total', operator: 'gt', values: [100] }],
    });
    expect(compiled.sql).toBe(
      [
        'WITH "keys$" AS (',
        'SELECT DISTINCT "products".category AS "products__category", "orders".id AS "pk$0"',
        'FROM shop.orders AS "orders"',
        'LEFT JOIN shop.line_items AS "line_items" ON "orders".id = "line_items".order_id',
        'LEFT JOIN shop.products AS "products" ON "line_items".product_id = "products".id',
        ')',
        'SELECT "k$"."products__category" AS "products__category", sum("orders".amount) AS "orders__total"',
        'FROM "keys$" AS "k$"',
        'LEFT JOIN shop.orders AS "orders" ON "k$"."pk$0" = "orders".id',
        'GROUP BY 1',
        'HAVING sum("orders".amount) > $1',
        'ORDER BY "orders__total" DESC NULLS LAST, "products__category" ASC NULLS LAST',
        'LIMIT $2',
      ].join('\n'),
    );
  });

  it('joins per-cube stages to the main one on NULL-safe dimension equality', () => {
    const compiled = compileShop(model, {
      measures: ['line_items.quantity', 'orders.count', 'orders.average_order'],
      dimensions: ['orders.status'],
      filters: [{ member: 'orders.completion_rate', operator: 'lt', values: [0.5] }],
    });
    expect(compiled.sql).toContain(
      'SELECT "orders".status AS "orders__status", sum("line_items".quantity) AS "m$0"',
    );
    expect(compiled.sql).toContain(
      ') AS "q1" ON "q0"."orders__status" IS NOT DISTINCT FROM "q1"."orders__status"',
    );
    expect(compiled.sql).toContain('((sum("orders".amount)) / NULLIF((count("orders".id)), 0)) AS "m$2"');
    expect(compiled.sql).toContain('"q1"."m$2" AS "orders__average_order"');
    expect(compiled.sql).toContain('\nWHERE "q1"."m$3" < CAST($1 AS DOUBLE)\n');
    expect(compiled.sql.match(/SELECT DISTINCT/g)).toHaveLength(1);
    expect(compiled.sql).toContain(
      'FROM "keys$" AS "k$"\nLEFT JOIN shop.orders AS "orders" ON "k$"."pk$0" = "orders".id',
    );
  });

  it('keeps min, max and distinct counts of multiplied cubes in the main query', () => {
    const compiled = compileShop(model, {
      measures: ['orders.latest', 'orders.customers_reached', 'line_items.quantity'],
    });
    expect(compiled.sql).not.toContain('DISTINCT "orders"');
    expect(compiled.sql).toContain('max("orders".created_at)');
    expect(compiled.sql).toContain('approx_count_distinct("orders".customer_id)');
  });

  it('combines a number measure over two cubes from their own stages', () => {
    const compiled = compileShop(model, {
      measures: ['orders.total_per_customer'],
      dimensions: ['regions.name'],
    });
    expect(compiled.sql).toContain('("q0"."m$0") / NULLIF(("q1"."m$1"), 0) AS "orders__total_per_customer"');
    expect(compiled.sql).not.toContain('CROSS JOIN');
  });

  it('uses CROSS JOIN between stages when there are no dimensions', () => {
    const compiled = compileShop(model, { measures: ['line_items.quantity', 'orders.count'] });
    expect(compiled.sql).toContain(') AS "q0"\nCROSS JOIN (');
  });

  it('refuses a multiplied cube without a primary key, and multiplied measures reading other cubes', () => {
    expect(() =>
      compileShop(model, { measures: ['visits.count'], dimensions: ['customers.city'] }),
    ).not.toThrow();
    expect(() => compileShop(model, { measures: ['visits.count', 'orders.count'] })).toThrow(
      /repeat the rows of cube `visits`.*declare a primary_key dimension on `visits`/,
    );
  });
});
