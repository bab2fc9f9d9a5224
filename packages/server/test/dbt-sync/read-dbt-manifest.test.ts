import { describe, expect, it } from 'vitest';
import type { DbtModel, DbtProject } from '../../src/modules/dbt-sync/dbt-project.types.js';
import { readDbtManifest } from '../../src/modules/dbt-sync/read-dbt-manifest.js';
import { readManifestFixture } from './dbt-fixtures.js';

function model(project: DbtProject, name: string): DbtModel {
  const found = project.models.find((candidate) => candidate.name === name);
  if (found === undefined)
    throw new Error(`no model ${name} in ${project.models.map((m) => m.name).join(', ')}`);
  return found;
}

describe('readDbtManifest on real manifests', () => {
  it('reads the cube_dbt jaffle manifest (v10): types, a key from tests and one from a constraint', () => {
    const project = readDbtManifest(readManifestFixture('cube-dbt-jaffle-manifest.json'));
    expect(project.name).toBe('jaffle_shop');
    expect(project.stats).toEqual({ models: 4, sources: 0, macros: 349 });
    expect(project.models.map((m) => m.name)).toEqual([
      'line_items_copy',
      'orders_copy',
      'products_copy',
      'users_copy',
    ]);
    const orders = model(project, 'orders_copy');
    expect(orders.relationName).toBe('"ecom"."public"."orders_copy"');
    expect(orders.materialized).toBe('view');
    // `unique` and `not_null` on id, written without attached_node or column_name (kwargs only).
    expect(orders.primaryKey).toEqual(['id']);
    expect(orders.columns.map((c) => [c.name, c.dataType])).toEqual([
      ['id', 'numeric'],
      ['user_id', 'numeric'],
      ['status', 'string'],
      ['completed_at', 'timestamp'],
      ['created_at', 'timestamp'],
    ]);
    expect(model(project, 'products_copy').primaryKey).toEqual(['id']);
    expect(model(project, 'users_copy').columns).toEqual([]);
  });

  it('reads the lightdash jaffle manifest (v8): relationships, keys, untyped columns', () => {
    const project = readDbtManifest(readManifestFixture('lightdash-jaffle-manifest.json'));
    expect(project.name).toBeNull();
    expect(project.stats).toEqual({ models: 8, sources: 0, macros: 291 });
    expect(project.models).toHaveLength(8);
    const orders = model(project, 'orders');
    expect(orders.materialized).toBe('table');
    expect(orders.primaryKey).toEqual(['order_id']);
    expect(orders.relationships).toEqual([
      { column: 'customer_id', toModel: 'customers', toColumn: 'customer_id' },
    ]);
    expect(orders.description).toMatch(/^This table has basic information about orders/);
    expect(orders.columns.find((c) => c.name === 'amount')).toMatchObject({ dataType: null });
    expect(model(project, 'customers').primaryKey).toEqual(['customer_id']);
    // not_null alone is no key.
    expect(model(project, 'payments').primaryKey).toEqual([]);
    expect(model(project, 'stg_payments').primaryKey).toEqual(['payment_id']);
  });

  it('reads the MetricFlow dbt 1.12 manifest (v12) whose model nodes are bare', () => {
    const project = readDbtManifest(readManifestFixture('metricflow-core112-manifest.json'));
    expect(project.models.map((m) => m.name)).toEqual(['metricflow_time_spine', 'orders']);
    expect(project.stats).toEqual({ models: 2, sources: 0, macros: 0 });
    // No relation_name on the node: the semantic model's node_relation names the table.
    expect(model(project, 'orders').relationName).toBe('"metricflow_demo"."metricflow_demo_latest"."orders"');
    expect(model(project, 'metricflow_time_spine')).toMatchObject({
      materialized: 'view',
      relationName: 'metricflow_time_spine',
      columns: [],
    });
  });
});
