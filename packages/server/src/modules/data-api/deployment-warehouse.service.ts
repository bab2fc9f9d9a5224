import { AppError } from '../../errors/app-error.js';
import {
  accountWarehouseDirectory,
  confineDuckDbFile,
  type DuckDbFileRule,
} from '../../platform/warehouse/duckdb-file-rule.js';
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
    private readonly fileRule: DuckDbFileRule,
  ) {}

  /**
   * The warehouse settings as the variables say now; a 400 naming the variables when they are missing.
   * A DuckDB file is checked again here, on its real path, so that a link swapped after the variable was
   * set cannot lead outside the allowed directories; the pool opens that real path.
   */
  async settingsOf(deployment: { id: number; accountId: number }): Promise<WarehouseConfig> {
    const variables = await this.envVars.valuesOf(deployment.id);
    const config = this.configOf(deployment, variables);
    if (config.dialect !== 'duckdb' || config.path === ':memory:') return config;
    try {
      // why: the variable as written, not config.path, so `link/..` is resolved as the system would.
      const url = variables.PLATFORM_DB_URL?.trim() ?? config.path;
      const path = await confineDuckDbFile(url, this.fileRule, deployment.accountId, { mustExist: true });
      return { ...config, path };
    } catch (error) {
      throw this.settingsError(deployment.id, error);
    }
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

  private configOf(
    deployment: { id: number; accountId: number },
    variables: Record<string, string>,
  ): WarehouseConfig {
    const deploymentId = deployment.id;
    if (!variables.PLATFORM_DB_TYPE) {
      throw new AppError(
        'BAD_REQUEST',
        `deployment ${deploymentId} has no warehouse configured: set its environment variables PLATFORM_DB_TYPE (duckdb or postgres) and PLATFORM_DB_URL`,
      );
    }
    try {
      const accountDirectory = accountWarehouseDirectory(this.fileRule.dataDirectory, deployment.accountId);
      return warehouseConfigFromEnvVars(variables, accountDirectory);
    } catch (error) {
      throw this.settingsError(deploymentId, error);
    }
  }

  private settingsError(deploymentId: number, error: unknown): unknown {
    if (!(error instanceof WarehouseError)) return error;
    return new AppError(
      'BAD_REQUEST',
      `the warehouse settings of deployment ${deploymentId} are wrong: ${error.message}`,
    );
  }
}
