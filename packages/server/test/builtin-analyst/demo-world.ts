import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileDataModel, compileModelFiles, loadSqlInterface } from '@platform/semantic';
import { demoModelFiles } from '../../src/modules/data-model/demo-model/demo-model-files.js';
import { loadSampleData } from '../../src/platform/sample-data/load-sample-data.js';
import { DuckDbWarehouse } from '../../src/platform/warehouse/duckdb-warehouse.js';
import type { AnalystWorld } from './analyst-harness.js';

/** The revenue of one order line on the raw tables, as the demo model's `revenue` measure sums it. */
export const lineAmount = 'i.quantity * i.unit_price - i.discount';

/** The demo model over its sample data (a tenth of the full scale), in a temporary DuckDB file. */
export interface DemoWorld extends AnalystWorld {
  /** Plain SQL on the raw tables: the independent answer a test compares with. */
  raw(sql: string): Promise<unknown[][]>;
  close(): Promise<void>;
}

/** The clock most demo tests read against. */
const demoClock = {
  // why: the sample data ends on 2026-06-30, so "last year" is the whole of 2025.
  now: new Date('2026-07-15T09:00:00Z'),
  timezone: 'UTC',
};

export async function openDemoWorld(
  options: { now: Date; timezone: string } = demoClock,
): Promise<DemoWorld> {
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
    ...options,
    async raw(sql) {
      return (await warehouse.query(sql, [])).rows;
    },
    async close() {
      await warehouse.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
