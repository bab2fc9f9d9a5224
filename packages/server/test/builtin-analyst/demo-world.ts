import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileDataModel, compileModelFiles, loadSqlInterface } from '@platform/semantic';
import { demoModelFiles } from '../../src/modules/data-model/demo-model/demo-model-files.js';
import { loadSampleData } from '../../src/platform/sample-data/load-sample-data.js';
import { DuckDbWarehouse } from '../../src/platform/warehouse/duckdb-warehouse.js';
import type { AnalystWorld } from './analyst-harness.js';

export interface DemoWorld {
  readonly world: AnalystWorld;
  /** Plain SQL over the raw sample tables, for the figures an answer must match. */
  raw(sql: string): Promise<unknown[][]>;
  close(): Promise<void>;
}

/** The demo model over a fresh sample data file (scale 0.1) in a temporary directory. */
export async function openDemoWorld(): Promise<DemoWorld> {
  const directory = await mkdtemp(join(tmpdir(), 'analyst-demo-'));
  const databasePath = join(directory, 'sample.duckdb');
  await loadSampleData({ databasePath, scale: 0.1 });
  const compiled = compileModelFiles(
    demoModelFiles.map((file) => ({ fileName: file.path, content: file.text })),
  );
  const world: AnalystWorld = {
    model: compileDataModel(compiled.model),
    warehouse: await DuckDbWarehouse.open(databasePath),
    timezone: 'UTC',
    // why: the sample data ends on 2026-06-30, so "last year" is the whole of 2025.
    now: new Date('2026-07-15T09:00:00Z'),
  };
  await loadSqlInterface();
  return {
    world,
    raw: async (sql) => (await world.warehouse.query(sql, [])).rows,
    close: async () => {
      await world.warehouse.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
