import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import {
  buildQuerySql,
  type CompiledModel,
  compileDataModel,
  compileModelFiles,
  dialectNamed,
  loadSqlInterface,
  translateSql,
} from '@platform/semantic';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDbWarehouse } from '../../src/platform/warehouse/duckdb-warehouse.js';
import { PostgresWarehouse } from '../../src/platform/warehouse/postgres-warehouse.js';
import type { Warehouse } from '../../src/platform/warehouse/warehouse.js';
import { warehouseNames } from './test-warehouses.js';

/** Labels holding the LIKE wildcards and the escape character as text, beside look-alikes without them. */
const labels = ['%', '100%', '100', '50% off', '50 off', '_', 'a_b', 'axb', 'back\\slash', 'backslash', 'x'];

function modelOf(tablePrefix: string): CompiledModel {
  const result = compileModelFiles([
    {
      fileName: 'model/notes.yml',
      content: `cubes:
  - name: notes
    sql_table: ${tablePrefix}notes
    measures:
      - name: count
        type: count
    dimensions:
      - name: id
        sql: id
        type: number
        primary_key: true
      - name: label
        sql: label
        type: string
`,
    },
  ]);
  if (!result.model) throw new Error(JSON.stringify(result.errors));
  return compileDataModel(result.model);
}

const insertValues = labels.map((_, index) => `(${index + 1}, $${index + 1})`).join(', ');

interface LikeWarehouse {
  readonly name: 'duckdb' | 'postgres';
  readonly warehouse: Warehouse;
  readonly model: CompiledModel;
  close(): Promise<void>;
}

async function openDuckDb(): Promise<LikeWarehouse> {
  const directory = await mkdtemp(join(tmpdir(), 'like-patterns-'));
  const path = join(directory, 'notes.duckdb');
  const loader = await DuckDBInstance.create(path);
  const connection = await loader.connect();
  await connection.run('CREATE TABLE notes (id INTEGER, label VARCHAR)');
  await connection.run(`INSERT INTO notes VALUES ${insertValues}`, labels);
  connection.disconnectSync();
  loader.closeSync();
  const warehouse = await DuckDbWarehouse.open(path, { isReadOnly: true });
  return {
    name: 'duckdb',
    warehouse,
    model: modelOf(''),
    close: async () => {
      await warehouse.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

async function runOnPostgres(statement: string, values: unknown[] = []): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement, values);
  } finally {
    await client.end();
  }
}

async function openPostgres(): Promise<LikeWarehouse> {
  const schema = `like_patterns_${randomBytes(6).toString('hex')}`;
  await runOnPostgres(`CREATE SCHEMA ${schema}`);
  await runOnPostgres(`CREATE TABLE ${schema}.notes (id integer, label text)`);
  await runOnPostgres(`INSERT INTO ${schema}.notes VALUES ${insertValues}`, labels);
  const warehouse = new PostgresWarehouse({
    dialect: 'postgres',
    connection: { connectionString: process.env.DATABASE_URL ?? '' },
    maximumConnections: 2,
  });
  return {
    name: 'postgres',
    warehouse,
    model: modelOf(`${schema}.`),
    close: async () => {
      await warehouse.close();
      await runOnPostgres(`DROP SCHEMA ${schema} CASCADE`);
    },
  };
}

/** `where` is SQL-interface text as a client writes it: `\%` is a backslash and a percent sign. */
const cases: [where: string, expected: string[]][] = [
  ["label LIKE '\\%'", ['%']],
  ["label NOT LIKE '\\%'", labels.filter((label) => label !== '%')],
  ["label LIKE '%\\%'", ['%', '100%']],
  ["label LIKE '\\%%'", ['%']],
  ["label LIKE '%\\%%'", ['%', '100%', '50% off']],
  ["label NOT LIKE '%\\%%'", labels.filter((label) => !label.includes('%'))],
  ["label LIKE '\\_'", ['_']],
  ["label LIKE '%\\_%'", ['_', 'a_b']],
  ["label LIKE 'back\\\\%'", ['back\\slash']],
  ["label LIKE '%!%' ESCAPE '!'", ['%', '100%']],
  ["label LIKE '!_' ESCAPE '!'", ['_']],
  ["label LIKE 'back\\%' ESCAPE ''", ['back\\slash']],
  ["label LIKE '100%'", ['100', '100%']],
  ["label LIKE '%'", labels],
];

describe.each(warehouseNames)('LIKE patterns of the SQL interface on %s', (name) => {
  let target: LikeWarehouse;
  beforeAll(async () => {
    await loadSqlInterface();
    target = name === 'duckdb' ? await openDuckDb() : await openPostgres();
  });
  afterAll(async () => {
    await target?.close();
  });

  it.each(cases)('%s', async (where, expected) => {
    const translation = translateSql(target.model, `SELECT label FROM notes WHERE ${where} GROUP BY 1`);
    const compiled = buildQuerySql(target.model, translation.query, { dialect: dialectNamed(target.name) });
    const result = await target.warehouse.query(compiled.sql, compiled.params);
    expect(result.rows.map((row) => row[0]).sort()).toEqual([...expected].sort());
  });
});
