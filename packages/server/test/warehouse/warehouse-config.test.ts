import { describe, expect, test } from 'vitest';
import { warehouseConfigFromEnvVars } from '../../src/platform/warehouse/warehouse-config.js';

const dataDirectory = '/var/platform';

describe('warehouseConfigFromEnvVars', () => {
  test('maps DuckDB, reading a relative path in the given directory, a file always read-only', () => {
    expect(
      warehouseConfigFromEnvVars(
        { PLATFORM_DB_TYPE: 'duckdb', PLATFORM_DB_URL: 'shop.duckdb' },
        dataDirectory,
      ),
    ).toEqual({ dialect: 'duckdb', path: '/var/platform/shop.duckdb', isReadOnly: true });
    expect(
      warehouseConfigFromEnvVars({ PLATFORM_DB_TYPE: 'DuckDB', PLATFORM_DB_URL: ':memory:' }, dataDirectory),
    ).toEqual({ dialect: 'duckdb', path: ':memory:', isReadOnly: false });
    expect(
      warehouseConfigFromEnvVars(
        { PLATFORM_DB_TYPE: 'duckdb', PLATFORM_DB_URL: 'shop.duckdb', PLATFORM_DB_READ_ONLY: 'false' },
        dataDirectory,
      ),
    ).toEqual({ dialect: 'duckdb', path: '/var/platform/shop.duckdb', isReadOnly: true });
  });

  test('maps PostgreSQL from a URL or from its parts', () => {
    const url = 'postgres://reader:secret@warehouse:5432/shop';
    expect(
      warehouseConfigFromEnvVars({ PLATFORM_DB_TYPE: 'postgres', PLATFORM_DB_URL: url }, dataDirectory),
    ).toMatchObject({ dialect: 'postgres', connection: { connectionString: url } });
    const parts = {
      PLATFORM_DB_TYPE: 'postgres',
      PLATFORM_DB_HOST: 'warehouse',
      PLATFORM_DB_NAME: 'shop',
      PLATFORM_DB_USER: 'reader',
      PLATFORM_DB_PASSWORD: 'p@ss:word/',
    };
    expect(warehouseConfigFromEnvVars(parts, dataDirectory)).toMatchObject({
      connection: { host: 'warehouse', port: 5432, database: 'shop', user: 'reader', password: 'p@ss:word/' },
    });
  });

  test.each([
    [{}, /PLATFORM_DB_TYPE is not set/],
    [{ PLATFORM_DB_TYPE: 'mysql' }, /PLATFORM_DB_TYPE "mysql" is not supported/],
    [{ PLATFORM_DB_TYPE: 'duckdb' }, /PLATFORM_DB_URL is not set/],
    [
      { PLATFORM_DB_TYPE: 'duckdb', PLATFORM_DB_URL: 'shop.duckdb', PLATFORM_DB_READ_ONLY: 'yes' },
      /PLATFORM_DB_READ_ONLY "yes" must be true or false/,
    ],
    [
      { PLATFORM_DB_TYPE: 'postgres', PLATFORM_DB_URL: 'mysql://x' },
      /PLATFORM_DB_URL must be a postgres:\/\//,
    ],
    [{ PLATFORM_DB_TYPE: 'postgres' }, /PLATFORM_DB_HOST is not set/],
    [{ PLATFORM_DB_TYPE: 'postgres', PLATFORM_DB_HOST: 'h' }, /PLATFORM_DB_NAME is not set/],
    [
      { PLATFORM_DB_TYPE: 'postgres', PLATFORM_DB_HOST: 'h', PLATFORM_DB_NAME: 'n' },
      /PLATFORM_DB_USER is not set/,
    ],
    [
      { PLATFORM_DB_TYPE: 'postgres', PLATFORM_DB_HOST: 'h', PLATFORM_DB_PORT: 'abc' },
      /PLATFORM_DB_PORT "abc"/,
    ],
  ])('rejects %j with an error naming the variable', (vars, message) => {
    expect(() => warehouseConfigFromEnvVars(vars, dataDirectory)).toThrow(message);
  });
});
