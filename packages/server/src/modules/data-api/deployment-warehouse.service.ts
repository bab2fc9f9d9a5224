import { AppError } from '../../errors/app-error.js';
import {
  accountWarehouseDirectory,
  confineDuckDbFile,
  confirmStillRealFile,
  type DuckDbFileRule,
  refusedDuckDbFile,
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
 * The warehouse of a deployment, from its PLATFORM_DB_* variables as they are now. The settings resolved
 * from one version of the variables are kept with it: EnvVarsReader hands out a new record once the
 * variables changed (its `deployments:` change-feed topic drops the old one in every process), so an edit
 * applies at once without a restart, while the DuckDB file's real-path checks run once per change instead
 * of on every request. A link swapped after the check cannot redirect the warehouse: the pool opens the
 * real path found then, keeps that file open, and the path is checked again whenever the pool (re)opens
 * it (`confirmStillRealFile`); see docs/decisions/0011-warehouse-settings-cache.md.
 */
export class DeploymentWarehouseService {
  private readonly settingsByVariables = new WeakMap<Record<string, string>, Promise<WarehouseConfig>>();
  /** The PLATFORM_DB_URL each resolved DuckDB path was written as, for the refusal's text when rechecked. */
  private readonly writtenUrls = new WeakMap<WarehouseConfig, string>();

  constructor(
    private readonly envVars: EnvVarsReader,
    private readonly pool: WarehousePool,
    private readonly fileRule: DuckDbFileRule,
  ) {}

  /** The warehouse settings as the variables say now; a 400 naming the variables when they are missing. */
  async settingsOf(deployment: { id: number; accountId: number }): Promise<WarehouseConfig> {
    const variables = await this.envVars.valuesOf(deployment.id);
    const known = this.settingsByVariables.get(variables);
    if (known) return known;
    const settings = this.resolve(deployment, variables);
    this.settingsByVariables.set(variables, settings);
    // why: a refusal is not kept, so a file created after it is found by the next request.
    settings.catch(() => {
      if (this.settingsByVariables.get(variables) === settings) this.settingsByVariables.delete(variables);
    });
    return settings;
  }

  /**
   * The deployment's open warehouse for these settings (opened on first use, reopened when they change).
   * A DuckDB file is confirmed again before each open, so a reopen never follows a link made since.
   */
  async open(deploymentId: number, config: WarehouseConfig): Promise<Warehouse> {
    try {
      return await this.pool.get(deploymentId, config, () => this.confirmUnmoved(deploymentId, config));
    } catch (error) {
      throw appErrorOfWarehouse(error);
    }
  }

  /** For a deleted deployment: its warehouse connections are closed. */
  evict(deploymentId: number): Promise<void> {
    return this.pool.evict(deploymentId);
  }

  /**
   * Checks a DuckDB file on its real path, so that a link swapped after the variable was set cannot lead
   * outside the allowed directories; the pool opens that real path.
   */
  private async resolve(
    deployment: { id: number; accountId: number },
    variables: Record<string, string>,
  ): Promise<WarehouseConfig> {
    const config = this.configOf(deployment, variables);
    if (config.dialect !== 'duckdb' || config.path === ':memory:') return config;
    try {
      // why: the variable as written, not config.path, so `link/..` is resolved as the system would.
      const url = variables.PLATFORM_DB_URL?.trim() ?? config.path;
      const path = await confineDuckDbFile(url, this.fileRule, deployment.accountId, { mustExist: true });
      const resolved = { ...config, path };
      this.writtenUrls.set(resolved, url);
      return resolved;
    } catch (error) {
      throw this.settingsError(deployment.id, error);
    }
  }

  private async confirmUnmoved(deploymentId: number, config: WarehouseConfig): Promise<void> {
    if (config.dialect !== 'duckdb' || config.path === ':memory:') return;
    const url = this.writtenUrls.get(config) ?? config.path;
    try {
      await confirmStillRealFile(config.path, () => refusedDuckDbFile(url));
    } catch (error) {
      throw this.settingsError(deploymentId, error);
    }
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
