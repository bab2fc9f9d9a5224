import {
  type BuildQueryOptions,
  buildQuerySql,
  type CompiledModel,
  type CompiledQuery,
  compileDataModel,
  compileModelFiles,
  duckDbDialect,
  type SemanticQuery,
} from '../../src/index.js';

/** A small shop: orders belong to customers and have line items; odd members exercise the compiler. */
const shopYaml = `cubes:
  - name: orders
    sql_table: shop.orders
    joins:
      - name: customers
        relationship: many_to_one
        sql: "{CUBE}.customer_id = {customers.id}"
      - name: line_items
        relationship: one_to_many
        sql: "{CUBE}.id = {line_items}.order_id"
    measures:
      - name: count
        type: count
      - name: total
        type: sum
        sql: amount
      - name: completed_total
        type: sum
        sql: "{CUBE}.amount"
        filters:
          - sql: "{status} = 'completed'"
      - name: completed_count
        type: count
        filters:
          - sql: "{CUBE}.status = 'completed'"
      - name: completion_rate
        type: number
        sql: "1.0 * {completed_count} / NULLIF({count}, 0)"
      - name: average_order
        type: number
        sql: "{total} / NULLIF({count}, 0)"
      - name: total_per_customer
        type: number
        sql: "{total} / NULLIF({customers.count}, 0)"
      - name: customers_reached
        type: count_distinct_approx
        sql: customer_id
      - name: latest
        type: max
        sql: created_at
      - name: rolling_total
        type: sum
        sql: amount
        rolling_window:
          trailing: 7 days
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
      - name: is_big
        sql: "{amount} > 100"
        type: boolean
      - name: doubled
        sql: "{amount} * 2"
        type: number
      - name: size
        type: string
        case:
          when:
            - sql: "{CUBE}.amount < 50"
              label: small
            - sql: "{CUBE}.amount >= 50"
              label: { sql: "{status}" }
          else:
            label: "n/a"
      - name: customer_city
        sql: "{customers.city}"
        type: string
      - name: created_at
        sql: created_at
        type: time
        granularities:
          - name: fortnight
            interval: 2 weeks
            origin: "2024-01-01"
          - name: fiscal_quarter
            interval: 1 quarter
            offset: 1 month
          - name: weird
            interval: 1 month 2 days
            origin: "2024-01-01"
      - name: loop_a
        sql: "{loop_b} + 1"
        type: number
      - name: loop_b
        sql: "{loop_a} + 1"
        type: number
      - name: lifetime_orders
        sql: "{count}"
        type: number
        sub_query: true
    segments:
      - name: completed
        sql: "{CUBE}.status = 'completed'"

  - name: customers
    sql: SELECT * FROM shop.customers WHERE deleted_at IS NULL
    joins:
      - name: regions
        relationship: belongs_to
        sql: "{CUBE}.region_code = {regions.code}"
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

  - name: line_items
    sql_table: shop.line_items
    joins:
      - name: products
        relationship: many_to_one
        sql: "{CUBE}.product_id = {products.id}"
    measures:
      - name: quantity
        type: sum
        sql: quantity
    dimensions:
      - name: id
        sql: id
        type: number
        primary_key: true

  - name: products
    sql_table: shop.products
    measures:
      - name: count
        type: count
    dimensions:
      - name: id
        sql: id
        type: number
        primary_key: true
      - name: category
        sql: category
        type: string

  - name: regions
    sql_table: shop.regions
    dimensions:
      - name: code
        sql: code
        type: string
        primary_key: true
      - name: name
        sql: name
        type: string

  - name: visits
    sql_table: shop.visits
    joins:
      - name: customers
        relationship: many_to_one
        sql: "{CUBE}.customer_id = {customers.id}"
    measures:
      - name: count
        type: count
    dimensions:
      - name: page
        sql: page
        type: string

  - name: audit_log
    sql_table: shop.audit_log
    measures:
      - name: count
        type: count

views:
  - name: sales
    cubes:
      - join_path: orders
        includes: [count, total, status, created_at]
      - join_path: orders.customers
        prefix: true
        alias: buyer
        includes: [city, count]
      - join_path: orders.customers.regions
        includes:
          - name: name
            alias: region
  - name: catalog
    cubes:
      - join_path: products
        includes: [category, count]
`;

export function shopModel(): CompiledModel {
  const result = compileModelFiles([{ fileName: 'model/shop.yml', content: shopYaml }]);
  if (result.errors.length > 0) throw new Error(`shop model: ${JSON.stringify(result.errors)}`);
  return compileDataModel(result.model);
}

export const fixedNow = new Date('2024-05-15T10:30:00Z');

/** Compiles on DuckDB unless told otherwise, with a fixed `now`. */
export function compileShop(
  model: CompiledModel,
  query: SemanticQuery,
  options: Partial<BuildQueryOptions> = {},
): CompiledQuery {
  return buildQuerySql(model, query, { dialect: duckDbDialect, now: fixedNow, ...options });
}
