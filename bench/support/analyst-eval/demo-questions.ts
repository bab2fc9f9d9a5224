import type { EvaluationQuestion } from './evaluation-question.js';

/** Net sales of an order line, as the demo model's `revenue` measure defines it. */
const line = 'i.quantity * i.unit_price - i.discount';
const lines = 'order_items i JOIN orders o ON i.order_id = o.id';

/** Questions on the demo e-commerce model (UTC; "now" is 15 July 2026, the data ends on 30 June 2026). */
export const demoQuestions: readonly EvaluationQuestion[] = [
  {
    id: 'demo-basic-1',
    shape: 'basic',
    question: 'What was our revenue by month last year?',
    gold: {
      sql: `SELECT date_trunc('month', o.ordered_at), sum(${line}) FROM ${lines}
        WHERE o.ordered_at >= '2025-01-01' AND o.ordered_at < '2026-01-01' GROUP BY 1`,
    },
  },
  {
    id: 'demo-basic-2',
    shape: 'basic',
    question: 'How many orders did we get per sales channel?',
    gold: { sql: 'SELECT channel, count(*) FROM orders GROUP BY 1' },
  },
  {
    id: 'demo-basic-3',
    shape: 'basic',
    question: 'Average order value by customer segment',
    gold: {
      sql: `SELECT c.segment, sum(${line}) / count(DISTINCT i.order_id) FROM ${lines}
        JOIN customers c ON o.customer_id = c.id GROUP BY 1`,
    },
  },
  {
    id: 'demo-basic-4',
    shape: 'basic',
    question: 'Units sold by product category',
    gold: {
      sql: `SELECT p.category, sum(i.quantity) FROM order_items i JOIN products p ON i.product_id = p.id GROUP BY 1`,
    },
  },
  {
    id: 'demo-basic-5',
    shape: 'basic',
    question: 'How many customers do we have in each country?',
    gold: { sql: 'SELECT country, count(*) FROM customers GROUP BY 1' },
  },
  {
    id: 'demo-negation-1',
    shape: 'negation',
    question: 'How many orders were not completed?',
    gold: { sql: `SELECT count(*) FROM orders WHERE status <> 'completed' OR status IS NULL` },
  },
  {
    id: 'demo-negation-2',
    shape: 'negation',
    question: 'Revenue by sales channel, excluding store orders',
    gold: {
      sql: `SELECT o.channel, sum(${line}) FROM ${lines}
        WHERE o.channel <> 'store' OR o.channel IS NULL GROUP BY 1`,
    },
  },
  {
    id: 'demo-negation-3',
    shape: 'negation',
    question: 'Revenue by product category excluding Electronics',
    gold: {
      sql: `SELECT p.category, sum(${line}) FROM order_items i JOIN products p ON i.product_id = p.id
        WHERE p.category <> 'Electronics' OR p.category IS NULL GROUP BY 1`,
    },
  },
  {
    id: 'demo-negation-4',
    shape: 'negation',
    question: 'How many customers have no email address?',
    gold: { sql: 'SELECT count(*) FROM customers WHERE email IS NULL' },
  },
  {
    id: 'demo-negation-5',
    shape: 'negation',
    question: 'How many customers are outside the United States?',
    gold: {
      sql: `SELECT count(*) FROM customers WHERE country <> 'United States' OR country IS NULL`,
    },
  },
  {
    id: 'demo-several-values-1',
    shape: 'several-values',
    question: 'Total revenue from customers in France or Germany',
    gold: {
      sql: `SELECT sum(${line}) FROM ${lines} JOIN customers c ON o.customer_id = c.id
        WHERE c.country IN ('France', 'Germany')`,
    },
  },
  {
    id: 'demo-several-values-2',
    shape: 'several-values',
    question: 'How many shipped and pending orders do we have?',
    gold: { sql: `SELECT count(*) FROM orders WHERE status IN ('shipped', 'pending')` },
  },
  {
    id: 'demo-several-values-3',
    shape: 'several-values',
    question: 'How many orders did we get in 2024 and 2025 combined?',
    gold: {
      sql: `SELECT count(*) FROM orders WHERE ordered_at >= '2024-01-01' AND ordered_at < '2026-01-01'`,
    },
  },
  {
    id: 'demo-several-values-4',
    shape: 'several-values',
    question: 'Monthly revenue in 2025 for web and app orders',
    gold: {
      sql: `SELECT date_trunc('month', o.ordered_at), sum(${line}) FROM ${lines}
        WHERE o.channel IN ('web', 'app') AND o.ordered_at >= '2025-01-01' AND o.ordered_at < '2026-01-01'
        GROUP BY 1`,
    },
  },
  {
    id: 'demo-ranking-1',
    shape: 'ranking',
    question: 'Which 5 customers spent the most?',
    gold: {
      sql: `SELECT c.first_name || ' ' || c.last_name AS name, sum(${line}) AS revenue FROM ${lines}
        JOIN customers c ON o.customer_id = c.id GROUP BY 1 ORDER BY revenue DESC LIMIT 5`,
    },
  },
  {
    id: 'demo-ranking-2',
    shape: 'ranking',
    question: 'Which product category earns the most?',
    gold: {
      sql: `SELECT p.category, sum(${line}) AS revenue FROM order_items i JOIN products p ON i.product_id = p.id
        GROUP BY 1 ORDER BY revenue DESC LIMIT 1`,
    },
  },
  {
    id: 'demo-ranking-3',
    shape: 'ranking',
    question: 'Which store had the most orders?',
    gold: {
      sql: `SELECT s.name, count(*) AS orders FROM orders o JOIN stores s ON o.store_id = s.id
        GROUP BY 1 ORDER BY orders DESC LIMIT 1`,
    },
  },
  {
    id: 'demo-ranking-4',
    shape: 'ranking',
    question: 'What was the slowest month of 2025 for revenue?',
    gold: {
      sql: `SELECT date_trunc('month', o.ordered_at), sum(${line}) AS revenue FROM ${lines}
        WHERE o.ordered_at >= '2025-01-01' AND o.ordered_at < '2026-01-01' GROUP BY 1 ORDER BY revenue LIMIT 1`,
    },
  },
  {
    id: 'demo-ranking-5',
    shape: 'ranking',
    question: 'Which 10 products sold the most units?',
    gold: {
      sql: `SELECT p.name, sum(i.quantity) AS units FROM order_items i JOIN products p ON i.product_id = p.id
        GROUP BY 1 ORDER BY units DESC LIMIT 10`,
    },
  },
  {
    id: 'demo-joined-filter-1',
    shape: 'joined-filter',
    question: 'How much was paid per payment method by customers in Spain?',
    gold: {
      sql: `SELECT p.method, sum(p.amount) FROM payments p JOIN orders o ON p.order_id = o.id
        JOIN customers c ON o.customer_id = c.id WHERE c.country = 'Spain' GROUP BY 1`,
    },
  },
  {
    id: 'demo-joined-filter-2',
    shape: 'joined-filter',
    question: 'How many orders came from corporate customers?',
    gold: {
      sql: `SELECT count(*) FROM orders o JOIN customers c ON o.customer_id = c.id WHERE c.segment = 'corporate'`,
    },
  },
  {
    id: 'demo-joined-filter-3',
    shape: 'joined-filter',
    question: 'Revenue by product category for customers in the United Kingdom',
    gold: {
      sql: `SELECT p.category, sum(${line}) FROM ${lines} JOIN customers c ON o.customer_id = c.id
        JOIN products p ON i.product_id = p.id WHERE c.country = 'United Kingdom' GROUP BY 1`,
    },
  },
  {
    id: 'demo-joined-filter-4',
    shape: 'joined-filter',
    question: 'Number of payments by method for orders placed on the web',
    gold: {
      sql: `SELECT p.method, count(*) FROM payments p JOIN orders o ON p.order_id = o.id
        WHERE o.channel = 'web' GROUP BY 1`,
    },
  },
  {
    id: 'demo-joined-filter-5',
    shape: 'joined-filter',
    question: 'How many orders were placed at stores in Paris?',
    gold: { sql: `SELECT count(*) FROM orders o JOIN stores s ON o.store_id = s.id WHERE s.city = 'Paris'` },
  },
  {
    id: 'demo-period-1',
    shape: 'period',
    question: 'What was our revenue in the second quarter of 2024?',
    gold: {
      sql: `SELECT sum(${line}) FROM ${lines} WHERE o.ordered_at >= '2024-04-01' AND o.ordered_at < '2024-07-01'`,
    },
  },
  {
    id: 'demo-period-2',
    shape: 'period',
    question: 'How many orders did we get in Q3 2023?',
    gold: {
      sql: `SELECT count(*) FROM orders WHERE ordered_at >= '2023-07-01' AND ordered_at < '2023-10-01'`,
    },
  },
  {
    id: 'demo-period-3',
    shape: 'period',
    question: 'Revenue since the beginning of 2025',
    gold: { sql: `SELECT sum(${line}) FROM ${lines} WHERE o.ordered_at >= '2025-01-01'` },
  },
  {
    id: 'demo-period-4',
    shape: 'period',
    question: 'Units sold between April and June 2024',
    gold: {
      sql: `SELECT sum(i.quantity) FROM ${lines} WHERE o.ordered_at >= '2024-04-01' AND o.ordered_at < '2024-07-01'`,
    },
  },
  {
    id: 'demo-period-5',
    shape: 'period',
    question: 'Revenue by week in March 2026',
    gold: {
      sql: `SELECT date_trunc('week', o.ordered_at), sum(${line}) FROM ${lines}
        WHERE o.ordered_at >= '2026-03-01' AND o.ordered_at < '2026-04-01' GROUP BY 1`,
    },
  },
  {
    id: 'demo-period-6',
    shape: 'period',
    question: 'How many orders did we get per day in the first week of June 2026?',
    gold: {
      sql: `SELECT date_trunc('day', ordered_at), count(*) FROM orders
        WHERE ordered_at >= '2026-06-01' AND ordered_at < '2026-06-08' GROUP BY 1`,
    },
  },
  {
    id: 'demo-period-7',
    shape: 'period',
    question: 'What was our revenue in the first half of 2025?',
    gold: {
      sql: `SELECT sum(${line}) FROM ${lines} WHERE o.ordered_at >= '2025-01-01' AND o.ordered_at < '2025-07-01'`,
    },
  },
  {
    id: 'demo-follow-up-1',
    shape: 'follow-up',
    thread: ['What was our revenue in 2025?'],
    question: 'And by month?',
    gold: {
      sql: `SELECT date_trunc('month', o.ordered_at), sum(${line}) FROM ${lines}
        WHERE o.ordered_at >= '2025-01-01' AND o.ordered_at < '2026-01-01' GROUP BY 1`,
    },
  },
  {
    id: 'demo-follow-up-2',
    shape: 'follow-up',
    thread: ['How many orders did we get last year?'],
    question: 'Only for the web channel',
    gold: {
      sql: `SELECT count(*) FROM orders
        WHERE channel = 'web' AND ordered_at >= '2025-01-01' AND ordered_at < '2026-01-01'`,
    },
  },
  {
    id: 'demo-follow-up-3',
    shape: 'follow-up',
    thread: ['Revenue by product category in 2025'],
    question: 'What about 2024?',
    gold: {
      sql: `SELECT p.category, sum(${line}) FROM ${lines} JOIN products p ON i.product_id = p.id
        WHERE o.ordered_at >= '2024-01-01' AND o.ordered_at < '2025-01-01' GROUP BY 1`,
    },
  },
  {
    id: 'demo-refusal-1',
    shape: 'refusal',
    question: 'How many visitors came to our website last month?',
    gold: { refusal: 'the model holds orders, not web traffic' },
  },
  {
    id: 'demo-refusal-2',
    shape: 'refusal',
    question: 'What was our revenue from customers in Italy?',
    gold: { refusal: 'no customer is in Italy: it is not a value of the customer country' },
  },
  {
    id: 'demo-refusal-3',
    shape: 'refusal',
    question: 'What is the conversion rate of the app?',
    gold: { refusal: 'the model has no sessions or visits to convert from' },
  },
  {
    id: 'demo-refusal-4',
    shape: 'refusal',
    question: 'How much revenue will we make next quarter?',
    gold: { refusal: 'a forecast: the data holds only past orders' },
  },
];
