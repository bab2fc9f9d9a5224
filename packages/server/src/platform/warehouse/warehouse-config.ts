import { isAbsolute, join } from 'node:path';
import type { WarehouseDialect } from './warehouse.js';
import { WarehouseError } from './warehouse-error.js';

export interface DuckDbWarehouseConfig {
  dialect: 'duckdb';
  /** An absolute file path or `:memory:`. */
  path: string;
  /**
   * Always true for a file: a deployment only reads, many instances (in one process or several) may open
   * one file at once, and opening never creates a file. `PLATFORM_DB_READ_ONLY` is still checked to be
   * true or false, for the configurations that set it.
   */
  isReadOnly: boolean;
}

export interface PostgresWarehouseConfig {
  dialect: 'postgres';
  connection:
    | { connectionString: string }
    | { host: string; port: number; database: string; user: string; password: string | null };
  maximumConnections: number;
}

export type WarehouseConfig = DuckDbWarehouseConfig | PostgresWarehouseConfig;

const defaultMaximumConnections = 5;

function configurationError(message: string): WarehouseError {
  return new WarehouseError('configuration', message);
}

function optionalVariable(vars: Record<string, string>, name: string): string | null {
  const value = vars[name]?.trim();
  return value ? value : null;
}

function required(vars: Record<string, string>, name: string, why: string): string {
  const value = optionalVariable(vars, name);
  if (value === null) throw configurationError(`${name} is not set: ${why}`);
  return value;
}

/** `baseDirectory` is where a relative path is read; confineDuckDbFile decides whether the file may be opened. */
function duckDbPath(url: string, baseDirectory: string): string {
  if (url === ':memory:' || isAbsolute(url)) return url;
  return join(baseDirectory, url);
}

function postgresConnection(vars: Record<string, string>): PostgresWarehouseConfig['connection'] {
  const url = optionalVariable(vars, 'PLATFORM_DB_URL');
  if (url !== null) {
    if (!/^postgres(ql)?:\/\//.test(url)) {
      throw configurationError(
        'PLATFORM_DB_URL must be a postgres:// or postgresql:// URL when PLATFORM_DB_TYPE=postgres',
      );
    }
    return { connectionString: url };
  }
  const why = 'set PLATFORM_DB_URL, or PLATFORM_DB_HOST, PLATFORM_DB_NAME and PLATFORM_DB_USER';
  const portText = optionalVariable(vars, 'PLATFORM_DB_PORT') ?? '5432';
  const port = Number(portText);
  if (!(Number.isInteger(port) && port > 0 && port < 65536)) {
    throw configurationError(`PLATFORM_DB_PORT "${portText}" is not a port number (1-65535)`);
  }
  return {
    host: required(vars, 'PLATFORM_DB_HOST', why),
    port,
    database: required(vars, 'PLATFORM_DB_NAME', why),
    user: required(vars, 'PLATFORM_DB_USER', why),
    password: optionalVariable(vars, 'PLATFORM_DB_PASSWORD'),
  };
}

function readOnlyFlag(vars: Record<string, string>): boolean {
  const text = optionalVariable(vars, 'PLATFORM_DB_READ_ONLY');
  if (text === null || text.toLowerCase() === 'false') return false;
  if (text.toLowerCase() === 'true') return true;
  throw configurationError(`PLATFORM_DB_READ_ONLY "${text}" must be true or false`);
}

/**
 * Maps a deployment's environment variables onto a warehouse config. PLATFORM_DB_URL wins over the
 * HOST/PORT/NAME/USER/PASSWORD set when both are given; a relative DuckDB path is read in `baseDirectory`
 * (the account's directory). Errors name the variable at fault.
 */
export function warehouseConfigFromEnvVars(
  vars: Record<string, string>,
  baseDirectory: string,
): WarehouseConfig {
  const type = required(vars, 'PLATFORM_DB_TYPE', 'it must be duckdb or postgres');
  const dialect = type.toLowerCase() as WarehouseDialect;
  if (dialect === 'duckdb') {
    const url = required(vars, 'PLATFORM_DB_URL', 'it must be the DuckDB database file path (or :memory:)');
    readOnlyFlag(vars);
    const path = duckDbPath(url, baseDirectory);
    // why: an in-memory database cannot be opened read-only, and it holds nothing but what queries make.
    return { dialect, path, isReadOnly: path !== ':memory:' };
  }
  if (dialect === 'postgres') {
    return { dialect, connection: postgresConnection(vars), maximumConnections: defaultMaximumConnections };
  }
  throw configurationError(`PLATFORM_DB_TYPE "${type}" is not supported; use duckdb or postgres`);
}
