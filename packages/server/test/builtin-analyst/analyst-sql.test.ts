import { chooseSearchQuery, planAnalystQuery } from '@platform/analyst';
import {
  compileDataModel,
  compileModelFiles,
  createMetadataSearchIndex,
  loadSqlInterface,
  resolveAccess,
  translateSql,
} from '@platform/semantic';
import { beforeAll, describe, expect, it } from 'vitest';

/** Names Postgres would fold or refuse unquoted: a reserved word, camelCase, and a value with a quote. */
const awkwardModel = `cubes:
  - name: order
    sql_table: orders
    title: Shipments
    measures:
      - name: totalWeight
        title: Total weight
        type: sum
        sql: weight
    dimensions:
      - name: id
        sql: id
        type: number
        primary_key: true
      - name: shippingMode
        title: Shipping mode
        sql: mode
        type: string
      - name: user
        title: Carrier
        sql: carrier
        type: string
`;

describe('SQL written by the analyst for awkward names and values', () => {
  beforeAll(async () => {
    await loadSqlInterface();
  });

  it('quotes what Postgres would misread and escapes values, so the SQL interface reads it back', async () => {
    const compiled = compileModelFiles([{ fileName: 'model/awkward.yml', content: awkwardModel }]);
    expect(compiled.errors).toEqual([]);
    const model = compileDataModel(compiled.model);
    const question = "Total weight by shipping mode for O'Hare Freight";
    const metadata = createMetadataSearchIndex(model).search(chooseSearchQuery(question), {
      scope: resolveAccess(model, { groups: [], securityContext: {}, userAttributes: {} }),
    });
    const values: Record<string, readonly string[]> = {
      'order.shippingMode': ['Air', 'Sea'],
      'order.user': ["O'Hare Freight", 'Northline'],
    };
    const plan = await planAnalystQuery(question, metadata, {
      now: new Date('2025-01-01T00:00:00Z'),
      timezone: 'UTC',
      lookupValues: async (memberPath) => values[memberPath] ?? [],
    });
    if (plan.kind !== 'query') throw new Error(plan.reason);
    expect(plan.sqlQuery).toBe(
      [
        'SELECT "shippingMode", MEASURE("totalWeight")',
        'FROM "order"',
        `WHERE "user" = 'O''Hare Freight'`,
        'GROUP BY 1',
        'ORDER BY 2 DESC',
      ].join('\n'),
    );
    expect(translateSql(model, plan.sqlQuery).query).toEqual({
      measures: ['order.totalWeight'],
      dimensions: ['order.shippingMode'],
      filters: [{ member: 'order.user', operator: 'equals', values: ["O'Hare Freight"] }],
      order: [['order.totalWeight', 'desc']],
    });
  });
});
