import type { EvaluationModel } from './evaluation-model.js';
import { openGeneratedWorld } from './generated-world.js';
import { generateLogisticsTables } from './logistics-data.js';
import { logisticsModelFiles } from './logistics-model.js';
import { logisticsQuestions } from './logistics-questions.js';

/** A freight forwarder in Berlin time; "now" is a Monday morning in March 2026, after the data's last day. */
export const logisticsEvaluation: EvaluationModel = {
  name: 'logistics',
  questions: logisticsQuestions,
  open: () =>
    openGeneratedWorld({
      name: 'logistics',
      files: logisticsModelFiles,
      tables: generateLogisticsTables(19),
      now: new Date('2026-03-16T08:00:00Z'),
      timezone: 'Europe/Berlin',
    }),
};
