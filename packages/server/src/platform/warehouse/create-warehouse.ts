import { DuckDbWarehouse } from './duckdb-warehouse.js';
import { PostgresWarehouse } from './postgres-warehouse.js';
import type { Warehouse } from './warehouse.js';
import type { WarehouseConfig } from './warehouse-config.js';

/** The one place a driver is chosen; the container hands it to WarehousePool as its factory. */
export async function createWarehouse(config: WarehouseConfig): Promise<Warehouse> {
  return config.dialect === 'duckdb'
    ? DuckDbWarehouse.open(config.path, { isReadOnly: config.isReadOnly })
    : new PostgresWarehouse(config);
}
