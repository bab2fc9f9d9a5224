/**
 * The demo deployment's first data model: small but real (two joined cubes and a view), so a new
 * server has something to build and query. A later issue replaces it with the e-commerce sample.
 */
export const starterModelFiles: ReadonlyArray<{ path: string; text: string }> = [
  {
    path: 'model/cubes/customers.yml',
    text: `cubes:
  - name: customers
    sql_table: customers
    title: Customers
    dimensions:
      - name: id
        sql: id
        type: number
        primary_key: true
      - name: name
        sql: name
        type: string
      - name: country
        sql: country
        type: string
    measures:
      - name: count
        type: count
`,
  },
  {
    path: 'model/cubes/orders.yml',
    text: `cubes:
  - name: orders
    sql_table: orders
    title: Orders
    joins:
      - name: customers
        sql: "{CUBE}.customer_id = {customers}.id"
        relationship: many_to_one
    dimensions:
      - name: id
        sql: id
        type: number
        primary_key: true
      - name: status
        sql: status
        type: string
      - name: created_at
        sql: created_at
        type: time
    measures:
      - name: count
        type: count
      - name: total_amount
        sql: amount
        type: sum
`,
  },
  {
    path: 'model/views/sales.yml',
    text: `views:
  - name: sales
    title: Sales
    cubes:
      - join_path: orders
        includes:
          - status
          - created_at
          - count
          - total_amount
      - join_path: orders.customers
        prefix: true
        includes:
          - name
          - country
`,
  },
];
