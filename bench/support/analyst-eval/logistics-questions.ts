import type { EvaluationQuestion } from './evaluation-question.js';

/** A stored UTC time on the wall clock of Berlin, where the questions are asked. */
function berlin(column: string): string {
  return `timezone('Europe/Berlin', timezone('UTC', ${column}))`;
}

const shipped = berlin('s.shipped_at');
const transitDays = "date_diff('hour', s.shipped_at, s.delivered_at) / 24.0";

/** Questions on the logistics model (Berlin time; "now" is Monday 16 March 2026, 09:00). */
export const logisticsQuestions: readonly EvaluationQuestion[] = [
  {
    id: 'logistics-basic-1',
    shape: 'basic',
    question: 'How many shipments did each carrier handle?',
    gold: {
      sql: 'SELECT c.name, count(*) FROM shipments s JOIN carriers c ON s.carrier_id = c.id GROUP BY 1',
    },
  },
  {
    id: 'logistics-basic-2',
    shape: 'basic',
    question: 'Total freight cost by service level',
    gold: { sql: 'SELECT service_level, sum(freight_cost) FROM shipments GROUP BY 1' },
  },
  {
    id: 'logistics-basic-3',
    shape: 'basic',
    question: 'Average transit time by transport mode',
    gold: {
      sql: `SELECT c.transport_mode, avg(${transitDays}) FROM shipments s JOIN carriers c ON s.carrier_id = c.id
        GROUP BY 1`,
    },
  },
  {
    id: 'logistics-basic-4',
    shape: 'basic',
    question: 'How many shipments per month this year?',
    gold: {
      sql: `SELECT date_trunc('month', ${shipped}), count(*) FROM shipments s
        WHERE ${shipped} >= '2026-01-01' AND ${shipped} < '2027-01-01' GROUP BY 1`,
    },
  },
  {
    id: 'logistics-basic-5',
    shape: 'basic',
    question: 'Total weight shipped by depot',
    gold: {
      sql: 'SELECT d.name, sum(s.weight_kg) FROM shipments s JOIN depots d ON s.depot_id = d.id GROUP BY 1',
    },
  },
  {
    id: 'logistics-negation-1',
    shape: 'negation',
    question: 'How many shipments were not delivered?',
    gold: { sql: `SELECT count(*) FROM shipments WHERE status <> 'Delivered' OR status IS NULL` },
  },
  {
    id: 'logistics-negation-2',
    shape: 'negation',
    question: 'Freight cost by carrier, excluding air freight',
    gold: {
      sql: `SELECT c.name, sum(s.freight_cost) FROM shipments s JOIN carriers c ON s.carrier_id = c.id
        WHERE c.transport_mode <> 'Air' OR c.transport_mode IS NULL GROUP BY 1`,
    },
  },
  {
    id: 'logistics-negation-3',
    shape: 'negation',
    question: 'How many customers have no industry?',
    gold: { sql: 'SELECT count(*) FROM customers WHERE industry IS NULL' },
  },
  {
    id: 'logistics-negation-4',
    shape: 'negation',
    question: 'How many shipments went to customers outside Germany?',
    gold: {
      sql: `SELECT count(*) FROM shipments s JOIN customers c ON s.customer_id = c.id
        WHERE c.country <> 'Germany' OR c.country IS NULL`,
    },
  },
  {
    id: 'logistics-negation-5',
    shape: 'negation',
    question: 'Number of shipments by status, excluding lost shipments',
    gold: {
      sql: `SELECT status, count(*) FROM shipments WHERE status <> 'Lost' OR status IS NULL GROUP BY 1`,
    },
  },
  {
    id: 'logistics-several-values-1',
    shape: 'several-values',
    question: 'How many shipments went to Berlin or Paris?',
    gold: {
      sql: `SELECT count(*) FROM shipments s JOIN customers c ON s.customer_id = c.id
        WHERE c.city IN ('Berlin', 'Paris')`,
    },
  },
  {
    id: 'logistics-several-values-2',
    shape: 'several-values',
    question: 'Total freight cost of Express and Economy shipments',
    gold: { sql: `SELECT sum(freight_cost) FROM shipments WHERE service_level IN ('Express', 'Economy')` },
  },
  {
    id: 'logistics-several-values-3',
    shape: 'several-values',
    question: 'Total number of shipments in 2023 and 2024',
    gold: {
      sql: `SELECT count(*) FROM shipments s WHERE ${shipped} >= '2023-01-01' AND ${shipped} < '2025-01-01'`,
    },
  },
  {
    id: 'logistics-several-values-4',
    shape: 'several-values',
    question: 'Shipments held at customs or returned, by carrier',
    gold: {
      sql: `SELECT c.name, count(*) FROM shipments s JOIN carriers c ON s.carrier_id = c.id
        WHERE s.status IN ('Held at customs', 'Returned') GROUP BY 1`,
    },
  },
  {
    id: 'logistics-ranking-1',
    shape: 'ranking',
    question: 'Which 3 carriers moved the most weight?',
    gold: {
      sql: `SELECT c.name, sum(s.weight_kg) AS weight FROM shipments s JOIN carriers c ON s.carrier_id = c.id
        GROUP BY 1 ORDER BY weight DESC LIMIT 3`,
    },
  },
  {
    id: 'logistics-ranking-2',
    shape: 'ranking',
    question: 'Which depot ships the most?',
    gold: {
      sql: `SELECT d.name, count(*) AS shipments FROM shipments s JOIN depots d ON s.depot_id = d.id
        GROUP BY 1 ORDER BY shipments DESC LIMIT 1`,
    },
  },
  {
    id: 'logistics-ranking-3',
    shape: 'ranking',
    question: 'Top 5 customers by freight cost',
    gold: {
      sql: `SELECT c.name, sum(s.freight_cost) AS cost FROM shipments s JOIN customers c ON s.customer_id = c.id
        GROUP BY 1 ORDER BY cost DESC LIMIT 5`,
    },
  },
  {
    id: 'logistics-ranking-4',
    shape: 'ranking',
    question: 'Which destination country has the longest average transit time?',
    gold: {
      sql: `SELECT c.country, avg(${transitDays}) AS days FROM shipments s JOIN customers c ON s.customer_id = c.id
        GROUP BY 1 ORDER BY days DESC LIMIT 1`,
    },
  },
  {
    id: 'logistics-ranking-5',
    shape: 'ranking',
    question: 'What was our busiest month in 2025?',
    gold: {
      sql: `SELECT date_trunc('month', ${shipped}), count(*) AS shipments FROM shipments s
        WHERE ${shipped} >= '2025-01-01' AND ${shipped} < '2026-01-01' GROUP BY 1 ORDER BY shipments DESC LIMIT 1`,
    },
  },
  {
    id: 'logistics-joined-filter-1',
    shape: 'joined-filter',
    question: 'Freight cost per carrier for customers in Spain',
    gold: {
      sql: `SELECT ca.name, sum(s.freight_cost) FROM shipments s JOIN carriers ca ON s.carrier_id = ca.id
        JOIN customers c ON s.customer_id = c.id WHERE c.country = 'Spain' GROUP BY 1`,
    },
  },
  {
    id: 'logistics-joined-filter-2',
    shape: 'joined-filter',
    question: 'How many shipments left the Hamburg depot last year?',
    gold: {
      sql: `SELECT count(*) FROM shipments s JOIN depots d ON s.depot_id = d.id
        WHERE d.city = 'Hamburg' AND ${shipped} >= '2025-01-01' AND ${shipped} < '2026-01-01'`,
    },
  },
  {
    id: 'logistics-joined-filter-3',
    shape: 'joined-filter',
    question: 'Average freight cost of shipments to Pharmaceuticals customers',
    gold: {
      sql: `SELECT avg(s.freight_cost) FROM shipments s JOIN customers c ON s.customer_id = c.id
        WHERE c.industry = 'Pharmaceuticals'`,
    },
  },
  {
    id: 'logistics-joined-filter-4',
    shape: 'joined-filter',
    question: 'Shipments by service level for customers in Italy',
    gold: {
      sql: `SELECT s.service_level, count(*) FROM shipments s JOIN customers c ON s.customer_id = c.id
        WHERE c.country = 'Italy' GROUP BY 1`,
    },
  },
  {
    id: 'logistics-joined-filter-5',
    shape: 'joined-filter',
    question: 'How many shipments did rail carriers handle in 2025?',
    gold: {
      sql: `SELECT count(*) FROM shipments s JOIN carriers c ON s.carrier_id = c.id
        WHERE c.transport_mode = 'Rail' AND ${shipped} >= '2025-01-01' AND ${shipped} < '2026-01-01'`,
    },
  },
  {
    id: 'logistics-period-1',
    shape: 'period',
    question: 'How many shipments did we send in the second quarter of 2024?',
    gold: {
      sql: `SELECT count(*) FROM shipments s WHERE ${shipped} >= '2024-04-01' AND ${shipped} < '2024-07-01'`,
    },
  },
  {
    id: 'logistics-period-2',
    shape: 'period',
    question: 'Freight cost in Q3 2023',
    gold: {
      sql: `SELECT sum(s.freight_cost) FROM shipments s WHERE ${shipped} >= '2023-07-01' AND ${shipped} < '2023-10-01'`,
    },
  },
  {
    id: 'logistics-period-3',
    shape: 'period',
    question: 'How many shipments since the beginning of 2025?',
    gold: { sql: `SELECT count(*) FROM shipments s WHERE ${shipped} >= '2025-01-01'` },
  },
  {
    id: 'logistics-period-4',
    shape: 'period',
    question: 'Total weight shipped between April and June 2024',
    gold: {
      sql: `SELECT sum(s.weight_kg) FROM shipments s WHERE ${shipped} >= '2024-04-01' AND ${shipped} < '2024-07-01'`,
    },
  },
  {
    id: 'logistics-period-5',
    shape: 'period',
    question: 'Shipments per week in February 2026',
    gold: {
      sql: `SELECT date_trunc('week', ${shipped}), count(*) FROM shipments s
        WHERE ${shipped} >= '2026-02-01' AND ${shipped} < '2026-03-01' GROUP BY 1`,
    },
  },
  {
    id: 'logistics-period-6',
    shape: 'period',
    question: 'How many shipments did we send last month?',
    gold: {
      sql: `SELECT count(*) FROM shipments s WHERE ${shipped} >= '2026-02-01' AND ${shipped} < '2026-03-01'`,
    },
  },
  {
    id: 'logistics-period-7',
    shape: 'period',
    question: 'Shipments per day last week',
    gold: {
      sql: `SELECT date_trunc('day', ${shipped}), count(*) FROM shipments s
        WHERE ${shipped} >= '2026-03-09' AND ${shipped} < '2026-03-16' GROUP BY 1`,
    },
  },
  {
    id: 'logistics-follow-up-1',
    shape: 'follow-up',
    thread: ['How many shipments did we send in 2025?'],
    question: 'And by month?',
    gold: {
      sql: `SELECT date_trunc('month', ${shipped}), count(*) FROM shipments s
        WHERE ${shipped} >= '2025-01-01' AND ${shipped} < '2026-01-01' GROUP BY 1`,
    },
  },
  {
    id: 'logistics-follow-up-2',
    shape: 'follow-up',
    thread: ['Freight cost by carrier in 2025'],
    question: 'Only for Express shipments',
    gold: {
      sql: `SELECT c.name, sum(s.freight_cost) FROM shipments s JOIN carriers c ON s.carrier_id = c.id
        WHERE s.service_level = 'Express' AND ${shipped} >= '2025-01-01' AND ${shipped} < '2026-01-01' GROUP BY 1`,
    },
  },
  {
    id: 'logistics-follow-up-3',
    shape: 'follow-up',
    thread: ['How many shipments went to France last year?'],
    question: 'What about 2023?',
    gold: {
      sql: `SELECT count(*) FROM shipments s JOIN customers c ON s.customer_id = c.id
        WHERE c.country = 'France' AND ${shipped} >= '2023-01-01' AND ${shipped} < '2024-01-01'`,
    },
  },
  {
    id: 'logistics-refusal-1',
    shape: 'refusal',
    question: 'How many shipments went by drone?',
    gold: { refusal: 'no carrier flies drones: Drone is not a transport mode of the data' },
  },
  {
    id: 'logistics-refusal-2',
    shape: 'refusal',
    question: 'What is our freight cost per kilometre by carrier?',
    gold: { refusal: 'the model holds no distances' },
  },
  {
    id: 'logistics-refusal-3',
    shape: 'refusal',
    question: 'Which driver delivered the most shipments?',
    gold: { refusal: 'the model knows carriers, not their drivers' },
  },
  {
    id: 'logistics-refusal-4',
    shape: 'refusal',
    question: 'How many shipments will we send next month?',
    gold: { refusal: 'a forecast: the data holds only shipments already sent' },
  },
];
