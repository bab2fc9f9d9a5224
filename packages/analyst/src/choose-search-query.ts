import { fillerWords, isSmallTalk } from './analyst-vocabulary.js';
import { maximumThreadDepth, readFollowUpLead } from './follow-up-lead.js';
import { calendarDate } from './local-calendar.js';
import { QuestionTokens } from './question-tokens.js';
import { readRanking } from './ranking-phrases.js';
import { readTimeIntent } from './time-phrases.js';

/** Which words are a date phrase does not depend on the day, so any fixed day will do here. */
const anyDay = calendarDate(2000, 1, 1);

/**
 * The keywords to search the model's metadata with (`platformMeta`): the question without its date
 * phrases, ranking words, numbers and filler, so only words that may name a measure, a dimension or a
 * value are left. Small talk searches for nothing, which lists the model (for examples in a greeting); a
 * question with no keywords left is searched as it is. In a thread, the keywords of the earlier
 * questions (`earlierQuestions`, oldest first) follow the question's own, so a follow-up ("and by
 * month?") finds the members of the query it changes.
 */
export function chooseSearchQuery(question: string, earlierQuestions: readonly string[] = []): string {
  const tokens = new QuestionTokens(question);
  if (isSmallTalk(tokens)) return '';
  const keywords = keywordsOf(tokens);
  const earlier = earlierQuestions.slice(-maximumThreadDepth).reverse();
  const threadKeywords = [
    ...new Set([...keywords, ...earlier.flatMap((text) => keywordsOf(new QuestionTokens(text)))]),
  ];
  return threadKeywords.length === 0 ? question.trim() : threadKeywords.join(' ');
}

function keywordsOf(tokens: QuestionTokens): string[] {
  readFollowUpLead(tokens);
  readTimeIntent(tokens, anyDay);
  readRanking(tokens);
  const keywords: string[] = [];
  for (const index of tokens.freeIndexes()) {
    const token = tokens.tokens[index];
    if (token === undefined || fillerWords.has(token.lower) || /^\d+$/.test(token.lower)) continue;
    if (!keywords.includes(token.lower)) keywords.push(token.lower);
  }
  return keywords;
}
