import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDeployment } from '../deployments/deployment-helpers.js';
import type { StoreEngine, TestServer } from '../support/test-server.js';
import {
  accountFilePath,
  createDuckDbFile,
  deployModel,
  setEnvVars,
  shopModel,
  shopStatements,
} from './semantic-api-helpers.js';

export type WarehouseKind = 'duckdb' | 'postgres';

/** Each store engine with a warehouse: the embedded pair, and PostgreSQL for both when DATABASE_URL is set. */
export function warehouseOfEngine(engine: StoreEngine): WarehouseKind {
  return engine === 'postgres' ? 'postgres' : 'duckdb';
}

export interface ShopWarehouse {
  deploymentId: number;
  /** Drops what the warehouse holds outside the server's data directory. */
  drop(): Promise<void>;
}

async function runOnPostgres(statements: readonly string[]): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A deployment with the shop model over the shop's rows, in a DuckDB file of the data directory or in a
 * PostgreSQL schema of its own.
 */
export async function createShopWarehouse(
  server: TestServer,
  kind: WarehouseKind,
  model: (tablePrefix: string) => Record<string, string> = shopModel,
): Promise<ShopWarehouse> {
  const deployment = await createDeployment(server);
  if (kind === 'duckdb') {
    const fileName = `shop-${randomBytes(4).toString('hex')}.duckdb`;
    await createDuckDbFile(await accountFilePath(server, deployment.id, fileName), shopStatements());
    await setEnvVars(server, deployment.id, { PLATFORM_DB_TYPE: 'duckdb', PLATFORM_DB_URL: fileName });
    await deployModel(server, deployment.id, model(''));
    return { deploymentId: deployment.id, drop: async () => {} };
  }
  const schema = `shop_${randomBytes(6).toString('hex')}`;
  await runOnPostgres([`CREATE SCHEMA ${schema}`, ...shopStatements(`${schema}.`)]);
  await setEnvVars(server, deployment.id, {
    PLATFORM_DB_TYPE: 'postgres',
    PLATFORM_DB_URL: process.env.DATABASE_URL ?? '',
  });
  await deployModel(server, deployment.id, model(`${schema}.`));
  return {
    deploymentId: deployment.id,
    drop: () => runOnPostgres([`DROP SCHEMA IF EXISTS ${schema} CASCADE`]),
  };
}
