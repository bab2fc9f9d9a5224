import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DuckDBInstance, type DuckDBValue } from '@duckdb/node-api';
import { buildQuerySql, type CompiledModel, duckDbDialect, type SemanticQuery } from '@platform/semantic';
import { loadSampleData } from '../../packages/server/src/platform/sample-data/load-sample-data.js';
import { createWarehouse } from '../../packages/server/src/platform/warehouse/create-warehouse.js';
import { summarize, type TimingSummary } from './timing-samples.js';

export interface LoadOverhead {
  scale: number;
  rows: number;
  direct: TimingSummary;
  warehouse: TimingSummary;
  semantic: TimingSummary;
  /** p50 of buildQuerySql + warehouse less p50 of the same SQL on a DuckDB connection. */
  overheadP50Ms: number;
}

/** Rows as `load` answers them: one object per row, keyed by the members' data keys. */
function keyedRows(columns: readonly { keys: readonly string[] }[], rows: readonly unknown[][]) {
  return rows.map((row) => {
    const record: Record<string, unknown> = {};
    columns.forEach((column, index) => {
      for (const key of column.keys) record[key] = row[index];
    });
    return record;
  });
}

/**
 * The same query three ways on the same sample data: the compiled SQL on a plain DuckDB connection
 * (the floor), that SQL through the platform's warehouse adapter, and the whole `load` path in process
 * (buildQuerySql, the warehouse, rows keyed by member). Runs are interleaved so drift hits all three alike.
 */
export async function measureLoadOverhead(
  model: CompiledModel,
  query: SemanticQuery,
  options: { scale: number; iterations: number; warmUp: number },
): Promise<LoadOverhead> {
  const directory = await mkdtemp(join(tmpdir(), 'platform-bench-load-'));
  const warehousePath = join(directory, 'warehouse.duckdb');
  const directPath = join(directory, 'direct.duckdb');
  await loadSampleData({ databasePath: warehousePath, scale: options.scale });
  // A copy for the plain connection: one file is never opened by two DuckDB instances at once.
  await copyFile(warehousePath, directPath);
  const warehouse = await createWarehouse({ dialect: 'duckdb', path: warehousePath, isReadOnly: false });
  const instance = await DuckDBInstance.create(directPath, { access_mode: 'READ_ONLY' });
  const connection = await instance.connect();
  try {
    const compiled = buildQuerySql(model, query, { dialect: duckDbDialect });
    const parameters = compiled.params as DuckDBValue[];
    const rows = (await connection.runAndReadAll(compiled.sql, parameters)).getRowsJS().length;
    const direct = () =>
      connection.runAndReadAll(compiled.sql, parameters).then((reader) => reader.getRowsJS());
    const throughWarehouse = () => warehouse.query(compiled.sql, compiled.params);
    const semantic = async () => {
      const built = buildQuerySql(model, query, { dialect: duckDbDialect });
      const result = await warehouse.query(built.sql, built.params);
      return keyedRows(built.columns, result.rows);
    };
    const tasks = { direct, warehouse: throughWarehouse, semantic };
    const samples = { direct: [] as number[], warehouse: [] as number[], semantic: [] as number[] };
    for (let round = 0; round < options.warmUp + options.iterations; round += 1) {
      for (const name of ['direct', 'warehouse', 'semantic'] as const) {
        const started = performance.now();
        await tasks[name]();
        if (round >= options.warmUp) samples[name].push(performance.now() - started);
      }
    }
    const directSummary = summarize('same SQL on a DuckDB connection', samples.direct);
    const semanticSummary = summarize('buildQuerySql + DuckDB warehouse + keyed rows', samples.semantic);
    return {
      scale: options.scale,
      rows,
      direct: directSummary,
      warehouse: summarize('same SQL through the warehouse adapter', samples.warehouse),
      semantic: semanticSummary,
      overheadP50Ms: Number((semanticSummary.p50Ms - directSummary.p50Ms).toPrecision(3)),
    };
  } finally {
    connection.closeSync();
    instance.closeSync();
    await warehouse.close();
    await rm(directory, { recursive: true, force: true });
  }
}
