import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoModelFiles } from '../../../packages/server/src/modules/data-model/demo-model/demo-model-files.js';
import { loadSampleData } from '../../../packages/server/src/platform/sample-data/load-sample-data.js';
import { DuckDbWarehouse } from '../../../packages/server/src/platform/warehouse/duckdb-warehouse.js';
import { demoQuestions } from './demo-questions.js';
import type { EvaluationModel } from './evaluation-model.js';
import { compileEvaluationModel } from './generated-world.js';

/** The demo e-commerce model over its sample data at a tenth of the default size, in UTC. */
export const demoEvaluation: EvaluationModel = {
  name: 'demo',
  questions: demoQuestions,
  async open() {
    const directory = await mkdtemp(join(tmpdir(), 'analyst-eval-demo-'));
    const databasePath = join(directory, 'sample.duckdb');
    await loadSampleData({ databasePath, scale: 0.1 });
    const warehouse = await DuckDbWarehouse.open(databasePath);
    return {
      model: compileEvaluationModel(
        demoModelFiles.map((file) => ({ fileName: file.path, content: file.text })),
      ),
      warehouse,
      timezone: 'UTC',
      // why: the sample data ends on 2026-06-30, so "last year" is the whole of 2025.
      now: new Date('2026-07-15T09:00:00Z'),
      async close() {
        await warehouse.close();
        await rm(directory, { recursive: true, force: true });
      },
    };
  },
};
