import { describe, expect, it } from 'vitest';
import { loadSqlInterface, translateSql } from '../../src/index.js';
import { sqlInterfaceModel } from './sql-interface-model.fixture.js';

describe('loading the SQL interface', () => {
  it('asks to be loaded before the first translation, then loads once', async () => {
    expect(() => translateSql(sqlInterfaceModel, 'SELECT status FROM orders')).toThrow(
      'The SQL interface is not loaded: await loadSqlInterface() first.',
    );
    const first = loadSqlInterface();
    expect(loadSqlInterface()).toBe(first);
    await first;
    await loadSqlInterface();
    expect(translateSql(sqlInterfaceModel, 'SELECT status FROM orders').query).toEqual({
      dimensions: ['orders.status'],
    });
  });
});
