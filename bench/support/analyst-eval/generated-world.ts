import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileDataModel, compileModelFiles, type ModelFile } from '@platform/semantic';
import { DuckDbWarehouse } from '../../../packages/server/src/platform/warehouse/duckdb-warehouse.js';
import { type GeneratedTable, writeDuckDbTables } from './duckdb-tables.js';
import type { EvaluationWorld } from './evaluation-model.js';

/** Compiles model files, failing loudly: a broken evaluation model would score every answer wrong. */
export function compileEvaluationModel(files: readonly ModelFile[]) {
  const compiled = compileModelFiles(files);
  if (compiled.errors.length > 0) throw new Error(JSON.stringify(compiled.errors));
  return compileDataModel(compiled.model);
}

/** A model over generated tables in a DuckDB file of its own temporary directory. */
export async function openGeneratedWorld(options: {
  name: string;
  files: readonly ModelFile[];
  tables: readonly GeneratedTable[];
  now: Date;
  timezone: string;
}): Promise<EvaluationWorld> {
  const directory = await mkdtemp(join(tmpdir(), `analyst-eval-${options.name}-`));
  const databasePath = join(directory, `${options.name}.duckdb`);
  await writeDuckDbTables(directory, databasePath, options.tables);
  const warehouse = await DuckDbWarehouse.open(databasePath);
  return {
    model: compileEvaluationModel(options.files),
    warehouse,
    now: options.now,
    timezone: options.timezone,
    async close() {
      await warehouse.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
