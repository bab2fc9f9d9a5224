import type { DemoModelFile } from './demo-model-file.js';

const salesView = `views:
  - name: sales
    title: Sales
    description: Every order line with its order, customer, product and store; the place for questions about revenue, units and discounts.
    meta:
      synonyms: [sales analysis, revenue analysis, commerce]
    cubes:
      - join_path: order_items
        includes:
          - revenue
          - gross_revenue
          - discount
          - discount_rate
          - quantity
          - order_count
          - average_order_value
          - average_selling_price
          - name: count
            alias: line_count
            title: Order lines
      - join_path: order_items.orders
        includes:
          - status
          - channel
          - ordered_at
          - customers_count
          - completed
          - online
          - name: id
            alias: order_id
            title: Order id
      - join_path: order_items.orders.customers
        prefix: true
        alias: customer
        includes: [full_name, city, country, segment]
      - join_path: order_items.products
        prefix: true
        alias: product
        includes: [name, category, brand]
      - join_path: order_items.orders.stores
        prefix: true
        alias: store
        includes: [name, city, country]
    folders:
      - name: Customer
        includes: [customer_full_name, customer_city, customer_country, customer_segment]
      - name: Product
        includes: [product_name, product_category, product_brand]
      - name: Store
        includes: [store_name, store_city, store_country]
`;

const customerOverviewView = `views:
  - name: customer_overview
    title: Customer overview
    description: Customers with what they ordered and spent; the place for questions about customers and their value.
    meta:
      synonyms: [customer analysis, customer value, lifetime value, CLV, clients]
    cubes:
      - join_path: customers
        includes:
          - id
          - full_name
          - email
          - city
          - country
          - segment
          - signed_up_at
          - business
          - name: count
            alias: customer_count
            title: Customers
      - join_path: customers.orders
        includes:
          - completed_count
          - return_rate
          - name: count
            alias: order_count
            title: Orders
          - name: ordered_at
            alias: order_date
            title: Order date
      - join_path: customers.orders.order_items
        includes:
          - average_order_value
          - name: revenue
            alias: lifetime_revenue
            title: Revenue
`;

const paymentsOverviewView = `views:
  - name: payments_overview
    title: Payments overview
    description: Payments received, by method and date, with the status and channel of the order paid.
    meta:
      synonyms: [cash flow, collections, receipts]
    cubes:
      - join_path: payments
        includes: [amount, average_amount, count, method, paid_at]
      - join_path: payments.orders
        prefix: true
        alias: order
        includes: [status, channel, count]
`;

/** The views of the demo model: what the analyst and dashboards query. */
export const demoViewFiles: readonly DemoModelFile[] = [
  { path: 'model/views/sales.yml', text: salesView },
  { path: 'model/views/customer_overview.yml', text: customerOverviewView },
  { path: 'model/views/payments_overview.yml', text: paymentsOverviewView },
];
