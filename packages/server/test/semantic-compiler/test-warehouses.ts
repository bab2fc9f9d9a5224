import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import {
  type BuildQueryOptions,
  buildQuerySql,
  type CompiledModel,
  type CompiledQuery,
  dialectNamed,
  type SemanticQuery,
} from '@platform/semantic';
import pg from 'pg';
import { DuckDbWarehouse } from '../../src/platform/warehouse/duckdb-warehouse.js';
import { PostgresWarehouse } from '../../src/platform/warehouse/postgres-warehouse.js';
import type { Warehouse } from '../../src/platform/warehouse/warehouse.js';
import { fanoutModel } from './fanout-model.fixture.js';
import { type SeedRows, seedPath, seedTables } from './seed-rows.js';

const databaseUrl = process.env.DATABASE_URL;

/** DuckDB always; PostgreSQL too when DATABASE_URL is set. */
export const warehouseNames: readonly ('duckdb' | 'postgres')[] = databaseUrl
  ? ['duckdb', 'postgres']
  : ['duckdb'];

export type DataRow = Record<string, unknown>;

/** The seed tables in one warehouse, with the model pointing at them. */
export interface TestWarehouse {
  readonly model: CompiledModel;
  compile(query: SemanticQuery, options?: Omit<BuildQueryOptions, 'dialect'>): CompiledQuery;
  /** Runs the compiled SQL and keys each value by every data key of its column, as the load API does. */
  load(query: SemanticQuery, options?: Omit<BuildQueryOptions, 'dialect'>): Promise<DataRow[]>;
  close(): Promise<void>;
}

function testWarehouse(
  name: 'duckdb' | 'postgres',
  warehouse: Warehouse,
  model: CompiledModel,
  cleanUp: () => Promise<void>,
): TestWarehouse {
  const compile = (query: SemanticQuery, options: Omit<BuildQueryOptions, 'dialect'> = {}) =>
    buildQuerySql(model, query, { ...options, dialect: dialectNamed(name) });
  return {
    model,
    compile,
    async load(query, options) {
      const compiled = compile(query, options);
      const result = await warehouse.query(compiled.sql, compiled.params);
      const indexOf = new Map(result.columns.map((column, index) => [column.name, index]));
      return result.rows.map((row) => {
        const data: DataRow = {};
        for (const column of compiled.columns) {
          const value = row[indexOf.get(column.alias) ?? -1];
          for (const key of column.keys) data[key] = value;
        }
        return data;
      });
    },
    async close() {
      await warehouse.close();
      await cleanUp();
    },
  };
}

/** A DuckDB file loaded with read_csv (the warehouse itself may not read files), then opened as the platform does. */
async function openDuckDb(): Promise<TestWarehouse> {
  const directory = await mkdtemp(join(tmpdir(), 'semantic-compiler-'));
  const path = join(directory, 'seeds.duckdb');
  const loader = await DuckDBInstance.create(path);
  const connection = await loader.connect();
  for (const table of seedTables) {
    await connection.run(
      `CREATE TABLE ${table} AS SELECT * FROM read_csv('${seedPath(table)}', header = true)`,
    );
  }
  connection.disconnectSync();
  loader.closeSync();
  const warehouse = await DuckDbWarehouse.open(path);
  return testWarehouse('duckdb', warehouse, fanoutModel(''), () =>
    rm(directory, { recursive: true, force: true }),
  );
}

type ColumnTypes = Record<string, (readonly [string, string])[]>;

const postgresTypes: Readonly<Record<string, string>> = {
  VARCHAR: 'text',
  BIGINT: 'bigint',
  INTEGER: 'integer',
  DOUBLE: 'double precision',
  TIMESTAMP: 'timestamp',
  DATE: 'date',
  BOOLEAN: 'boolean',
};

/** Runs setup statements on a client of its own: the warehouse itself only reads, in read-only transactions. */
async function onPostgres(work: (client: pg.Client) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl ?? '' });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh schema with the seed rows inserted, column types as DuckDB's read_csv infers them. */
async function openPostgres(rows: SeedRows, columnTypes: ColumnTypes): Promise<TestWarehouse> {
  const schema = `semantic_compiler_${randomBytes(6).toString('hex')}`;
  await onPostgres(async (client) => {
    await client.query(`CREATE SCHEMA ${schema}`);
    for (const table of seedTables) {
      const columns = columnTypes[table] ?? [];
      const definitions = columns.map(([column, type]) => `${column} ${postgresTypes[type] ?? 'text'}`);
      await client.query(`CREATE TABLE ${schema}.${table} (${definitions.join(', ')})`);
      const tableRows = rows[table];
      const batchSize = Math.floor(60_000 / columns.length);
      for (let start = 0; start < tableRows.length; start += batchSize) {
        const batch = tableRows.slice(start, start + batchSize);
        const values: unknown[] = [];
        const tuples = batch.map((row) => {
          const placeholders = columns.map(([column]) => {
            values.push(row[column] ?? null);
            return `$${values.length}`;
          });
          return `(${placeholders.join(', ')})`;
        });
        await client.query(`INSERT INTO ${schema}.${table} VALUES ${tuples.join(', ')}`, values);
      }
    }
  });
  const warehouse = new PostgresWarehouse({
    dialect: 'postgres',
    connection: { connectionString: databaseUrl ?? '' },
    maximumConnections: 3,
  });
  return testWarehouse('postgres', warehouse, fanoutModel(`${schema}.`), () =>
    onPostgres(async (client) => {
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
    }),
  );
}

export async function openTestWarehouse(name: 'duckdb' | 'postgres', rows: SeedRows): Promise<TestWarehouse> {
  if (name === 'duckdb') return openDuckDb();
  return openPostgres(rows, await seedColumnTypes());
}

/** Column names and DuckDB types of every seed table, as read_csv infers them. */
export async function seedColumnTypes(): Promise<ColumnTypes> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  const types: ColumnTypes = {};
  for (const table of seedTables) {
    const reader = await connection.runAndReadAll(
      `DESCRIBE SELECT * FROM read_csv('${seedPath(table)}', header = true)`,
    );
    types[table] = reader.getRows().map((row) => [String(row[0]), String(row[1])] as const);
  }
  connection.disconnectSync();
  instance.closeSync();
  return types;
}
