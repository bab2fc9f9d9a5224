import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { compileDataModel, compileModelFiles } from '@platform/semantic';
import { DuckDbWarehouse } from '../../src/platform/warehouse/duckdb-warehouse.js';
import type { AnalystWorld } from './analyst-harness.js';
import { generateSaasData, type SaasData } from './saas-data.js';

/** A subscription business: customers, their subscriptions and monthly invoices, and two views. */
const saasModel = `cubes:
  - name: customers
    sql_table: customers
    title: Customers
    description: Companies that signed up for the product.
    joins:
      - name: subscriptions
        relationship: one_to_many
        sql: "{CUBE}.id = {subscriptions}.customer_id"
    measures:
      - name: count
        title: Customers
        type: count
    dimensions:
      - name: id
        sql: id
        type: number
        primary_key: true
      - name: name
        title: Customer name
        sql: name
        type: string
      - name: country
        sql: country
        type: string
      - name: signed_up_at
        title: Signup date
        sql: signed_up_at
        type: time

  - name: subscriptions
    sql_table: subscriptions
    title: Subscriptions
    meta:
      synonyms: [plans sold]
    joins:
      - name: customers
        relationship: many_to_one
        sql: "{CUBE}.customer_id = {customers.id}"
    measures:
      - name: count
        title: Subscriptions
        type: count
      - name: active_count
        title: Active subscriptions
        type: count
        filters:
          - sql: "{CUBE}.status = 'active'"
      - name: churned_count
        title: Cancelled subscriptions
        type: count
        filters:
          - sql: "{CUBE}.status = 'cancelled'"
      - name: mrr
        title: MRR
        description: Monthly recurring revenue of active subscriptions.
        type: sum
        sql: mrr
        filters:
          - sql: "{CUBE}.status = 'active'"
    dimensions:
      - name: id
        sql: id
        type: number
        primary_key: true
      - name: plan
        sql: plan
        type: string
      - name: status
        sql: status
        type: string
      - name: started_at
        title: Start date
        sql: started_at
        type: time
      - name: cancelled_at
        title: Cancellation date
        sql: cancelled_at
        type: time

  - name: invoices
    sql_table: invoices
    title: Invoices
    joins:
      - name: subscriptions
        relationship: many_to_one
        sql: "{CUBE}.subscription_id = {subscriptions.id}"
    measures:
      - name: count
        title: Invoices
        type: count
      - name: amount
        title: Invoiced amount
        description: Total invoiced, in euros.
        type: sum
        sql: amount
      - name: average_amount
        title: Average invoice amount
        type: avg
        sql: amount
    dimensions:
      - name: id
        sql: id
        type: number
        primary_key: true
      - name: is_paid
        title: Paid
        sql: is_paid
        type: boolean
      - name: issued_at
        title: Invoice date
        sql: issued_at
        type: time

views:
  - name: billing
    title: Billing
    description: Invoices with the plan and country they were billed for.
    cubes:
      - join_path: invoices
        includes:
          - amount
          - average_amount
          - is_paid
          - issued_at
          - name: count
            alias: invoice_count
      - join_path: invoices.subscriptions
        includes: [plan]
      - join_path: invoices.subscriptions.customers
        includes: [country]
  - name: subscription_overview
    title: Subscription overview
    cubes:
      - join_path: subscriptions
        includes:
          - mrr
          - active_count
          - churned_count
          - plan
          - status
          - started_at
          - name: count
            alias: subscription_count
      - join_path: subscriptions.customers
        prefix: true
        alias: customer
        includes: [name, country]
`;

function timestamp(iso: string | null): string {
  return iso === null ? '' : iso.replace('T', ' ').replace(/\.\d+Z$/, '');
}

function csvOf(header: readonly string[], rows: readonly (readonly (string | number | boolean)[])[]): string {
  const field = (value: string | number | boolean) => {
    const text = String(value);
    return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [header.join(','), ...rows.map((row) => row.map(field).join(','))].join('\n');
}

const tables = {
  customers: "{'id': 'INTEGER', 'name': 'VARCHAR', 'country': 'VARCHAR', 'signed_up_at': 'TIMESTAMP'}",
  subscriptions:
    "{'id': 'INTEGER', 'customer_id': 'INTEGER', 'plan': 'VARCHAR', 'status': 'VARCHAR', 'mrr': 'DECIMAL(10,2)', 'started_at': 'TIMESTAMP', 'cancelled_at': 'TIMESTAMP'}",
  invoices:
    "{'id': 'INTEGER', 'subscription_id': 'INTEGER', 'amount': 'DECIMAL(10,2)', 'issued_at': 'TIMESTAMP', 'is_paid': 'BOOLEAN'}",
} as const;

function csvFiles(data: SaasData): Record<keyof typeof tables, string> {
  return {
    customers: csvOf(
      ['id', 'name', 'country', 'signed_up_at'],
      data.customers.map((row) => [row.id, row.name, row.country, timestamp(row.signedUpAt)]),
    ),
    subscriptions: csvOf(
      ['id', 'customer_id', 'plan', 'status', 'mrr', 'started_at', 'cancelled_at'],
      data.subscriptions.map((row) => [
        row.id,
        row.customerId,
        row.plan,
        row.status,
        row.mrr,
        timestamp(row.startedAt),
        timestamp(row.cancelledAt),
      ]),
    ),
    invoices: csvOf(
      ['id', 'subscription_id', 'amount', 'issued_at', 'is_paid'],
      data.invoices.map((row) => [
        row.id,
        row.subscriptionId,
        row.amount,
        timestamp(row.issuedAt),
        row.isPaid,
      ]),
    ),
  };
}

export interface SaasWorld extends AnalystWorld {
  readonly data: SaasData;
  close(): Promise<void>;
}

export async function openSaasWorld(options: {
  now: Date;
  timezone: string;
  seed: number;
}): Promise<SaasWorld> {
  const data = generateSaasData(options.seed, options.now);
  const directory = await mkdtemp(join(tmpdir(), 'analyst-saas-'));
  const path = join(directory, 'saas.duckdb');
  const loader = await DuckDBInstance.create(path);
  const connection = await loader.connect();
  const files = csvFiles(data);
  for (const [table, columns] of Object.entries(tables) as [keyof typeof tables, string][]) {
    const file = join(directory, `${table}.csv`);
    await writeFile(file, files[table]);
    await connection.run(
      `CREATE TABLE ${table} AS SELECT * FROM read_csv('${file}', header = true, columns = ${columns})`,
    );
  }
  connection.disconnectSync();
  loader.closeSync();
  const compiled = compileModelFiles([{ fileName: 'model/saas.yml', content: saasModel }]);
  if (compiled.errors.length > 0) throw new Error(JSON.stringify(compiled.errors));
  const warehouse = await DuckDbWarehouse.open(path);
  return {
    now: options.now,
    timezone: options.timezone,
    data,
    model: compileDataModel(compiled.model),
    warehouse,
    async close() {
      await warehouse.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
