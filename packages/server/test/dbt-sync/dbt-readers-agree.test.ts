import { describe, expect, it } from 'vitest';
import { dbtCubeFiles } from '../../src/modules/dbt-sync/dbt-cube-files.js';
import { readDbtManifest } from '../../src/modules/dbt-sync/read-dbt-manifest.js';
import { readDbtProjectFiles } from '../../src/modules/dbt-sync/read-dbt-project-files.js';
import { columnOf, manifestOf, modelNode, testNode } from './manifest-builder.js';

/** One small project twice: as the repository's files and as the manifest dbt would write for it. */
const projectFiles = new Map([
  ['dbt_project.yml', 'name: shop\nmodels:\n  shop:\n    +materialized: table\n    +schema: analytics\n'],
  ['models/customers.sql', 'select 1 as customer_id, 2 as name\n'],
  ['models/orders.sql', 'select 1 as order_id, 1 as customer_id, 1.0 as amount\n'],
  ['models/staging/stg_orders.sql', "{{ config(materialized='ephemeral') }}\nselect 1\n"],
  [
    'models/schema.yml',
    `version: 2
models:
  - name: customers
    description: One row per customer.
    columns:
      - name: customer_id
        data_type: integer
        data_tests: [unique, not_null]
      - name: name
        tags: [pii]
  - name: orders
    columns:
      - name: order_id
        constraints: [{type: primary_key}]
      - name: customer_id
        data_tests:
          - relationships:
              arguments: {to: ref('customers'), field: customer_id}
      - name: amount
        data_type: numeric(12, 2)
`,
  ],
]);

const relation = (name: string) => ({ relation_name: `analytics.${name}` });
const manifest = manifestOf({
  'model.shop.customers': modelNode('customers', {
    ...relation('customers'),
    description: 'One row per customer.',
    columns: {
      customer_id: columnOf('customer_id', { data_type: 'integer' }),
      name: columnOf('name', { tags: ['pii'] }),
    },
  }),
  'model.shop.orders': modelNode('orders', {
    ...relation('orders'),
    columns: {
      order_id: columnOf('order_id', { constraints: [{ type: 'primary_key' }] }),
      customer_id: columnOf('customer_id'),
      amount: columnOf('amount', { data_type: 'numeric(12, 2)' }),
    },
  }),
  'model.shop.stg_orders': modelNode('stg_orders', {
    ...relation('stg_orders'),
    config: { materialized: 'ephemeral' },
  }),
  'test.shop.unique_customers_customer_id': testNode('unique', 'customers', 'customer_id'),
  'test.shop.not_null_customers_customer_id': testNode('not_null', 'customers', 'customer_id'),
  'test.shop.relationships_orders_customer_id': testNode('relationships', 'orders', 'customer_id', {
    to: "ref('customers')",
    field: 'customer_id',
  }),
});

describe('the two dbt readers', () => {
  it('read the same project from its files and from its manifest alike, so the cube files are the same', () => {
    const fromFiles = readDbtProjectFiles(projectFiles);
    expect(fromFiles).toEqual(readDbtManifest(manifest));
    expect(fromFiles.models.map((model) => [model.name, model.primaryKey, model.relationships])).toEqual([
      ['customers', ['customer_id'], []],
      ['orders', ['order_id'], [{ column: 'customer_id', toModel: 'customers', toColumn: 'customer_id' }]],
      ['stg_orders', [], []],
    ]);
    expect(dbtCubeFiles(fromFiles)).toEqual(dbtCubeFiles(readDbtManifest(manifest)));
  });
});
