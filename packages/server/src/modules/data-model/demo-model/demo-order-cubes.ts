import type { DemoModelFile } from './demo-model-file.js';

const ordersCube = `cubes:
  - name: orders
    sql_table: orders
    title: Orders
    description: One row per order, placed on the web, in the app or in a store.
    meta:
      synonyms: [purchases, baskets, checkouts]
    joins:
      - name: customers
        relationship: many_to_one
        sql: "{CUBE}.customer_id = {customers.id}"
      - name: stores
        relationship: many_to_one
        sql: "{CUBE}.store_id = {stores.id}"
      - name: order_items
        relationship: one_to_many
        sql: "{CUBE}.id = {order_items.order_id}"
      - name: payments
        relationship: one_to_many
        sql: "{CUBE}.id = {payments.order_id}"
    measures:
      - name: count
        title: Orders
        description: Number of orders, whatever their status.
        type: count
        drill_members: [id, status, channel, ordered_at, customers.full_name]
        meta:
          synonyms: [number of orders, order count, orders placed]
      - name: completed_count
        title: Completed orders
        description: Orders delivered and not returned.
        type: count
        filters:
          - sql: "{CUBE}.status = 'completed'"
        meta:
          synonyms: [fulfilled orders, delivered orders, successful orders]
      - name: cancelled_count
        title: Cancelled orders
        type: count
        filters:
          - sql: "{CUBE}.status = 'cancelled'"
        meta:
          synonyms: [cancellations, voided orders]
      - name: returned_count
        title: Returned orders
        type: count
        filters:
          - sql: "{CUBE}.status = 'returned'"
        meta:
          synonyms: [returns, refunds]
      - name: customers_count
        title: Ordering customers
        description: Distinct customers who placed at least one order.
        type: count_distinct
        sql: "{CUBE}.customer_id"
        meta:
          synonyms: [unique customers, buying customers, active customers, distinct customers]
      - name: return_rate
        title: Return rate
        description: Share of orders that were returned.
        type: number
        sql: "1.0 * {returned_count} / NULLIF({count}, 0)"
        format: percent
        meta:
          synonyms: [returns rate, share returned]
      - name: cancellation_rate
        title: Cancellation rate
        description: Share of orders that were cancelled.
        type: number
        sql: "1.0 * {cancelled_count} / NULLIF({count}, 0)"
        format: percent
    dimensions:
      - name: id
        title: Order id
        sql: "{CUBE}.id"
        type: number
        primary_key: true
        public: true
        format: id
        meta:
          synonyms: [order number]
      - name: customer_id
        sql: "{CUBE}.customer_id"
        type: number
        public: false
      - name: store_id
        sql: "{CUBE}.store_id"
        type: number
        public: false
      - name: status
        title: Order status
        description: completed, shipped, pending, returned or cancelled.
        sql: "{CUBE}.status"
        type: string
        meta:
          synonyms: [state, order state, fulfilment status]
      - name: channel
        title: Sales channel
        description: web, app or store.
        sql: "{CUBE}.channel"
        type: string
        meta:
          synonyms: [channel, source, order channel]
      - name: is_online
        title: Online order
        description: True for web and app orders.
        sql: "{CUBE}.channel IN ('web', 'app')"
        type: boolean
        meta:
          synonyms: [ecommerce, digital]
      - name: ordered_at
        title: Order date
        description: When the order was placed (UTC).
        sql: "{CUBE}.ordered_at"
        type: time
        meta:
          synonyms: [order date, purchase date, date, order time]
        granularities:
          - name: fiscal_year
            title: Fiscal year (July to June)
            interval: 1 year
            offset: 6 months
          - name: sprint
            title: Two-week sprint
            interval: 2 weeks
            origin: "2024-01-01"
      - name: shipped_at
        title: Ship date
        description: When the order left the warehouse; empty while pending and for cancelled orders.
        sql: "{CUBE}.shipped_at"
        type: time
        meta:
          synonyms: [shipping date, dispatch date]
    segments:
      - name: completed
        title: Completed orders
        description: Orders with status completed.
        sql: "{CUBE}.status = 'completed'"
        meta:
          synonyms: [fulfilled, delivered]
      - name: online
        title: Online orders
        description: Orders placed on the web or in the app.
        sql: "{CUBE}.channel IN ('web', 'app')"
        meta:
          synonyms: [ecommerce orders, digital orders]
`;

