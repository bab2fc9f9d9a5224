import { compileDataModel, compileModelFiles } from '@platform/semantic';
import { describe, expect, it } from 'vitest';
import { dbtCubeFiles } from '../../src/modules/dbt-sync/dbt-cube-files.js';
import type { DbtModel, DbtProject } from '../../src/modules/dbt-sync/dbt-project.types.js';
import { DbtProjectError, readDbtProjectFiles } from '../../src/modules/dbt-sync/read-dbt-project-files.js';
import { jaffleShopProjectFiles } from './jaffle-shop-project-files.js';

function model(name: string, fields: Partial<DbtModel>): DbtModel {
  return {
    name,
    materialized: 'view',
    relationName: `jaffle_shop.${name}`,
    description: null,
    columns: [],
    primaryKey: [],
    relationships: [],
    ...fields,
  };
}

const jaffleShop: DbtProject = {
  name: 'jaffle_shop',
  models: [
    model('customers', {
      materialized: 'table',
      description: 'One row per customer.',
      columns: [
        { name: 'customer_id', description: "The customer's id.", dataType: 'integer', tags: [] },
        { name: 'first_order', description: 'Date of the first order.', dataType: 'date', tags: ['dates'] },
      ],
      primaryKey: ['customer_id'],
    }),
    model('int_payments_pivoted', { materialized: 'ephemeral' }),
    model('order_payments', {
      materialized: 'incremental',
      relationName: 'payments.fct_order_payments',
      description: 'Payments per order.',
      columns: [{ name: 'order_id', description: null, dataType: null, tags: ['primary_key'] }],
      primaryKey: ['order_id'],
      relationships: [{ column: 'order_id', toModel: 'orders', toColumn: 'order_id' }],
    }),
    model('orders', {
      materialized: 'table',
      columns: [
        { name: 'order_id', description: null, dataType: 'bigint', tags: [] },
        { name: 'customer_id', description: null, dataType: null, tags: [] },
        { name: 'amount', description: null, dataType: 'numeric(18, 2)', tags: [] },
      ],
      primaryKey: ['order_id'],
      relationships: [{ column: 'customer_id', toModel: 'customers', toColumn: 'customer_id' }],
    }),
    model('revenue', { materialized: 'table', relationName: 'finance.revenue' }),
    model('stg_customers', {
      relationName: 'staging.stg_customers',
      columns: [{ name: 'customer_id', description: null, dataType: null, tags: [] }],
      primaryKey: ['customer_id'],
    }),
    model('stg_orders', {
      relationName: 'staging.stg_orders',
      description: 'One row per order.',
      columns: [
        { name: 'order_id', description: null, dataType: null, tags: [] },
        { name: 'customer_id', description: null, dataType: null, tags: [] },
        { name: 'status', description: null, dataType: null, tags: [] },
      ],
      primaryKey: ['order_id'],
      relationships: [{ column: 'customer_id', toModel: 'stg_customers', toColumn: 'customer_id' }],
    }),
    model('stg_payments', {
      relationName: 'staging.stg_payments',
      columns: [
        { name: 'payment_id', description: null, dataType: null, tags: [] },
        { name: 'order_id', description: null, dataType: null, tags: [] },
      ],
      primaryKey: ['payment_id'],
      relationships: [{ column: 'order_id', toModel: 'stg_orders', toColumn: 'order_id' }],
    }),
  ],
  stats: { models: 8, sources: 3, macros: 3 },
};

function withFiles(files: Map<string, string>, changes: Record<string, string | null>): Map<string, string> {
  const changed = new Map(files);
  for (const [path, text] of Object.entries(changes)) {
    if (text === null) changed.delete(path);
    else changed.set(path, text);
  }
  return changed;
}

function errorOf(files: Map<string, string>): string {
  try {
    readDbtProjectFiles(files);
  } catch (error) {
    expect(error).toBeInstanceOf(DbtProjectError);
    return (error as Error).message;
  }
  throw new Error('expected a DbtProjectError');
}

