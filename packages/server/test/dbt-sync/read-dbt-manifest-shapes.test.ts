import { describe, expect, it } from 'vitest';
import { DbtManifestError } from '../../src/modules/dbt-sync/dbt-manifest-error.js';
import { readDbtManifest } from '../../src/modules/dbt-sync/read-dbt-manifest.js';
import { columnOf, manifestOf, modelNode, testNode } from './manifest-builder.js';

function modelsOf(manifest: unknown) {
  return new Map(readDbtManifest(manifest).models.map((model) => [model.name, model]));
}

describe('readDbtManifest across schema versions', () => {
  it('takes primary keys from model constraints, column constraints and tags', () => {
    const models = modelsOf(
      manifestOf({
        'model.shop.lines': modelNode('lines', {
          constraints: [{ type: 'primary_key', columns: ['order_id', 'line'] }],
          columns: { order_id: columnOf('order_id'), line: columnOf('line') },
        }),
        'model.shop.orders': modelNode('orders', {
          columns: { id: columnOf('id', { constraints: [{ type: 'not_null' }, { type: 'primary_key' }] }) },
        }),
        'model.shop.users': modelNode('users', {
          columns: { email: columnOf('email'), user_id: columnOf('user_id', { tags: ['primary_key'] }) },
        }),
      }),
    );
    expect(models.get('lines')?.primaryKey).toEqual(['order_id', 'line']);
    expect(models.get('orders')?.primaryKey).toEqual(['id']);
    expect(models.get('users')?.primaryKey).toEqual(['user_id']);
  });

  it('reads tests with attached_node (v9+) and without it (kwargs.model, depends_on)', () => {
    const oldTest = (name: string, column: string, kwargs: Record<string, unknown>, dependsOn: string[]) => ({
      resource_type: 'test',
      test_metadata: { name, kwargs: { column_name: column, ...kwargs } },
      depends_on: { nodes: dependsOn },
    });
    const models = modelsOf(
      manifestOf(
        {
          'model.shop.customers': modelNode('customers', { columns: { id: columnOf('id') } }),
          'model.shop.orders': modelNode('orders', {
            columns: { id: columnOf('id'), customer_id: columnOf('customer_id') },
          }),
          'test.shop.a': testNode('unique', 'customers', 'id'),
          'test.shop.b': testNode('not_null', 'customers', 'id'),
          'test.shop.c': oldTest('unique', 'id', {}, ['model.shop.orders']),
          'test.shop.d': oldTest('not_null', 'id', { model: "{{ get_where_subquery(ref('orders')) }}" }, []),
          'test.shop.e': oldTest('relationships', 'customer_id', { to: "ref('customers')", field: 'id' }, [
            'model.shop.customers',
            'model.shop.orders',
          ]),
          'test.shop.f': oldTest(
            'relationships',
            'customer_id',
            { to: "source('raw', 'customers')", field: 'id' },
            ['model.shop.orders'],
          ),
          'test.shop.singular': { resource_type: 'test', depends_on: { nodes: ['model.shop.orders'] } },
        },
        7,
      ),
    );
    expect(models.get('customers')?.primaryKey).toEqual(['id']);
    expect(models.get('orders')?.primaryKey).toEqual(['id']);
    expect(models.get('orders')?.relationships).toEqual([
      { column: 'customer_id', toModel: 'customers', toColumn: 'id' },
    ]);
  });

  it('names versioned models and resolves versioned refs', () => {
    const versioned = (version: number) =>
      modelNode('dim_customers', { version, latest_version: 2, alias: `dim_customers_v${version}` });
    const models = modelsOf(
      manifestOf({
        'model.shop.dim_customers.v1': versioned(1),
        'model.shop.dim_customers.v2': versioned(2),
        'model.shop.orders': modelNode('orders'),
        'test.shop.latest': testNode('relationships', 'orders', 'customer_id', {
          to: "ref('dim_customers')",
          field: 'id',
        }),
        'test.shop.old': testNode('relationships', 'orders', 'old_customer_id', {
          to: "ref('dim_customers', v=1)",
          field: 'id',
        }),
      }),
    );
    expect([...models.keys()]).toEqual(['dim_customers', 'dim_customers_v1', 'orders']);
    expect(models.get('orders')?.relationships).toEqual([
      { column: 'customer_id', toModel: 'dim_customers', toColumn: 'id' },
      { column: 'old_customer_id', toModel: 'dim_customers_v1', toColumn: 'id' },
    ]);
  });

  it('builds the relation name when relation_name is absent, and keeps ephemeral models', () => {
    const models = modelsOf(
      manifestOf(
        {
          'model.shop.orders': modelNode('orders', { relation_name: undefined, alias: 'fct_orders' }),
          'model.shop.base': modelNode('base', {
            relation_name: null,
            config: { materialized: 'ephemeral' },
          }),
        },
        4,
      ),
    );
    expect(models.get('orders')?.relationName).toBe('"db"."analytics"."fct_orders"');
    expect(models.get('base')?.materialized).toBe('ephemeral');
  });
});

