import type { EvaluationModel } from './evaluation-model.js';
import { openGeneratedWorld } from './generated-world.js';
import { generateHealthcareTables } from './healthcare-data.js';
import { healthcareModelFiles } from './healthcare-model.js';
import { healthcareQuestions } from './healthcare-questions.js';

/** A clinic group in New York time; "now" is 22:00 on 9 February 2026 there, already the 10th in UTC. */
export const healthcareEvaluation: EvaluationModel = {
  name: 'healthcare',
  questions: healthcareQuestions,
  open: () =>
    openGeneratedWorld({
      name: 'healthcare',
      files: healthcareModelFiles,
      tables: generateHealthcareTables(19),
      now: new Date('2026-02-10T03:00:00Z'),
      timezone: 'America/New_York',
    }),
};
