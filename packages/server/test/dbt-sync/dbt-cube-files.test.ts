import { buildQuerySql, compileDataModel, compileModelFiles, postgresDialect } from '@platform/semantic';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { dbtCubeFiles } from '../../src/modules/dbt-sync/dbt-cube-files.js';
import { DbtMappingError } from '../../src/modules/dbt-sync/dbt-mapping-error.js';
import type { DbtModel, DbtProject } from '../../src/modules/dbt-sync/dbt-project.types.js';
import { readDbtManifest } from '../../src/modules/dbt-sync/read-dbt-manifest.js';
import { compileErrors, manifestFixtures, readManifestFixture } from './dbt-fixtures.js';

function projectOf(models: Array<Partial<DbtModel> & { name: string }>): DbtProject {
  return {
    name: 'shop',
    models: models.map((model) => ({
      materialized: 'table',
      relationName: `analytics."${model.name}"`,
      description: null,
      columns: [],
      primaryKey: [],
      relationships: [],
      ...model,
    })),
    stats: { models: models.length, sources: 0, macros: 0 },
  };
}

const column = (name: string, dataType: string | null = null) => ({
  name,
  description: null,
  dataType,
  tags: [],
});

function cubeOf(files: ReturnType<typeof dbtCubeFiles>, path: string) {
  const file = files.find((candidate) => candidate.path === path);
  if (file === undefined) throw new Error(`no ${path} among ${files.map((f) => f.path).join(', ')}`);
  const [cube] = (parse(file.content) as { cubes: Array<Record<string, unknown>> }).cubes;
  if (cube === undefined) throw new Error(`${path} holds no cube`);
  return cube;
}

describe('dbtCubeFiles on real manifests', () => {
  it.each(manifestFixtures)(
    '%s: one file per model, deterministic, compiling with zero errors',
    (fixture) => {
      const project = readDbtManifest(readManifestFixture(fixture));
      const files = dbtCubeFiles(project);
      expect(files.map((file) => file.path)).toEqual(
        project.models.map((model) => `model/dbt/${model.name}.yml`),
      );
      expect(dbtCubeFiles(readDbtManifest(readManifestFixture(fixture)))).toEqual(files);
      expect(compileErrors(files)).toEqual([]);
    },
  );

  it('maps the lightdash orders model: key, join and description; the join renders in SQL', () => {
    const files = dbtCubeFiles(readDbtManifest(readManifestFixture('lightdash-jaffle-manifest.json')));
    const orders = cubeOf(files, 'model/dbt/orders.yml');
    expect(orders).toMatchObject({
      name: 'orders',
      sql_table: '"postgres"."jaffle"."orders"',
      measures: [{ name: 'count', type: 'count' }],
    });
    expect(orders?.joins).toEqual([
      { name: 'customers', relationship: 'many_to_one', sql: '{CUBE}.customer_id = {customers}.customer_id' },
    ]);
    expect(orders?.dimensions).toContainEqual({
      name: 'order_id',
      sql: 'order_id',
      type: 'string',
      primary_key: true,
      description: 'This is a unique identifier for an order',
    });
    const model = compileDataModel(
      compileModelFiles(files.map((file) => ({ fileName: file.path, content: file.content }))).model,
    );
    const query = buildQuerySql(
      model,
      { measures: ['orders.count'], dimensions: ['customers.first_name'] },
      { dialect: postgresDialect },
    );
    expect(query.sql).toContain('"postgres"."jaffle"."orders"');
    expect(query.sql).toMatch(
      /LEFT JOIN "postgres"\."jaffle"\."customers" AS "customers" ON "orders"\.customer_id = "customers"\.customer_id/,
    );
  });

  it('maps data types of the cube_dbt manifest', () => {
    const files = dbtCubeFiles(readDbtManifest(readManifestFixture('cube-dbt-jaffle-manifest.json')));
    const types = (
      cubeOf(files, 'model/dbt/orders_copy.yml').dimensions as Array<{ name: string; type: string }>
    ).map((dimension) => [dimension.name, dimension.type]);
    expect(types).toEqual([
      ['id', 'number'],
      ['user_id', 'number'],
      ['status', 'string'],
      ['completed_at', 'time'],
      ['created_at', 'time'],
    ]);
  });
});

