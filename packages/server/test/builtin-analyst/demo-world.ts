import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileDataModel, compileModelFiles, loadSqlInterface } from '@platform/semantic';
import { demoModelFiles } from '../../src/modules/data-model/demo-model/demo-model-files.js';
import { loadSampleData } from '../../src/platform/sample-data/load-sample-data.js';
import { DuckDbWarehouse } from '../../src/platform/warehouse/duckdb-warehouse.js';
import type { AnalystWorld } from './analyst-harness.js';

export interface DemoWorld extends AnalystWorld {
  /** Rows of SQL run directly on the sample data, to check an answer against. */
  raw(sql: string): Promise<unknown[][]>;
  close(): Promise<void>;
}

/** The demo model over its generated sample data (scale 0.1) in a temporary DuckDB file. */
export async function openDemoWorld(): Promise<DemoWorld> {
  const directory = await mkdtemp(join(tmpdir(), 'analyst-demo-'));
  const databasePath = join(directory, 'sample.duckdb');
  await loadSampleData({ databasePath, scale: 0.1 });
  const compiled = compileModelFiles(
    demoModelFiles.map((file) => ({ fileName: file.path, content: file.text })),
  );
  const warehouse = await DuckDbWarehouse.open(databasePath);
  await loadSqlInterface();
  return {
    model: compileDataModel(compiled.model),
    warehouse,
    timezone: 'UTC',
    // why: the sample data ends on 2026-06-30, so "last year" is the whole of 2025.
    now: new Date('2026-07-15T09:00:00Z'),
    raw: async (sql) => (await warehouse.query(sql, [])).rows,
    async close() {
      await warehouse.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