describe('readDbtProjectFiles', () => {
  it('reads a jaffle-shop project: folder configs, config() blocks, schema YAML tests, docs, sources, macros', () => {
    expect(readDbtProjectFiles(jaffleShopProjectFiles())).toEqual(jaffleShop);
  });

  it('reads the same project from a folder of the repository, ignoring projects of installed packages', () => {
    const files = jaffleShopProjectFiles('analytics/');
    files.set('analytics/dbt_packages/dbt_utils/dbt_project.yml', 'name: dbt_utils\n');
    files.set('analytics/dbt_packages/dbt_utils/models/not_in_this_project.sql', 'select 1 as id\n');
    files.set('models/outside_the_project.sql', 'select 1\n');
    expect(readDbtProjectFiles(files)).toEqual(jaffleShop);
  });

  it('reads old `source-paths`, bare config keys, a folder named like a config, and skips Jinja config values', () => {
    const files = new Map([
      [
        'dbt_project.yml',
        `name: shop
source-paths: [src/models/]
models:
  shop:
    materialized: table
    schema:
      alias: event_rows
      materialized: incremental
    dynamic:
      +schema: "{{ env_var('DBT_SCHEMA') }}"
`,
      ],
      ['src/models/products.sql', "{# {{ config(materialized='view') }} #}\nselect 1 as id\n"],
      [
        'src/models/schema/events.sql',
        "-- {{ config(enabled=true, schema='raw_events') }}\nselect 1 as id\n",
      ],
      ['src/models/dynamic/visits.sql', 'select 1 as id\n'],
      ['src/models/disabled.sql', '{{ config(enabled=False) }}\nselect 1\n'],
      ['models/not_a_model_path.sql', 'select 1\n'],
    ]);
    expect(readDbtProjectFiles(files)).toEqual({
      name: 'shop',
      models: [
        model('events', { materialized: 'incremental', relationName: 'raw_events.event_rows' }),
        model('products', { materialized: 'table', relationName: 'shop.products' }),
        model('visits', { materialized: 'table', relationName: 'shop.visits' }),
      ],
      stats: { models: 3, sources: 0, macros: 0 },
    });
  });

  it('takes primary keys from the first rule that names columns', () => {
    const schema = `models:
  - name: tagged
    columns:
      - name: a
        tests: [unique, not_null]
      - name: b
        tags: [primary_key]
      - &tagged_column
        name: c
        tags: [primary_key]
      - <<: *tagged_column
        name: d
  - name: tested
    columns:
      - name: email
        tests: [unique]
      - name: code
        tests: [not_null, unique]
      - name: id
        tests: [unique, not_null]
  - name: model_level
    columns:
      - name: label
    data_tests:
      - unique: {column_name: zeta}
      - not_null: {column_name: zeta}
      - unique: {column_name: alpha}
      - not_null:
          arguments: {column_name: alpha}
      - relationships: {column_name: tagged_b, to: ref('tagged'), field: b}
      - relationships: {column_name: tagged_b, to: ref('tagged'), field: b}
  - name: constrained
    constraints:
      - type: primary_key
        columns: [region, id, region]
    columns:
      - name: id
        constraints: [{type: primary_key}]
`;
    const files = new Map([
      ['dbt_project.yml', 'name: keys\n'],
      ['models/tagged.sql', 'select 1'],
      ['models/tested.sql', 'select 1'],
      ['models/constrained.sql', 'select 1'],
      ['models/model_level.sql', 'select 1'],
      ['models/keys.yml', schema],
    ]);
    const project = readDbtProjectFiles(files);
    const keys = project.models.map((found) => [found.name, found.primaryKey]);
    expect(keys).toEqual([
      ['constrained', ['region', 'id']],
      ['model_level', ['alpha']],
      ['tagged', ['b', 'c', 'd']],
      ['tested', ['code']],
    ]);
    // Columns only model-level tests name are keys and join columns, not documented columns.
    expect(project.models.find((found) => found.name === 'model_level')).toMatchObject({
      columns: [{ name: 'label', description: null, dataType: null, tags: [] }],
      relationships: [{ column: 'tagged_b', toModel: 'tagged', toColumn: 'b' }],
    });
  });

  it('fails on a missing or ambiguous dbt_project.yml', () => {
    expect(errorOf(new Map([['models/orders.sql', 'select 1']]))).toBe(
      'No dbt_project.yml at the repository root or in a folder just below it',
    );
    const two = new Map([
      ['b/dbt_project.yml', 'name: b\n'],
      ['a/dbt_project.yml', 'name: a\n'],
    ]);
    expect(errorOf(two)).toBe(
      'The repository holds several dbt projects (a/dbt_project.yml, b/dbt_project.yml); keep one dbt_project.yml at the root or in one folder',
    );
    expect(errorOf(new Map([['dbt_project.yml', 'version: 2\n']]))).toBe(
      'dbt_project.yml has no project name (`name:`)',
    );
    expect(errorOf(new Map([['dbt_project.yml', 'name: x\nmodel-paths: [../elsewhere]\n']]))).toBe(
      'dbt_project.yml: the path "../elsewhere" must name a folder inside the project',
    );
  });

  it('names the file and line of malformed YAML', () => {
    const files = jaffleShopProjectFiles('analytics/');
    expect(
      errorOf(withFiles(files, { 'analytics/dbt_project.yml': 'name: shop\nmodels:\n  - [unclosed\n' })),
    ).toBe(
      'Malformed YAML in analytics/dbt_project.yml at line 4, column 1: Flow sequence in block collection must be sufficiently indented and end with a ]',
    );
    const schema = 'version: 2\nmodels:\n  - name: orders\n    description: "unterminated\n';
    expect(errorOf(withFiles(files, { 'analytics/models/marts/core.yaml': schema }))).toMatch(
      /^Malformed YAML in analytics\/models\/marts\/core\.yaml at line 5, column 1: Missing closing "quote$/,
    );
  });

  it('fails on two models of one name and on a model described twice', () => {
    const files = jaffleShopProjectFiles();
    expect(errorOf(withFiles(files, { 'models/marts/finance/orders.sql': 'select 1' }))).toBe(
      'Two models are named orders: models/marts/finance/orders.sql and models/marts/orders.sql',
    );
    // A disabled duplicate is no duplicate: dbt allows it.
    const disabled = withFiles(files, {
      'models/staging/orders.sql': '{{ config(enabled=false) }}\nselect 1',
    });
    expect(readDbtProjectFiles(disabled).models.map((found) => found.name)).toContain('orders');
    expect(errorOf(withFiles(files, { 'models/more.yml': 'models:\n  - name: orders\n' }))).toBe(
      'Model orders is described twice: in models/marts/core.yaml and in models/more.yml',
    );
  });

  it('fails on schema entries without names and on a `models:` that is not a list', () => {
    const files = jaffleShopProjectFiles();
    expect(errorOf(withFiles(files, { 'models/more.yml': 'models:\n  - description: nameless\n' }))).toBe(
      'models/more.yml: models[0] has no name',
    );
    const columns = 'models:\n  - name: orders_extra\n    columns:\n      - description: nameless\n';
    expect(errorOf(withFiles(files, { 'models/more.yml': columns }))).toBe(
      'models/more.yml: model orders_extra, columns[0] has no name',
    );
    expect(errorOf(withFiles(files, { 'models/more.yml': 'models:\n  orders: {}\n' }))).toBe(
      'models/more.yml: `models:` must be a list',
    );
  });

  it('gives cube files that compile: one cube per non-ephemeral model, keys and joins included', () => {
    const files = dbtCubeFiles(readDbtProjectFiles(jaffleShopProjectFiles()));
    const compiled = compileModelFiles(files.map((file) => ({ fileName: file.path, content: file.content })));
    expect(compiled.errors).toEqual([]);
    const model = compileDataModel(compiled.model);
    const cubes = [...model.cubes.values()];
    expect(cubes.map((cube) => [cube.name, cube.sqlTable])).toEqual([
      ['customers', 'jaffle_shop.customers'],
      ['order_payments', 'payments.fct_order_payments'],
      ['orders', 'jaffle_shop.orders'],
      ['revenue', 'finance.revenue'],
      ['stg_customers', 'staging.stg_customers'],
      ['stg_orders', 'staging.stg_orders'],
      ['stg_payments', 'staging.stg_payments'],
    ]);
    expect(model.findMember('orders.order_id')?.definition).toMatchObject({ isPrimaryKey: true });
    expect(model.cubes.get('stg_orders')?.joins.map((join) => [join.name, join.relationship])).toEqual([
      ['stg_customers', 'many_to_one'],
    ]);
  });
});
