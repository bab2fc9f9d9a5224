import { describe, expect, it } from 'vitest';
import { dbtCubeFiles } from '../../src/modules/dbt-sync/dbt-cube-files.js';
import { DbtManifestError } from '../../src/modules/dbt-sync/dbt-manifest-error.js';
import { readDbtCatalog, withCatalogTypes } from '../../src/modules/dbt-sync/read-dbt-catalog.js';
import { readDbtManifest } from '../../src/modules/dbt-sync/read-dbt-manifest.js';
import { compileErrors, readCatalogFixture, readManifestFixture } from './dbt-fixtures.js';

function dimensionTypes(
  files: Array<{ path: string; content: string }>,
  path: string,
): Record<string, string> {
  const content = files.find((file) => file.path === path)?.content ?? '';
  const types: Record<string, string> = {};
  for (const match of content.matchAll(
    /- name: (\w+)\n\s+sql: [^\n]+\n(?:\s+description: [^\n]+\n)?\s+type: (\w+)/g,
  )) {
    types[match[1] ?? ''] = match[2] ?? '';
  }
  return types;
}

describe('a catalog.json with the manifest', () => {
  it('reads the column types of every model of a real catalog', () => {
    const types = readDbtCatalog(readCatalogFixture());
    expect([...types.keys()].sort()).toEqual([
      'customers',
      'orders',
      'stg_customers',
      'stg_orders',
      'stg_payments',
    ]);
    expect(types.get('orders')?.get('order_date')).toBe('DATE');
    expect(types.get('orders')?.get('amount')).toBe('FLOAT64');
  });

  it('types the documented columns the manifest leaves untyped, and the files still compile', () => {
    const project = readDbtManifest(readManifestFixture('lightdash-jaffle-manifest.json'));
    const before = dimensionTypes(dbtCubeFiles(project), 'model/dbt/orders.yml');
    expect(before).toMatchObject({ order_date: 'string', amount: 'string', order_id: 'string' });
    const typed = dbtCubeFiles(withCatalogTypes(project, readDbtCatalog(readCatalogFixture())));
    expect(dimensionTypes(typed, 'model/dbt/orders.yml')).toMatchObject({
      order_id: 'number',
      order_date: 'time',
      status: 'string',
      amount: 'number',
      // Documented, but not in the catalog: no type to take.
      is_completed: 'string',
    });
    expect(compileErrors(typed)).toEqual([]);
  });

  it('keeps a data_type the manifest declares and matches column names whatever their case', () => {
    const project = {
      name: 'p',
      stats: { models: 1, sources: 0, macros: 0 },
      models: [
        {
          name: 'events',
          materialized: 'table',
          relationName: 'analytics.events',
          description: null,
          columns: [
            { name: 'id', description: null, dataType: 'varchar', tags: [] },
            { name: 'created_at', description: null, dataType: null, tags: [] },
          ],
          primaryKey: ['id'],
          relationships: [],
        },
      ],
    };
    const catalog = {
      metadata: { dbt_schema_version: 'https://schemas.getdbt.com/dbt/catalog/v1.json' },
      nodes: {
        'model.p.events': {
          columns: { ID: { type: 'NUMBER' }, CREATED_AT: { type: 'TIMESTAMP_NTZ' } },
        },
      },
    };
    const typed = withCatalogTypes(project, readDbtCatalog(catalog));
    expect(typed.models[0]?.columns.map((column) => column.dataType)).toEqual(['varchar', 'TIMESTAMP_NTZ']);
  });

  it('says what is wrong with a malformed catalog', () => {
    expect(() => readDbtCatalog([])).toThrow(
      new DbtManifestError('catalog.json: expected an object, got a list'),
    );
    expect(() => readDbtCatalog({ nodes: {} })).toThrow(/^catalog\.json: metadata: missing/);
    expect(() =>
      readDbtCatalog({
        metadata: { dbt_schema_version: 'https://schemas.getdbt.com/dbt/manifest/v12.json' },
        nodes: {},
      }),
    ).toThrow(/is not a catalog schema/);
    expect(() =>
      readDbtCatalog({ metadata: {}, nodes: { 'model.p.a': { columns: { id: { type: 5 } } } } }),
    ).toThrow('catalog.json: nodes["model.p.a"].columns.id.type: expected a string, got a number');
  });
});
