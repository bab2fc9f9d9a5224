import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { deploymentsTable } from '../../src/modules/deployments/deployments.tables.js';
import { accountWarehouseDirectory } from '../../src/platform/warehouse/duckdb-file-rule.js';
import type { TestServer } from '../support/test-server.js';

export interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, unknown>;
}

/** A small shop: three customers in two countries, six orders over two months. */
export const shopTables = {
  customers: {
    columns: 'id INTEGER, name VARCHAR, country VARCHAR',
    rows: [
      [1, 'Ann', 'FR'],
      [2, 'Bob', 'DE'],
      [3, 'Cid', 'FR'],
    ],
  },
  orders: {
    columns: 'id INTEGER, customer_id INTEGER, status VARCHAR, amount INTEGER, created_at TIMESTAMP',
    rows: [
      [1, 1, 'completed', 10, '2024-01-05 10:00:00'],
      [2, 1, 'completed', 20, '2024-01-20 12:00:00'],
      [3, 2, 'cancelled', 30, '2024-01-25 08:00:00'],
      [4, 3, 'completed', 40, '2024-02-02 09:00:00'],
      [5, 2, 'completed', 50, '2024-02-14 18:00:00'],
      [6, 3, 'returned', 60, '2024-02-28 23:00:00'],
    ],
  },
} as const;

function literal(value: string | number): string {
  return typeof value === 'number' ? String(value) : `'${value.replaceAll("'", "''")}'`;
}

/** CREATE TABLE and INSERT statements of the shop, tables named `<prefix><table>`. */
export function shopStatements(prefix = ''): string[] {
  return Object.entries(shopTables).flatMap(([table, { columns, rows }]) => [
    `CREATE TABLE ${prefix}${table} (${columns})`,
    `INSERT INTO ${prefix}${table} VALUES ${rows.map((row) => `(${row.map(literal).join(', ')})`).join(', ')}`,
  ]);
}

/**
 * Where a relative PLATFORM_DB_URL of a deployment points: its account's directory of the data directory
 * (the only place there its DuckDB files may be).
 */
export async function accountFilePath(server: TestServer, deploymentId: number, fileName: string) {
  const [deployment] = await server.container.platform.store.database
    .select({ accountId: deploymentsTable.accountId })
    .from(deploymentsTable)
    .where(eq(deploymentsTable.id, deploymentId));
  if (!deployment) throw new Error(`no deployment ${deploymentId}`);
  return join(accountWarehouseDirectory(server.dataDirectory, deployment.accountId), fileName);
}

/** Writes a DuckDB file (closed again, so the server can open it) with the given statements run. */
export async function createDuckDbFile(path: string, statements: readonly string[]): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const instance = await DuckDBInstance.create(path);
  const connection = await instance.connect();
  try {
    for (const statement of statements) await connection.run(statement);
  } finally {
    connection.disconnectSync();
    instance.closeSync();
  }
}

/** The shop's cubes; `tablePrefix` qualifies the tables (a PostgreSQL schema, `shop.`). */
export function shopModel(tablePrefix = ''): Record<string, string> {
  return {
    'model/cubes/orders.yml': `cubes:
  - name: orders
    sql_table: ${tablePrefix}orders
    joins:
      - name: customers
        sql: "{CUBE}.customer_id = {customers.id}"
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
        title: Total amount
        sql: amount
        type: sum
`,
    'model/cubes/customers.yml': `cubes:
  - name: customers
    sql_table: ${tablePrefix}customers
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
  };
}

/** Puts files on the deploy branch: dev mode, write, merge to the default branch, leave dev mode. */
export async function deployModel(
  server: TestServer,
  deploymentId: number,
  files: Record<string, string | null>,
): Promise<void> {
  const base = `/build/api/v1/deployments/${deploymentId}`;
  const expectOk = (answer: Answer) => expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expectOk(await server.request({ method: 'POST', url: `${base}/dev-mode`, body: {} }));
  const written = Object.entries(files).filter(([, content]) => content !== null);
  const removed = Object.entries(files).filter(([, content]) => content === null);
  if (written.length > 0) {
    const files = written.map(([path, content]) => ({ path, content }));
    expectOk(await server.request({ method: 'PUT', url: `${base}/data-model/files`, body: { files } }));
  }
  if (removed.length > 0) {
    const files = removed.map(([path]) => ({ path }));
    expectOk(await server.request({ method: 'DELETE', url: `${base}/data-model/files`, body: { files } }));
  }
  expectOk(
    await server.request({
      method: 'POST',
      url: `${base}/merge-to-default`,
      body: { message: 'model for a data API test' },
    }),
  );
  expectOk(await server.request({ method: 'DELETE', url: `${base}/dev-mode` }));
}

export async function setEnvVars(
  server: TestServer,
  deploymentId: number,
  variables: Record<string, string | null>,
): Promise<void> {
  const answer = await server.request({
    method: 'PUT',
    url: `/api/v1/deployments/${deploymentId}/env-vars`,
    body: { env_variables: Object.entries(variables).map(([name, value]) => ({ name, value })) },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** The path of a data-API endpoint of a deployment, with an optional query string. */
export function dataApiUrl(deploymentId: number, endpoint: string, query: Record<string, string> = {}) {
  const search = new URLSearchParams(query).toString();
  return `/deployments/${deploymentId}/data/v1/${endpoint}${search ? `?${search}` : ''}`;
}

/** GET load with the query as URL-encoded JSON, as client libraries send it. */
export function loadUrl(deploymentId: number, query: unknown, extra: Record<string, string> = {}) {
  return dataApiUrl(deploymentId, 'load', { query: JSON.stringify(query), ...extra });
}

export async function createToken(
  server: TestServer,
  deploymentId: number,
  body: Record<string, unknown> = {},
): Promise<string> {
  const answer = await server.request({
    method: 'POST',
    url: `/api/v1/deployments/${deploymentId}/token`,
    body,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body as { platformApiToken: string }).platformApiToken;
}

/** A request with a deployment token as the bare Authorization value (the client libraries' form). */
export function withToken(token: string) {
  return { key: null, headers: { authorization: token } };
}

/** Sends SQL to the SQL interface and splits the NDJSON answer into its decoded lines. */
export async function runModelSql(
  server: TestServer,
  deploymentId: number,
  sql: string,
  options: { authorization?: string; branchName?: string } = {},
) {
  const response = await server.app.inject({
    method: 'POST',
    url: dataApiUrl(deploymentId, 'cubesql', options.branchName ? { branchName: options.branchName } : {}),
    headers: {
      authorization: options.authorization ?? `Bearer ${server.adminKey}`,
      'content-type': 'application/json',
    },
    payload: JSON.stringify({ query: sql }),
  });
  const lines = response.body
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { status: response.statusCode, headers: response.headers, text: response.body, lines };
}

/** The rows of a load answer, sorted by their JSON so comparisons do not depend on row order. */
export function sortedRows(body: unknown): Array<Record<string, unknown>> {
  const rows = (body as { data: Array<Record<string, unknown>> }).data;
  return [...rows].sort((left, right) => JSON.stringify(left).localeCompare(JSON.stringify(right)));
}
