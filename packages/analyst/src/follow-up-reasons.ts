import type { AnalystRefusal } from './analyst-plan.types.js';

/** Why a follow-up cannot be placed in the previous question's query; `previous` describes that query. */
export function unplacedFollowUp(word: string, previous: string): AnalystRefusal {
  return {
    kind: 'cannot-answer',
    reason: `I can't answer that because I could not tell how "${word}" changes the previous question's query (${previous}). Ask it as a whole question.`,
  };
}

export function unchangedFollowUp(question: string, previous: string): AnalystRefusal {
  return {
    kind: 'cannot-answer',
    reason: `I can't answer that because I could not tell what "${question.trim()}" changes in the previous question's query (${previous}). Name the period, grouping, filter or measure to change, or ask it as a whole question.`,
  };
}

export function undatedFollowUp(measure: string, source: string, asked: string): AnalystRefusal {
  return {
    kind: 'cannot-answer',
    reason: `I can't answer that because ${measure} (${source}) has no date I could use for "${asked}".`,
  };
}
