import type { DemoModelFile } from './demo-model-file.js';

const paymentsCube = `cubes:
  - name: payments
    sql_table: payments
    title: Payments
    description: Money received for orders; cancelled orders have none and an order may be paid in parts.
    meta:
      synonyms: [receipts, collections, transactions]
    joins:
      - name: orders
        relationship: many_to_one
        sql: "{CUBE}.order_id = {orders.id}"
    measures:
      - name: count
        title: Payments
        type: count
        meta:
          synonyms: [number of payments, payment count]
      - name: amount
        title: Amount paid
        description: Sum of the payments received.
        type: sum
        sql: "{CUBE}.amount"
        format: currency
        meta:
          synonyms: [payments amount, amount collected, cash collected, paid amount, receipts]
      - name: average_amount
        title: Average payment
        type: avg
        sql: "{CUBE}.amount"
        format: currency
        meta:
          synonyms: [average payment size, mean payment]
      - name: paid_orders_count
        title: Paid orders
        type: count_distinct
        sql: "{CUBE}.order_id"
    dimensions:
      - name: id
        title: Payment id
        sql: "{CUBE}.id"
        type: number
        primary_key: true
        format: id
      - name: order_id
        sql: "{CUBE}.order_id"
        type: number
        public: false
      - name: method
        title: Payment method
        description: card, paypal, gift_card or bank_transfer.
        sql: "{CUBE}.method"
        type: string
        meta:
          synonyms: [payment type, paid with, tender, payment option]
      - name: paid_at
        title: Payment date
        sql: "{CUBE}.paid_at"
        type: time
        meta:
          synonyms: [payment time, paid on, date paid]
`;

/** The payments cube of the demo model: money received for orders. */
export const demoPaymentsCubeFile: DemoModelFile = { path: 'model/cubes/payments.yml', text: paymentsCube };
