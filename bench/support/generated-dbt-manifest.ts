/**
 * A dbt manifest (schema v12) of `modelCount` models for `npm run bench -- dbt` and the scale test.
 * Every model has typed columns and a primary key declared one of the ways dbt allows (a constraint,
 * a `primary_key` tag, or `unique` + `not_null` tests, some written the pre-v9 way without
 * `attached_node`); every model after the first has a `relationships` test to an earlier one; every
 * tenth model is ephemeral. Deterministic: the same count gives the same manifest.
 */
export function generatedDbtManifest(modelCount: number): Record<string, unknown> {
  const nodes: Record<string, unknown> = {};
  for (let index = 0; index < modelCount; index++) {
    const name = generatedModelName(index);
    nodes[`model.bench.${name}`] = modelNode(index);
    if (index % 3 === 2) {
      nodes[`test.bench.unique_${name}_id`] = columnTest(index, 'unique', {});
      nodes[`test.bench.not_null_${name}_id`] = columnTest(index, 'not_null', {});
    }
    if (index > 0) {
      const parent = generatedModelName(Math.floor((index - 1) / 2));
      nodes[`test.bench.relationships_${name}_parent_id`] = columnTest(index, 'relationships', {
        to: `ref('${parent}')`,
        field: 'id',
      });
    }
  }
  return {
    metadata: {
      dbt_schema_version: 'https://schemas.getdbt.com/dbt/manifest/v12.json',
      dbt_version: '1.12.0',
      project_name: 'bench',
      adapter_type: 'duckdb',
    },
    nodes,
    sources: { 'source.bench.raw.events': { resource_type: 'source', name: 'events' } },
    macros: { 'macro.bench.cents_to_dollars': { resource_type: 'macro', name: 'cents_to_dollars' } },
  };
}

export function generatedModelName(index: number): string {
  return `model_${String(index).padStart(5, '0')}`;
}

function modelNode(index: number): Record<string, unknown> {
  const name = generatedModelName(index);
  const keyStyle = index % 3;
  return {
    unique_id: `model.bench.${name}`,
    resource_type: 'model',
    package_name: 'bench',
    name,
    alias: name,
    database: 'warehouse',
    schema: 'analytics',
    relation_name: index % 10 === 9 ? null : `"warehouse"."analytics"."${name}"`,
    description: `Generated model ${index}.`,
    config: { materialized: index % 10 === 9 ? 'ephemeral' : index % 2 === 0 ? 'table' : 'view' },
    constraints: keyStyle === 0 ? [{ type: 'primary_key', columns: ['id'] }] : [],
    columns: {
      id: column('id', 'integer', keyStyle === 1 ? ['primary_key'] : []),
      parent_id: column('parent_id', 'integer'),
      name: column('name', 'varchar'),
      amount: column('amount', 'numeric(12,2)'),
      created_at: column('created_at', 'timestamp'),
      is_active: column('is_active', 'boolean'),
    },
  };
}

function column(name: string, dataType: string, tags: string[] = []): Record<string, unknown> {
  return {
    name,
    description: `The ${name.replaceAll('_', ' ')}.`,
    data_type: dataType,
    tags,
    constraints: [],
  };
}

function columnTest(index: number, testName: string, extra: Record<string, string>): Record<string, unknown> {
  const name = generatedModelName(index);
  const columnName = testName === 'relationships' ? 'parent_id' : 'id';
  const dependsOn = [`model.bench.${name}`];
  if (extra.to !== undefined) dependsOn.unshift(`model.bench.${/'(.+)'/.exec(extra.to)?.[1] ?? ''}`);
  // Odd models' tests are written as manifests before v9 wrote them: no `attached_node`, no `column_name`.
  const isOldStyle = index % 2 === 1;
  return {
    unique_id: `test.bench.${testName}_${name}_${columnName}`,
    resource_type: 'test',
    name: `${testName}_${name}_${columnName}`,
    ...(isOldStyle ? {} : { attached_node: `model.bench.${name}`, column_name: columnName }),
    test_metadata: {
      name: testName,
      namespace: null,
      kwargs: { column_name: columnName, model: `{{ get_where_subquery(ref('${name}')) }}`, ...extra },
    },
    depends_on: { macros: [], nodes: dependsOn },
  };
}