describe('readDbtManifest on malformed manifests', () => {
  const orders = (fields: Record<string, unknown>) =>
    manifestOf({ 'model.jaffle.orders': modelNode('orders', fields) });
  const cases: Array<[string, unknown, string]> = [
    ['not an object', [], 'the manifest: expected an object, got a list'],
    ['no metadata', { nodes: {} }, 'metadata: missing (a dbt manifest.json starts with `metadata`)'],
    [
      'no nodes',
      { metadata: manifestOf({}).metadata },
      'nodes: missing (a dbt manifest.json lists its models under `nodes`)',
    ],
    ['nodes not an object', { ...manifestOf({}), nodes: [] }, 'nodes: expected an object, got a list'],
    [
      'an old schema',
      manifestOf({}, 3),
      'metadata.dbt_schema_version: manifest schema v3 is not supported; dbt 1.x writes v4 to v12',
    ],
    [
      'a future schema',
      manifestOf({}, 13),
      'metadata.dbt_schema_version: manifest schema v13 is not supported; dbt 1.x writes v4 to v12',
    ],
    [
      'not a manifest schema',
      {
        ...manifestOf({}),
        metadata: { dbt_schema_version: 'https://schemas.getdbt.com/dbt/catalog/v1.json' },
      },
      'metadata.dbt_schema_version: expected a dbt manifest schema like .../manifest/v12.json, got "https://schemas.getdbt.com/dbt/catalog/v1.json"',
    ],
    [
      'a model without a name',
      orders({ name: undefined }),
      'nodes["model.jaffle.orders"].name: missing (every model needs a name)',
    ],
    [
      'a model with a numeric name',
      orders({ name: 7 }),
      'nodes["model.jaffle.orders"].name: expected a string, got a number',
    ],
    [
      'a node without a type',
      manifestOf({ 'model.jaffle.x': {} }),
      'nodes["model.jaffle.x"].resource_type: missing',
    ],
    [
      'a column that is text',
      orders({ columns: { id: 'id' } }),
      'nodes["model.jaffle.orders"].columns.id: expected an object, got a string',
    ],
    [
      'tags that are not a list',
      orders({ columns: { 'Order ID': columnOf('Order ID', { tags: 'pk' }) } }),
      'nodes["model.jaffle.orders"].columns["Order ID"].tags: expected a list, got a string',
    ],
    [
      'a constraint without a type',
      orders({ constraints: [{ columns: ['id'] }] }),
      'nodes["model.jaffle.orders"].constraints[0].type: missing',
    ],
    [
      'two models with one name',
      manifestOf({ 'model.a.orders': modelNode('orders'), 'model.b.orders': modelNode('orders') }),
      'nodes["model.b.orders"]: a second model named "orders" (the first is nodes["model.a.orders"]); model names become cube names and must be unique',
    ],
  ];
  it.each(cases)('%s', (_label, manifest, message) => {
    expect(() => readDbtManifest(manifest)).toThrow(new DbtManifestError(message));
    expect(() => readDbtManifest(manifest)).toThrow(DbtManifestError);
  });
});
