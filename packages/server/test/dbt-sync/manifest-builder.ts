/** Small hand-made manifests for the cases the real fixtures do not cover. */
export function manifestOf(nodes: Record<string, unknown>, schemaVersion = 12): Record<string, unknown> {
  return {
    metadata: {
      dbt_schema_version: `https://schemas.getdbt.com/dbt/manifest/v${schemaVersion}.json`,
      project_name: 'shop',
    },
    nodes,
    sources: {},
    macros: {},
  };
}

export function modelNode(name: string, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    resource_type: 'model',
    name,
    package_name: 'shop',
    database: 'db',
    schema: 'analytics',
    alias: name,
    relation_name: `"db"."analytics"."${name}"`,
    config: { materialized: 'table' },
    columns: {},
    ...fields,
  };
}

export function columnOf(name: string, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return { name, description: '', data_type: null, tags: [], ...fields };
}

/** A generic test as dbt 1.5+ writes it (attached_node, column_name). */
export function testNode(
  testName: string,
  modelName: string,
  column: string,
  kwargs: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    resource_type: 'test',
    name: `${testName}_${modelName}_${column}`,
    attached_node: `model.shop.${modelName}`,
    column_name: column,
    test_metadata: { name: testName, namespace: null, kwargs: { column_name: column, ...kwargs } },
    depends_on: { nodes: [`model.shop.${modelName}`] },
  };
}
