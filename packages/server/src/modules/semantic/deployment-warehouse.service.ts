import { AppError } from '../../errors/app-error.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import {
  type WarehouseConfig,
  warehouseConfigFromEnvVars,
} from '../../platform/warehouse/warehouse-config.js';
import { WarehouseError } from '../../platform/warehouse/warehouse-error.js';
import type { WarehousePool } from '../../platform/warehouse/warehouse-pool.js';
import type { EnvVarsReader } from '../deployments/env-vars.reader.js';
import { appErrorOfWarehouse } from './query-errors.js';

/**
 * The warehouse of a deployment, from its PLATFORM_DB_* variables as they are now: the variables are
 * read on every request, and the pool opens a new warehouse when they changed, so an edit applies
 * without a restart.
 */
export class DeploymentWarehouseService {
  constructor(
    private readonly envVars: EnvVarsReader,
    private readonly pool: WarehousePool,
    private readonly dataDirectory: string,
  ) {}

  /** The warehouse settings as the variables say now; a 400 naming the variables when they are missing. */
  async settingsOf(deploymentId: number): Promise<WarehouseConfig> {
    return this.configOf(deploymentId, await this.envVars.valuesOf(deploymentId));
  }

  /** The deployment's open warehouse for these settings (opened on first use, reopened when they change). */
  async open(deploymentId: number, config: WarehouseConfig): Promise<Warehouse> {
    try {
      return await this.pool.get(deploymentId, config);
    } catch (error) {
      throw appErrorOfWarehouse(error);
    }
  }

  /** For a deleted deployment: its warehouse connections are closed. */
  evict(deploymentId: number): Promise<void> {
    return this.pool.evict(deploymentId);
  }

  private configOf(deploymentId: number, variables: Record<string, string>): WarehouseConfig {
    if (!variables.PLATFORM_DB_TYPE) {
      throw new AppError(
        'BAD_REQUEST',
        `deployment ${deploymentId} has no warehouse configured: set its environment variables PLATFORM_DB_TYPE (duckdb or postgres) and PLATFORM_DB_URL`,
      );
    }
    try {
      return warehouseConfigFromEnvVars(variables, this.dataDirectory);
    } catch (error) {
      if (error instanceof WarehouseError) {
        throw new AppError(
          'BAD_REQUEST',
          `the warehouse settings of deployment ${deploymentId} are wrong: ${error.message}`,
        );
      }
      throw error;
    }
  }
}
