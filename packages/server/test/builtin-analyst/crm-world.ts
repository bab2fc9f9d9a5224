import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';
import { compileDataModel, compileModelFiles } from '@platform/semantic';
import { DuckDbWarehouse } from '../../src/platform/warehouse/duckdb-warehouse.js';
import type { AnalystWorld } from './analyst-harness.js';

const seedDirectory = fileURLToPath(new URL('../../../../fixtures/seeds/fanout', import.meta.url));
const seedTables = ['accounts', 'deals', 'users', 'user_deals'] as const;

/** A small CRM model over the fan-out seed tables, written as a data team would, with titles. */
const crmModel = `cubes:
  - name: accounts
    sql_table: accounts
    title: Accounts
    description: Companies we sell to.
    joins:
      - name: deals
        relationship: one_to_many
        sql: "{CUBE}.account_id = {deals}.account_id"
      - name: users
        relationship: one_to_many
        sql: "{CUBE}.account_id = {users}.account_id"
    measures:
      - name: count
        type: count
    dimensions:
      - name: account_id
        sql: account_id
        type: string
        primary_key: true
      - name: name
        title: Account name
        sql: account_name
        type: string
      - name: industry
        sql: industry
        type: string
      - name: segment
        description: SMB, Midmarket or Enterprise.
        sql: segment
        type: string

  - name: deals
    sql_table: deals
    title: Deals
    description: Sales opportunities, one row per deal.
    joins:
      - name: accounts
        relationship: many_to_one
        sql: "{CUBE}.account_id = {accounts.account_id}"
    measures:
      - name: count
        type: count
      - name: won_count
        title: Won deals
        type: count
        filters:
          - sql: "{CUBE}.stage = 'Won'"
      - name: amount
        title: Deal amount
        description: Sum of the deals' amounts in dollars.
        type: sum
        sql: amount
      - name: average_amount
        title: Average deal amount
        type: avg
        sql: amount
      - name: largest_amount
        title: Largest deal amount
        type: max
        sql: amount
      - name: seats
        title: Seats
        type: sum
        sql: seats
    dimensions:
      - name: deal_id
        sql: deal_id
        type: string
        primary_key: true
      - name: stage
        sql: stage
        type: string
      - name: plan
        sql: plan
        type: string
      - name: created_date
        title: Created date
        sql: created_date
        type: time

  - name: users
    sql_table: users
    title: Users
    description: People of our customer accounts who use the product.
    joins:
      - name: accounts
        relationship: many_to_one
        sql: "{CUBE}.account_id = {accounts.account_id}"
    measures:
      - name: count
        type: count
      - name: no_login_count
        title: No-login users
        type: count
        filters:
          - sql: "{CUBE}.latest_logged_in_at IS NULL"
    dimensions:
      - name: user_id
        sql: user_id
        type: string
        primary_key: true
      - name: email
        sql: email
        type: string
      - name: job_title
        sql: job_title
        type: string
      - name: is_marketing_opted_in
        title: Opted in to marketing
        sql: "{CUBE}.is_marketing_opted_in = 1"
        type: boolean
      - name: created_at
        title: Signup date
        description: When the user signed up.
        sql: created_at
        type: time
      - name: latest_logged_in_at
        title: Last login
        sql: latest_logged_in_at
        type: time

  - name: user_deals
    sql_table: user_deals
    title: Deal contacts
    joins:
      - name: users
        relationship: many_to_one
        sql: "{CUBE}.user_id = {users.user_id}"
      - name: deals
        relationship: many_to_one
        sql: "{CUBE}.deal_id = {deals.deal_id}"
    measures:
      - name: count
        type: count
    dimensions:
      - name: id
        sql: "{CUBE}.user_id || '/' || {CUBE}.deal_id"
        type: string
        primary_key: true
      - name: role
        sql: role
        type: string

views:
  - name: pipeline
    title: Pipeline
    description: Deals with the account they belong to.
    cubes:
      - join_path: deals
        includes:
          - amount
          - average_amount
          - won_count
          - stage
          - plan
          - created_date
          - name: count
            alias: deal_count
      - join_path: deals.accounts
        prefix: true
        alias: account
        includes: [name, industry, segment]
`;

export interface CrmWorld extends AnalystWorld {
  close(): Promise<void>;
}

/** The seed CSVs in a DuckDB file (the warehouse itself may not read files), opened as the platform does. */
export async function openCrmWorld(options: { now: Date; timezone: string }): Promise<CrmWorld> {
  const directory = await mkdtemp(join(tmpdir(), 'analyst-crm-'));
  const path = join(directory, 'crm.duckdb');
  const loader = await DuckDBInstance.create(path);
  const connection = await loader.connect();
  for (const table of seedTables) {
    await connection.run(
      `CREATE TABLE ${table} AS SELECT * FROM read_csv('${join(seedDirectory, `${table}_raw.csv`)}', header = true)`,
    );
  }
  connection.disconnectSync();
  loader.closeSync();
  const compiled = compileModelFiles([{ fileName: 'model/crm.yml', content: crmModel }]);
  if (compiled.errors.length > 0) throw new Error(JSON.stringify(compiled.errors));
  const warehouse = await DuckDbWarehouse.open(path);
  return {
    ...options,
    model: compileDataModel(compiled.model),
    warehouse,
    async close() {
      await warehouse.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
