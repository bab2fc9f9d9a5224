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
  /** Where the ranked things are named when the count stands before them ("the 5 stores with the most"). */
  readonly entityStart?: number;
}

// why: "longest" and "shortest" rank durations ("which country has the longest transit time"); unread, the
// question was answered with one total for every country.
const highWords = 'top|best|highest|largest|biggest|longest|most|leading|greatest|busiest';
const lowWords = 'bottom|worst|lowest|smallest|shortest|least|fewest|slowest|quietest';
/** The words that rank, for other readers of the question ("the slowest month"). */
export const rankingWordPattern = `${highWords}|${lowWords}`;
const count = `(\\d{1,5}|${[...numberWords.keys()].join('|')})`;
const rankingPattern = new RegExp(
  `\\b(?:(${highWords}|${lowWords})(?: ${count})?|${count} (${highWords}|${lowWords}))\\b`,
  'g',
);
const lowPattern = new RegExp(`^(?:${lowWords})$`);

/** A count before the things ranked: "the 5 stores with the most…", "which 10 products sold the best". */
const leadingCountPattern = new RegExp(`\\b${count}\\b(?= [a-z])`, 'g');
/** Words before the things of "show the stores with the most orders" that are not part of their name. */
const leadWords = new Set([
  'the',
  'which',
  'what',
  'show',
  'list',
  'me',
  'are',
  'were',
  'is',
  'all',
  'our',
  'give',
]);
const maximumEntityWords = 3;

/** "The stores with the most orders": where the words naming the ranked things start, if they do. */
function entityBeforeWith(tokens: QuestionTokens, rankingStart: number): number | undefined {
  const withIndex = tokens.lowerAt(rankingStart - 1) === 'the' ? rankingStart - 2 : rankingStart - 1;
  if (!/^(?:with|having)$/.test(tokens.lowerAt(withIndex) ?? '')) return undefined;
  let start = withIndex;
  while (
    start > 0 &&
    withIndex - start < maximumEntityWords &&
    tokens.isFree(start - 1) &&
    !leadWords.has(tokens.lowerAt(start - 1) ?? '')
  ) {
    start -= 1;
  }
  return start < withIndex ? start : undefined;
}

/** "top 5", "5 largest", "lowest", "the most": ordering by the measure, and how many rows. */
export function readRanking(tokens: QuestionTokens): RankingIntent | undefined {
  for (const match of tokens.findPhrases(rankingPattern)) {
    const word = match.groups[0] ?? match.groups[3] ?? '';
    let limit = countOf(match.groups[1] ?? match.groups[2]);
    tokens.use(match, 'ranking');
    let entityStart: number | undefined;
    if (limit === undefined) {
      const leading = tokens
        .findPhrases(leadingCountPattern)
        .find((found) => found.end < match.start && !/^(?:19|20)\d{2}$/.test(found.groups[0] ?? ''));
      if (leading !== undefined) {
        limit = countOf(leading.groups[0]);
        tokens.use(leading, 'ranking');
        entityStart = leading.end;
      }
    }
    entityStart ??= entityBeforeWith(tokens, match.start);
    return {
      direction: lowPattern.test(word) ? 'asc' : 'desc',
      ...(limit === undefined || limit < 1 ? {} : { limit }),
      word,
      start: match.start,
      end: match.end,
      ...(entityStart === undefined ? {} : { entityStart }),
    };
  }
  return undefined;
}
