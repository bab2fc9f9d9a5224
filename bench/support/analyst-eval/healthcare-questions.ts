import type { EvaluationQuestion } from './evaluation-question.js';

/** A stored UTC time on the wall clock of New York, where the questions are asked. */
function newYork(column: string): string {
  return `timezone('America/New_York', timezone('UTC', ${column}))`;
}

const visitDate = newYork('v.scheduled_at');
const visitsWithDepartments =
  'visits v JOIN doctors d ON v.doctor_id = d.id JOIN departments dep ON d.department_id = dep.id';

/** Questions on the healthcare model (New York time; "now" is Monday 9 February 2026, 22:00). */
export const healthcareQuestions: readonly EvaluationQuestion[] = [
  {
    id: 'healthcare-basic-1',
    shape: 'basic',
    question: 'How many visits did each department have?',
    gold: { sql: `SELECT dep.name, count(*) FROM ${visitsWithDepartments} GROUP BY 1` },
  },
  {
    id: 'healthcare-basic-2',
    shape: 'basic',
    question: 'Billed fees by visit type',
    gold: { sql: 'SELECT visit_type, sum(fee) FROM visits GROUP BY 1' },
  },
  {
    id: 'healthcare-basic-3',
    shape: 'basic',
    question: 'Average visit length by visit type',
    gold: { sql: 'SELECT visit_type, avg(duration_minutes) FROM visits GROUP BY 1' },
  },
  {
    id: 'healthcare-basic-4',
    shape: 'basic',
    question: 'How many patients do we have per insurer?',
    gold: { sql: 'SELECT insurer, count(*) FROM patients GROUP BY 1' },
  },
  {
    id: 'healthcare-basic-5',
    shape: 'basic',
    question: 'Prescription cost by drug class',
    gold: { sql: 'SELECT drug_class, sum(cost) FROM prescriptions GROUP BY 1' },
  },
  {
    id: 'healthcare-negation-1',
    shape: 'negation',
    question: 'How many visits were not completed?',
    gold: { sql: `SELECT count(*) FROM visits WHERE status <> 'completed' OR status IS NULL` },
  },
  {
    id: 'healthcare-negation-2',
    shape: 'negation',
    question: 'How many patients have no insurance?',
    gold: { sql: 'SELECT count(*) FROM patients WHERE insurer IS NULL' },
  },
  {
    id: 'healthcare-negation-3',
    shape: 'negation',
    question: 'Billed fees by department, excluding Oncology',
    gold: {
      sql: `SELECT dep.name, sum(v.fee) FROM ${visitsWithDepartments}
        WHERE dep.name <> 'Oncology' OR dep.name IS NULL GROUP BY 1`,
    },
  },
  {
    id: 'healthcare-negation-4',
    shape: 'negation',
    question: 'How many visits were from patients living outside Boston?',
    gold: {
      sql: `SELECT count(*) FROM visits v JOIN patients p ON v.patient_id = p.id
        WHERE p.city <> 'Boston' OR p.city IS NULL`,
    },
  },
  {
    id: 'healthcare-negation-5',
    shape: 'negation',
    question: 'How many prescriptions have no drug class, by medication?',
    gold: { sql: 'SELECT medication, count(*) FROM prescriptions WHERE drug_class IS NULL GROUP BY 1' },
  },
  {
    id: 'healthcare-negation-6',
    shape: 'negation',
    question: 'Visits by type, excluding telehealth',
    gold: {
      sql: `SELECT visit_type, count(*) FROM visits WHERE visit_type <> 'telehealth' OR visit_type IS NULL GROUP BY 1`,
    },
  },
  {
    id: 'healthcare-several-values-1',
    shape: 'several-values',
    question: 'How many checkup and consultation visits did we have in 2025?',
    gold: {
      sql: `SELECT count(*) FROM visits v WHERE v.visit_type IN ('checkup', 'consultation')
        AND ${visitDate} >= '2025-01-01' AND ${visitDate} < '2026-01-01'`,
    },
  },
  {
    id: 'healthcare-several-values-2',
    shape: 'several-values',
    question: 'Billed fees for patients from Cambridge or Somerville',
    gold: {
      sql: `SELECT sum(v.fee) FROM visits v JOIN patients p ON v.patient_id = p.id
        WHERE p.city IN ('Cambridge', 'Somerville')`,
    },
  },
  {
    id: 'healthcare-several-values-3',
    shape: 'several-values',
    question: 'How many no-shows did we have across 2024 and 2025?',
    gold: {
      sql: `SELECT count(*) FROM visits v WHERE v.status = 'no_show'
        AND ${visitDate} >= '2024-01-01' AND ${visitDate} < '2026-01-01'`,
    },
  },
  {
    id: 'healthcare-several-values-4',
    shape: 'several-values',
    question: 'Prescription cost of antibiotics and statins',
    gold: { sql: `SELECT sum(cost) FROM prescriptions WHERE drug_class IN ('Antibiotic', 'Statin')` },
  },
  {
    id: 'healthcare-ranking-1',
    shape: 'ranking',
    question: 'Which 5 doctors saw the most patients?',
    gold: {
      sql: `SELECT d.full_name, count(DISTINCT v.patient_id) AS patients FROM visits v
        JOIN doctors d ON v.doctor_id = d.id GROUP BY 1 ORDER BY patients DESC LIMIT 5`,
    },
  },
  {
    id: 'healthcare-ranking-2',
    shape: 'ranking',
    question: 'Which department bills the most?',
    gold: {
      sql: `SELECT dep.name, sum(v.fee) AS fees FROM ${visitsWithDepartments} GROUP BY 1 ORDER BY fees DESC LIMIT 1`,
    },
  },
  {
    id: 'healthcare-ranking-3',
    shape: 'ranking',
    question: 'Top 3 medications by number of prescriptions',
    gold: {
      sql: 'SELECT medication, count(*) AS prescriptions FROM prescriptions GROUP BY 1 ORDER BY prescriptions DESC LIMIT 3',
    },
  },
  {
    id: 'healthcare-ranking-4',
    shape: 'ranking',
    question: 'Which city has the most patients?',
    gold: {
      sql: 'SELECT city, count(*) AS patients FROM patients GROUP BY 1 ORDER BY patients DESC LIMIT 1',
    },
  },
  {
    id: 'healthcare-ranking-5',
    shape: 'ranking',
    question: 'What was the quietest month of 2025 for visits?',
    gold: {
      sql: `SELECT date_trunc('month', ${visitDate}), count(*) AS visits FROM visits v
        WHERE ${visitDate} >= '2025-01-01' AND ${visitDate} < '2026-01-01' GROUP BY 1 ORDER BY visits LIMIT 1`,
    },
  },
  {
    id: 'healthcare-joined-filter-1',
    shape: 'joined-filter',
    question: 'How many visits did Medicare patients have in 2025?',
    gold: {
      sql: `SELECT count(*) FROM visits v JOIN patients p ON v.patient_id = p.id WHERE p.insurer = 'Medicare'
        AND ${visitDate} >= '2025-01-01' AND ${visitDate} < '2026-01-01'`,
    },
  },
  {
    id: 'healthcare-joined-filter-2',
    shape: 'joined-filter',
    question: 'Prescription cost by medication for Cardiology visits',
    gold: {
      sql: `SELECT r.medication, sum(r.cost) FROM prescriptions r JOIN visits v ON r.visit_id = v.id
        JOIN doctors d ON v.doctor_id = d.id JOIN departments dep ON d.department_id = dep.id
        WHERE dep.name = 'Cardiology' GROUP BY 1`,
    },
  },
  {
    id: 'healthcare-joined-filter-3',
    shape: 'joined-filter',
    question: 'Average visit length at the North Clinic',
    gold: {
      sql: `SELECT avg(v.duration_minutes) FROM ${visitsWithDepartments} WHERE dep.campus = 'North Clinic'`,
    },
  },
  {
    id: 'healthcare-joined-filter-4',
    shape: 'joined-filter',
    question: 'Billed fees by visit type for female patients',
    gold: {
      sql: `SELECT v.visit_type, sum(v.fee) FROM visits v JOIN patients p ON v.patient_id = p.id
        WHERE p.sex = 'female' GROUP BY 1`,
    },
  },
  {
    id: 'healthcare-joined-filter-5',
    shape: 'joined-filter',
    question: 'How many prescriptions were written at emergency visits?',
    gold: {
      sql: `SELECT count(*) FROM prescriptions r JOIN visits v ON r.visit_id = v.id WHERE v.visit_type = 'emergency'`,
    },
  },
  {
    id: 'healthcare-period-1',
    shape: 'period',
    question: 'How many visits did we have in the second quarter of 2024?',
    gold: {
      sql: `SELECT count(*) FROM visits v WHERE ${visitDate} >= '2024-04-01' AND ${visitDate} < '2024-07-01'`,
    },
  },
  {
    id: 'healthcare-period-2',
    shape: 'period',
    question: 'Billed fees in Q3 2023',
    gold: {
      sql: `SELECT sum(v.fee) FROM visits v WHERE ${visitDate} >= '2023-07-01' AND ${visitDate} < '2023-10-01'`,
    },
  },
  {
    id: 'healthcare-period-3',
    shape: 'period',
    question: 'How many visits since the beginning of 2025?',
    gold: { sql: `SELECT count(*) FROM visits v WHERE ${visitDate} >= '2025-01-01'` },
  },
  {
    id: 'healthcare-period-4',
    shape: 'period',
    question: 'Billed fees between April and June 2024',
    gold: {
      sql: `SELECT sum(v.fee) FROM visits v WHERE ${visitDate} >= '2024-04-01' AND ${visitDate} < '2024-07-01'`,
    },
  },
  {
    id: 'healthcare-period-5',
    shape: 'period',
    question: 'Visits per day last week',
    gold: {
      sql: `SELECT date_trunc('day', ${visitDate}), count(*) FROM visits v
        WHERE ${visitDate} >= '2026-02-02' AND ${visitDate} < '2026-02-09' GROUP BY 1`,
    },
  },
  {
    id: 'healthcare-period-6',
    shape: 'period',
    question: 'How many visits did we have in the first half of 2023?',
    gold: {
      sql: `SELECT count(*) FROM visits v WHERE ${visitDate} >= '2023-01-01' AND ${visitDate} < '2023-07-01'`,
    },
  },
  {
    id: 'healthcare-period-7',
    shape: 'period',
    question: 'Billed fees this month',
    gold: {
      sql: `SELECT sum(v.fee) FROM visits v WHERE ${visitDate} >= '2026-02-01' AND ${visitDate} < '2026-03-01'`,
    },
  },
  {
    id: 'healthcare-follow-up-1',
    shape: 'follow-up',
    thread: ['How many visits did we have in 2025?'],
    question: 'And by month?',
    gold: {
      sql: `SELECT date_trunc('month', ${visitDate}), count(*) FROM visits v
        WHERE ${visitDate} >= '2025-01-01' AND ${visitDate} < '2026-01-01' GROUP BY 1`,
    },
  },
  {
    id: 'healthcare-follow-up-2',
    shape: 'follow-up',
    thread: ['Billed fees by department in 2025'],
    question: 'Only for telehealth visits',
    gold: {
      sql: `SELECT dep.name, sum(v.fee) FROM ${visitsWithDepartments} WHERE v.visit_type = 'telehealth'
        AND ${visitDate} >= '2025-01-01' AND ${visitDate} < '2026-01-01' GROUP BY 1`,
    },
  },
  {
    id: 'healthcare-follow-up-3',
    shape: 'follow-up',
    thread: ['How many no-shows did we have last year?'],
    question: 'What about 2023?',
    gold: {
      sql: `SELECT count(*) FROM visits v WHERE v.status = 'no_show'
        AND ${visitDate} >= '2023-01-01' AND ${visitDate} < '2024-01-01'`,
    },
  },
  {
    id: 'healthcare-refusal-1',
    shape: 'refusal',
    question: 'What is the average patient satisfaction score?',
    gold: { refusal: 'the model holds no satisfaction surveys' },
  },
  {
    id: 'healthcare-refusal-2',
    shape: 'refusal',
    question: 'How many visits did the Radiology department have?',
    gold: { refusal: 'there is no Radiology department in the data' },
  },
  {
    id: 'healthcare-refusal-3',
    shape: 'refusal',
    question: 'What is the average waiting time before a visit?',
    gold: { refusal: 'the model records when a visit was booked for, not when the patient arrived' },
  },
  {
    id: 'healthcare-refusal-4',
    shape: 'refusal',
    question: 'What was the readmission rate last year?',
    gold: { refusal: 'the model has no hospital admissions' },
  },
];
