/** The kinds of question the evaluation reports on separately (issue 19). */
export const questionShapes = [
  'basic',
  'negation',
  'several-values',
  'ranking',
  'joined-filter',
  'period',
  'follow-up',
  'refusal',
] as const;

export type QuestionShape = (typeof questionShapes)[number];

/**
 * What a careful analyst answers: rows from SQL over the raw tables (never through the semantic layer),
 * or a refusal with the reason the model cannot answer.
 */
export type GoldAnswer =
  | {
      readonly sql: string;
      /** Compare the rows in order (rankings); else as a set. Defaults to true for the ranking shape. */
      readonly isOrdered?: boolean;
    }
  | { readonly refusal: string };

export interface EvaluationQuestion {
  /** Unique across the models, e.g. `logistics-negation-2`. */
  readonly id: string;
  readonly shape: QuestionShape;
  /** Earlier questions of the same thread, each answered first; only `question` is scored. */
  readonly thread?: readonly string[];
  readonly question: string;
  readonly gold: GoldAnswer;
}

export function isRefusalGold(gold: GoldAnswer): gold is { readonly refusal: string } {
  return 'refusal' in gold;
}

/** Whether the order of the answer's rows matters. */
export function isOrderedGold(question: EvaluationQuestion): boolean {
  if (isRefusalGold(question.gold)) return false;
  return question.gold.isOrdered ?? question.shape === 'ranking';
}
