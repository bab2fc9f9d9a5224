import { isAbsolute, relative, resolve } from 'node:path';
import type { WarehouseDialect } from './warehouse.js';
import { WarehouseError } from './warehouse-error.js';

export interface DuckDbWarehouseConfig {
  dialect: 'duckdb';
  /** An absolute file path or `:memory:`. */
  path: string;
  /**
   * `PLATFORM_DB_READ_ONLY=true`: many instances, in one process or several, may then open the same file
   * (DuckDB lets only one open it read-write), and nothing can change the data through this warehouse.
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

function duckDbPath(url: string, dataDirectory: string): string {
  if (url === ':memory:') return url;
  if (isAbsolute(url)) return url;
  // why: a relative path names a file in the platform's data directory and may not climb out of it.
  const path = resolve(dataDirectory, url);
  const inside = relative(dataDirectory, path);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) {
    throw configurationError(`PLATFORM_DB_URL "${url}" leaves the data directory; use an absolute path`);
  }
  return path;
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
 * HOST/PORT/NAME/USER/PASSWORD set when both are given. Errors name the variable at fault.
 */
export function warehouseConfigFromEnvVars(
  vars: Record<string, string>,
  dataDirectory: string,
): WarehouseConfig {
  const type = required(vars, 'PLATFORM_DB_TYPE', 'it must be duckdb or postgres');
  const dialect = type.toLowerCase() as WarehouseDialect;
  if (dialect === 'duckdb') {
    const url = required(vars, 'PLATFORM_DB_URL', 'it must be the DuckDB database file path (or :memory:)');
    return { dialect, path: duckDbPath(url, dataDirectory), isReadOnly: readOnlyFlag(vars) };
  }
  if (dialect === 'postgres') {
    return { dialect, connection: postgresConnection(vars), maximumConnections: defaultMaximumConnections };
  }
  throw configurationError(`PLATFORM_DB_TYPE "${type}" is not supported; use duckdb or postgres`);
}
