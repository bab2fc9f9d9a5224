import { type CompiledModel, compileDataModel, compileModelFiles, type ModelFile } from '../../src/index.js';

/**
 * Orders (a policy for everyone, finance and support), users (staff and admins only), products (no
 * policies), an unjoined audit log, two views without policies and a view with its own policies.
 */
export const accessModelFiles: ModelFile[] = [
  {
    fileName: 'model/cubes/orders.yml',
    content: `cubes:
  - name: orders
    sql_table: shop.orders
    joins:
      - name: users
        relationship: many_to_one
        sql: "{CUBE}.user_id = {users.id}"
      - name: products
        relationship: many_to_one
        sql: "{CUBE}.product_id = {products.id}"
    measures:
      - name: count
        type: count
      - name: total
        type: sum
        sql: amount
      - name: margin
        type: sum
        sql: margin
    dimensions:
      - name: id
        sql: id
        type: number
        primary_key: true
      - name: status
        sql: status
        type: string
      - name: region
        sql: region
        type: string
      - name: created_at
        sql: created_at
        type: time
      - name: internal_note
        sql: note
        type: string
        public: false
    segments:
      - name: completed
        sql: "{CUBE}.status = 'completed'"
    access_policy:
      - group: "*"
        member_level:
          excludes: [margin]
        row_level:
          filters:
            - member: region
              operator: in
              values: ["{ securityContext.regions }"]
      - group: finance
        conditions:
          - if: "{ securityContext.tier } >= 2"
        row_level:
          allow_all: true
      - group: support
        member_level:
          includes: [count, status]
        row_level:
          filters:
            - member: status
              operator: equals
              values: [open]
            - member: orders.region
              operator: equals
              values: ["{securityContext.region}"]
`,
  },
  {
    fileName: 'model/cubes/users.yml',
    content: `cubes:
  - name: users
    sql_table: shop.users
    measures:
      - name: count
        type: count
    dimensions:
      - name: id
        sql: id
        type: number
        primary_key: true
      - name: country
        sql: country
        type: string
    access_policy:
      - groups: [staff, contractors]
        row_level:
          filters:
            - member: country
              operator: equals
              values: ["{ userAttributes.country }"]
      - group: admins
`,
  },
  {
    fileName: 'model/cubes/products.yml',
    content: `cubes:
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
  - name: audit_log
    sql_table: shop.audit_log
    dimensions:
      - name: id
        sql: id
        type: number
        primary_key: true
    access_policy:
      - group: auditors
`,
  },
  {
    fileName: 'model/views/orders.yml',
    content: `views:
  - name: order_report
    cubes:
      - join_path: orders
        includes: [count, total, margin, status, region, created_at]
      - join_path: orders.users
        includes: [country]
      - join_path: orders.products
        includes: [category]
  - name: user_directory
    cubes:
      - join_path: users
        includes: "*"
  - name: secure_orders
    cubes:
      - join_path: orders
        includes: [count, total, margin, status, region]
    access_policy:
      - group: analysts
        member_level:
          includes: "*"
          excludes: [margin]
        row_level:
          filters:
            - member: status
              operator: notEquals
              values: [cancelled]
      - group: managers
        member_level:
          includes: [count, total, margin]
        row_level:
          filters:
            - member: region
              operator: equals
              values: ["{ securityContext.region }"]
`,
  },
];

export function compileAccessModel(): CompiledModel {
  const result = compileModelFiles(accessModelFiles);
  if (result.errors.length > 0) {
    throw new Error(
      `the access fixture must be valid: ${result.errors.map((error) => error.message).join('; ')}`,
    );
  }
  return compileDataModel(result.model);
}