describe('dbtCubeFiles mapping rules', () => {
  it('skips ephemeral models and joins to them, and self-joins', () => {
    const files = dbtCubeFiles(
      projectOf([
        { name: 'base_orders', materialized: 'ephemeral' },
        {
          name: 'orders',
          relationships: [
            { column: 'base_id', toModel: 'base_orders', toColumn: 'id' },
            { column: 'parent_id', toModel: 'orders', toColumn: 'id' },
            { column: 'ghost_id', toModel: 'ghost', toColumn: 'id' },
          ],
        },
      ]),
    );
    expect(files.map((file) => file.path)).toEqual(['model/dbt/orders.yml']);
    expect(cubeOf(files, 'model/dbt/orders.yml').joins).toBeUndefined();
    expect(compileErrors(files)).toEqual([]);
  });

  it('maps warehouse types', () => {
    const types = [
      'BIGINT',
      'numeric(12, 2)',
      'Double Precision',
      'timestamp(6) with time zone',
      'DATE',
      'bool',
      'time',
      'varchar(20)',
      'integer[]',
      null,
    ];
    const files = dbtCubeFiles(
      projectOf([{ name: 't', columns: types.map((type, index) => column(`c${index}`, type)) }]),
    );
    const mapped = (cubeOf(files, 'model/dbt/t.yml').dimensions as Array<{ type: string }>).map(
      (d) => d.type,
    );
    expect(mapped).toEqual([
      'number',
      'number',
      'number',
      'time',
      'time',
      'boolean',
      'string',
      'string',
      'string',
      'string',
    ]);
  });

  it('sanitises names the compiler refuses and keeps the original column in sql', () => {
    const files = dbtCubeFiles(
      projectOf([
        {
          name: 'order-items',
          columns: [
            column('Order ID', 'int'),
            column('count', 'int'),
            column('2nd_line'),
            column('CUBE'),
            column('null'),
          ],
          primaryKey: ['Order ID', 'line'],
          relationships: [{ column: 'Order ID', toModel: 'CUBE', toColumn: 'id' }],
        },
        { name: 'CUBE', columns: [column('id')] },
      ]),
    );
    expect(files.map((file) => file.path)).toEqual(['model/dbt/CUBE_model.yml', 'model/dbt/order_items.yml']);
    const cube = cubeOf(files, 'model/dbt/order_items.yml');
    expect(cube?.dimensions).toEqual([
      { name: 'Order_ID', sql: '{CUBE}."Order ID"', type: 'number', primary_key: true },
      { name: 'count_column', sql: 'count', type: 'number' },
      { name: '_2nd_line', sql: '{CUBE}."2nd_line"', type: 'string' },
      { name: 'CUBE_column', sql: 'CUBE', type: 'string' },
      { name: 'null', sql: '{CUBE}."null"', type: 'string' },
      { name: 'line', sql: 'line', type: 'string', primary_key: true },
    ]);
    expect(cube?.joins).toEqual([
      { name: 'CUBE_model', relationship: 'many_to_one', sql: '{CUBE}."Order ID" = {CUBE_model}.id' },
    ]);
    expect(compileErrors(files)).toEqual([]);
  });

  it('reads the target through `.CUBE` when a member shadows its name', () => {
    const files = dbtCubeFiles(
      projectOf([
        {
          name: 'orders',
          columns: [column('customers')],
          relationships: [{ column: 'customer_id', toModel: 'customers', toColumn: 'id' }],
        },
        { name: 'customers' },
      ]),
    );
    expect(cubeOf(files, 'model/dbt/orders.yml').joins).toEqual([
      { name: 'customers', relationship: 'many_to_one', sql: '{CUBE}.customer_id = {customers.CUBE}.id' },
    ]);
    expect(compileErrors(files)).toEqual([]);
  });

  it('reports every clash of names at once', () => {
    const project = projectOf([
      { name: 'order-items' },
      { name: 'order_items', columns: [column('Order ID'), column('order_id'), column('Order-ID')] },
    ]);
    expect(() => dbtCubeFiles(project)).toThrow(
      new DbtMappingError(
        'dbt models cannot become cubes as named: models "order-items", "order_items" all become cube `order_items`; ' +
          'columns "Order ID", "Order-ID" of model `order_items` all become dimension `order_items.Order_ID`. Rename them in the dbt project.',
      ),
    );
  });
});
