import { expect } from 'vitest';
import {
  type CompiledModel,
  compileDataModel,
  compileModelFiles,
  SemanticQueryError,
  type SqlTranslation,
  translateSql,
} from '../../src/index.js';

/** Two joined cubes, a cube whose member names differ only by case, and a view over the joined cubes. */
export const sqlInterfaceModelYaml = `cubes:
  - name: orders
    sql_table: public.orders
    joins:
      - name: users
        relationship: many_to_one
        sql: "{CUBE}.user_id = {users.id}"
    measures:
      - name: count
        type: count
      - name: completed_count
        type: count
        filters:
          - sql: "{CUBE}.status = 'completed'"
      - name: total_amount
        type: sum
        sql: amount
      - name: average_amount
        type: avg
        sql: amount
      - name: smallest_amount
        type: min
        sql: amount
      - name: largest_amount
        type: max
        sql: amount
      - name: buyers
        type: count_distinct
        sql: user_id
      - name: completed_share
        type: number
        sql: "1.0 * {completed_count} / NULLIF({count}, 0)"
    dimensions:
      - name: id
        sql: id
        type: number
        primary_key: true
      - name: status
        sql: status
        type: string
      - name: amount
        sql: amount
        type: number
      - name: is_gift
        sql: is_gift
        type: boolean
      - name: shippingMode
        sql: shipping_mode
        type: string
      - name: created_at
        sql: created_at
        type: time
        granularities:
          - name: fiscal_year
            interval: 1 year
            offset: 3 months
    segments:
      - name: completed
        sql: "{CUBE}.status = 'completed'"
  - name: users
    sql_table: public.users
    measures:
      - name: count
        type: count
    dimensions:
      - name: id
        sql: id
        type: number
        primary_key: true
      - name: city
        sql: city
        type: string
  - name: places
    sql_table: public.places
    dimensions:
      - name: Region
        sql: region
        type: string
      - name: REGION
        sql: upper(region)
        type: string
views:
  - name: sales
    cubes:
      - join_path: orders
        includes: [count, total_amount, status, created_at]
      - join_path: orders.users
        prefix: true
        includes: [city, count]
`;

export function compileYamlModel(yaml: string): CompiledModel {
  const result = compileModelFiles([{ fileName: 'model/sql-interface.yml', content: yaml }]);
  expect(result.errors).toEqual([]);
  return compileDataModel(result.model);
}

export const sqlInterfaceModel = compileYamlModel(sqlInterfaceModelYaml);

export function translate(sql: string, model: CompiledModel = sqlInterfaceModel): SqlTranslation {
  return translateSql(model, sql);
}

/** The SemanticQueryError('invalid') message the SQL is rejected with. */
export function rejectionOf(sql: string, model: CompiledModel = sqlInterfaceModel): string {
  try {
    translateSql(model, sql);
  } catch (error) {
    expect(error).toBeInstanceOf(SemanticQueryError);
    expect((error as SemanticQueryError).kind).toBe('invalid');
    return (error as Error).message;
  }
  throw new Error(`expected the SQL to be rejected: ${sql}`);
}
