import type { Warehouse } from './warehouse.js';
import type { WarehouseConfig } from './warehouse-config.js';

/**
 * The one place a driver is chosen; the container hands it to WarehousePool as its factory. Each driver is
 * imported on its first use: DuckDB's native binding alone takes about a second and tens of MB to load,
 * which a start (or a process that never queries a warehouse) should not pay.
 */
export async function createWarehouse(config: WarehouseConfig): Promise<Warehouse> {
  if (config.dialect === 'duckdb') {
    const { DuckDbWarehouse } = await import('./duckdb-warehouse.js');
    return DuckDbWarehouse.open(config.path, { isReadOnly: config.isReadOnly });
  }
  const { PostgresWarehouse } = await import('./postgres-warehouse.js');
  return new PostgresWarehouse(config);
}
