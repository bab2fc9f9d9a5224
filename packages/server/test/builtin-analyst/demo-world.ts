import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileDataModel, compileModelFiles } from '@platform/semantic';
import { demoModelFiles } from '../../src/modules/data-model/demo-model/demo-model-files.js';
import { loadSampleData } from '../../src/platform/sample-data/load-sample-data.js';
import { DuckDbWarehouse } from '../../src/platform/warehouse/duckdb-warehouse.js';
import type { AnalystWorld } from './analyst-harness.js';

export interface DemoWorld extends AnalystWorld {
  close(): Promise<void>;
}

/** The demo model over its generated sample data (a tenth of the full size) in a DuckDB file. */
export async function openDemoWorld(options: { now: Date; timezone: string }): Promise<DemoWorld> {
  const directory = await mkdtemp(join(tmpdir(), 'analyst-demo-'));
  const databasePath = join(directory, 'sample.duckdb');
  await loadSampleData({ databasePath, scale: 0.1 });
  const compiled = compileModelFiles(
    demoModelFiles.map((file) => ({ fileName: file.path, content: file.text })),
  );
  const warehouse = await DuckDbWarehouse.open(databasePath);
  return {
    ...options,
    model: compileDataModel(compiled.model),
    warehouse,
    async close() {
      await warehouse.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