const orderItemsCube = `cubes:
  - name: order_items
    sql_table: order_items
    title: Order lines
    description: One row per product on an order, with its quantity, unit price and the discount on the line.
    meta:
      synonyms: [line items, order lines, sales lines, items sold]
    joins:
      - name: orders
        relationship: many_to_one
        sql: "{CUBE}.order_id = {orders.id}"
      - name: products
        relationship: many_to_one
        sql: "{CUBE}.product_id = {products.id}"
    measures:
      - name: count
        title: Order lines
        type: count
        meta:
          synonyms: [line count, number of lines]
      - name: revenue
        title: Revenue
        description: Net sales, quantity times unit price less the line discounts.
        type: sum
        sql: "{CUBE}.quantity * {CUBE}.unit_price - {CUBE}.discount"
        format: currency
        meta:
          synonyms: [sales, turnover, net sales, income, takings, sales amount]
      - name: gross_revenue
        title: Gross revenue
        description: Sales at the prices charged, before line discounts.
        type: sum
        sql: "{CUBE}.quantity * {CUBE}.unit_price"
        format: currency
        meta:
          synonyms: [gross sales, sales before discounts]
      - name: discount
        title: Discounts
        description: Total discount given on the lines.
        type: sum
        sql: "{CUBE}.discount"
        format: currency
        meta:
          synonyms: [discounts, markdowns, rebates, price reductions]
      - name: quantity
        title: Units sold
        type: sum
        sql: "{CUBE}.quantity"
        meta:
          synonyms: [units, quantity sold, items sold, volume]
      - name: order_count
        title: Orders
        description: Distinct orders with at least one line.
        type: count_distinct
        sql: "{CUBE}.order_id"
        meta:
          synonyms: [number of orders, order count]
      - name: products_count
        title: Distinct products sold
        type: count_distinct
        sql: "{CUBE}.product_id"
        meta:
          synonyms: [product variety, distinct products]
      - name: average_order_value
        title: Average order value
        description: Revenue per order.
        type: number
        sql: "{revenue} / NULLIF({order_count}, 0)"
        format: currency
        meta:
          synonyms: [AOV, average basket, basket size, average order size, average sale]
      - name: average_selling_price
        title: Average selling price
        description: Revenue per unit sold.
        type: number
        sql: "{revenue} / NULLIF({quantity}, 0)"
        format: currency
        meta:
          synonyms: [ASP, average price per unit, average unit price]
      - name: discount_rate
        title: Discount rate
        description: Discounts as a share of gross revenue.
        type: number
        sql: "{discount} / NULLIF({gross_revenue}, 0)"
        format: percent
        meta:
          synonyms: [discount share, markdown rate]
    dimensions:
      - name: id
        title: Order line id
        sql: "{CUBE}.id"
        type: number
        primary_key: true
        format: id
      - name: order_id
        sql: "{CUBE}.order_id"
        type: number
        public: false
      - name: product_id
        sql: "{CUBE}.product_id"
        type: number
        public: false
      - name: unit_price
        title: Unit price
        description: The price charged per unit on this line.
        sql: "{CUBE}.unit_price"
        type: number
        format: currency
        meta:
          synonyms: [price paid, selling price]
      - name: line_amount
        title: Line amount
        description: Quantity times unit price less the discount, for one line.
        sql: "{CUBE}.quantity * {CUBE}.unit_price - {CUBE}.discount"
        type: number
        format: currency
      - name: is_discounted
        title: Discounted line
        sql: "{CUBE}.discount > 0"
        type: boolean
        meta:
          synonyms: [on sale, promotion]
`;

/** The fact cubes of the demo model: orders and their lines. */
export const demoOrderCubeFiles: readonly DemoModelFile[] = [
  { path: 'model/cubes/orders.yml', text: ordersCube },
  { path: 'model/cubes/order_items.yml', text: orderItemsCube },
];
