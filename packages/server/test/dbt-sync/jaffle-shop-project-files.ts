/**
 * A small jaffle-shop-like dbt project as repository files (path → text), without a manifest: staging
 * models with tests and relationships, marts with folder-level configs, a `config()` block, an ephemeral
 * model, a disabled model, doc blocks, sources and macros.
 */
export function jaffleShopProjectFiles(root = ''): Map<string, string> {
  const files: Record<string, string> = {
    'dbt_project.yml': `name: jaffle_shop
version: "1.0.0"
config-version: 2
profile: jaffle_shop
model-paths: ["models"]
macro-paths: ["macros"]
models:
  +materialized: view
  jaffle_shop:
    marts:
      +materialized: table
      finance:
        +schema: finance
    staging:
      +schema: staging
      stg_legacy:
        +enabled: false
  other_package:
    +materialized: incremental
`,
    'models/staging/stg_customers.sql': `select id as customer_id, first_name, last_name from {{ source('raw', 'raw_customers') }}\n`,
    'models/staging/stg_orders.sql': `select id as order_id, user_id as customer_id, order_date, status from {{ source('raw', 'raw_orders') }}\n`,
    'models/staging/stg_payments.sql': `select id as payment_id, order_id, amount / 100 as amount from {{ source('raw', 'raw_payments') }}\n`,
    'models/staging/stg_legacy.sql': 'select 1 as id\n',
    'models/staging/schema.yml': `version: 2

sources:
  - name: raw
    tables:
      - name: raw_customers
      - name: raw_orders
      - name: raw_payments

models:
  - name: stg_customers
    columns:
      - name: customer_id
        tests: [unique, not_null]
  - name: stg_orders
    description: One row per order.
    columns:
      - name: order_id
        tests:
          - unique
          - not_null
      - name: customer_id
        tests:
          - relationships:
              to: ref('stg_customers')
              field: customer_id
      - name: status
        tests:
          - accepted_values:
              values: [placed, shipped, completed, return_pending, returned]
  - name: stg_payments
    columns:
      - name: payment_id
        data_tests:
          - unique:
              config:
                severity: warn
          - not_null
      - name: order_id
        data_tests:
          - relationships:
              arguments:
                to: ref("stg_orders")
                field: order_id
              config:
                severity: error
`,
    'models/marts/customers.sql': 'select * from {{ ref("stg_customers") }}\n',
    'models/marts/orders.sql': 'select * from {{ ref("stg_orders") }}\n',
    'models/marts/int_payments_pivoted.sql':
      'select order_id, sum(amount) as amount from {{ ref("stg_payments") }} group by 1\n',
    'models/marts/finance/order_payments.sql': `{{
  config(
    materialized = 'incremental',
    alias = "fct_order_payments",
    unique_key = 'order_id'
  )
}}
select * from {{ ref('int_payments_pivoted') }}
`,
    'models/marts/finance/revenue.sql': 'select sum(amount) as revenue from {{ ref("order_payments") }}\n',
    'models/marts/core.yaml': `version: 2
models:
  - name: customers
    description: '{{ doc("customers") }}'
    constraints:
      - type: primary_key
        columns: [customer_id]
    columns:
      - name: customer_id
        description: "{{ doc('customer_id') }}"
        data_type: integer
        tests: [unique, not_null]
      - name: first_order
        description: Date of the first order.
        data_type: date
        tags: [dates]
  - name: orders
    columns:
      - name: order_id
        data_type: bigint
        constraints:
          - type: not_null
          - type: primary_key
      - name: customer_id
        tests:
          - name: orders_have_customers
            test_name: relationships
            to: ref('customers')
            field: customer_id
          - relationships:
              to: source('raw', 'raw_customers')
              field: id
          - relationships:
              to: ref('dbt_utils', 'not_in_this_project')
              field: id
      - name: amount
        data_type: numeric(18, 2)
  - name: int_payments_pivoted
    config:
      materialized: ephemeral
  - name: order_payments
    description: |
      Payments per order.
    config:
      materialized: table
      schema: payments
    columns:
      - name: order_id
        tags: primary_key
        tests:
          - relationships: {to: "{{ ref('orders') }}", field: order_id}
  - name: ghost_model
    description: Documented, but no SQL file defines it.
`,
    'models/docs.md': `{% docs customers %}
One row per customer.
{% enddocs %}

{% docs customer_id %}The customer's id.{% enddocs %}
`,
    'macros/cents_to_dollars.sql': `{% macro cents_to_dollars(column_name) %}({{ column_name }} / 100){% endmacro %}\n`,
    'macros/utils.sql': `{%- macro limit_zero() -%} limit 0 {%- endmacro -%}\n\n{% macro   today() %}current_date{% endmacro %}\n`,
    'analyses/order_counts.sql': 'select count(*) from {{ ref("orders") }}\n',
    'seeds/raw_customers.csv': 'id,first_name,last_name\n1,Michael,P.\n',
    'README.md': '# Jaffle shop\n',
  };
  return new Map(Object.entries(files).map(([path, text]) => [`${root}${path}`, text]));
}
