import type { QuestionTokens } from './question-tokens.js';

/** Earlier questions read for the context of a follow-up: a longer chain starts from a fresh question. */
export const maximumThreadDepth = 5;

/** The words that mark a question as a change to the one before it in the thread. */
export interface FollowUpLead {
  /** Whether the question has such words; they are marked used when it has. */
  readonly isFollowUp: boolean;
  /** "by country instead": the new grouping replaces the previous ones rather than adding to them. */
  readonly isReplacing: boolean;
}

/**
 * English discourse words that open or close a question which only says what changes ("and by month?",
 * "what about 2023?", "by country instead", "top 5 only"). They are about how the question relates to
 * the previous one, never about a model, so they hold for any model.
 */
const openingLeads: readonly (readonly string[])[] = [
  ['what', 'about'],
  ['how', 'about'],
  ['same', 'but'],
  ['same', 'for'],
  ['and'],
  ['but'],
  ['only'],
  ['just'],
  ['now'],
  ['also'],
  ['instead'],
  ['then'],
  ['plus'],
];
const closingLeads: readonly (readonly string[])[] = [
  ['instead'],
  ['only'],
  ['too'],
  ['as', 'well'],
  ['then'],
];
/** A question that opens with an exclusion excludes from something said before ("excluding cancelled"). */
const openingExclusions = new Set(['excluding', 'except', 'without']);
const replacingWords = new Set(['instead']);

function wordsAt(tokens: QuestionTokens, start: number, words: readonly string[]): boolean {
  return words.every(
    (word, offset) => tokens.lowerAt(start + offset) === word && tokens.isFree(start + offset),
  );
}

/**
 * Reads the follow-up words of a question and marks them used, so they name no member; an opening
 * exclusion stays free, since the filter reading needs it to negate what follows.
 */
export function readFollowUpLead(tokens: QuestionTokens): FollowUpLead {
  let isFollowUp = false;
  let isReplacing = false;
  // why: leads come in runs ("and only the web channel", "but now by month").
  let start = 0;
  for (;;) {
    const opening = openingLeads.find((words) => wordsAt(tokens, start, words));
    if (opening === undefined) break;
    tokens.use({ start, end: start + opening.length }, 'follow-up');
    start += opening.length;
    isFollowUp = true;
    isReplacing ||= opening.some((word) => replacingWords.has(word));
  }
  if (openingExclusions.has(tokens.lowerAt(start) ?? '')) isFollowUp = true;
  const closing = closingLeads.find((words) => {
    const start = tokens.length - words.length;
    return start > 0 && wordsAt(tokens, start, words);
  });
  if (closing !== undefined) {
    tokens.use({ start: tokens.length - closing.length, end: tokens.length }, 'follow-up');
    isFollowUp = true;
    isReplacing ||= closing.some((word) => replacingWords.has(word));
  }
  return { isFollowUp, isReplacing };
}
