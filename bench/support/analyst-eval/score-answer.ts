import type { AgentAnswer } from './agent-answer.js';
import { rowsMatch } from './compare-rows.js';
import { type EvaluationQuestion, isOrderedGold, isRefusalGold } from './evaluation-question.js';

export const outcomes = ['correct', 'wrong', 'refused', 'error'] as const;

/**
 * `correct`: the gold rows, or a refusal where one is due; `wrong`: answered with other rows, or
 * answered what must be refused; `refused`: no query where one was due; `error`: a tool or the model failed.
 */
export type Outcome = (typeof outcomes)[number];

/** Scores one answer against its question's gold rows (none for a refusal question). */
export function scoreAnswer(
  question: EvaluationQuestion,
  answer: AgentAnswer,
  goldRows: readonly (readonly unknown[])[] | null,
): Outcome {
  if (answer.kind === 'error') return 'error';
  if (isRefusalGold(question.gold)) return answer.kind === 'refusal' ? 'correct' : 'wrong';
  if (answer.kind === 'refusal') return 'refused';
  if (goldRows === null) throw new Error(`${question.id} has gold SQL but no gold rows`);
  // why: the tool result carries at most 100 rows; the count of all of them must still be the gold's.
  if (answer.totalRows !== goldRows.length) return 'wrong';
  return rowsMatch(answer.rows, goldRows, isOrderedGold(question)) ? 'correct' : 'wrong';
}
