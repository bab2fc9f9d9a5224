import { countOf, numberWords } from './analyst-vocabulary.js';
import type { QuestionTokens } from './question-tokens.js';

export interface RankingIntent {
  readonly direction: 'desc' | 'asc';
  /** The N of "top N"; absent when the question gave none. */
  readonly limit?: number;
  /** The superlative as written ("highest", "lowest"): without a grouping it asks for a max or min. */
  readonly word: string;
  /** Where the ranking words stand. */
  readonly start: number;
  readonly end: number;
}

const highWords = 'top|best|highest|largest|biggest|most|leading|greatest';
const lowWords = 'bottom|worst|lowest|smallest|least|fewest';
const count = `(\\d{1,5}|${[...numberWords.keys()].join('|')})`;
const rankingPattern = new RegExp(
  `\\b(?:(${highWords}|${lowWords})(?: ${count})?|${count} (${highWords}|${lowWords}))\\b`,
  'g',
);
const lowPattern = new RegExp(`^(?:${lowWords})$`);

/** "top 5", "5 largest", "lowest", "the most": ordering by the measure, and how many rows. */
export function readRanking(tokens: QuestionTokens): RankingIntent | undefined {
  for (const match of tokens.findPhrases(rankingPattern)) {
    const word = match.groups[0] ?? match.groups[3] ?? '';
    const limit = countOf(match.groups[1] ?? match.groups[2]);
    tokens.use(match, 'ranking');
    return {
      direction: lowPattern.test(word) ? 'asc' : 'desc',
      ...(limit === undefined || limit < 1 ? {} : { limit }),
      word,
      start: match.start,
      end: match.end,
    };
  }
  return undefined;
}
