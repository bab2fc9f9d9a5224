import type { AnalystWorld } from '../../../packages/server/test/builtin-analyst/analyst-harness.js';
import type { EvaluationQuestion } from './evaluation-question.js';

/** A model with its data open in DuckDB, the clock and time zone its questions are asked on. */
export interface EvaluationWorld extends AnalystWorld {
  close(): Promise<void>;
}

/** One domain of the evaluation: a data model, its generated data and the questions asked of it. */
export interface EvaluationModel {
  readonly name: string;
  readonly questions: readonly EvaluationQuestion[];
  open(): Promise<EvaluationWorld>;
}
