import { wordMatch } from './analyst-vocabulary.js';
import type { QuestionTokens } from './question-tokens.js';

export interface WordMatch {
  /** 1 per member word met exactly, less through a plain-English synonym. */
  readonly weight: number;
  /** `weight` over the number of member words: how much of the member the question named. */
  readonly coverage: number;
  /** The question words that met a member word. */
  readonly tokenIndexes: readonly number[];
}

const synonymWeight = 0.6;

/** How well some words of the question (by index) name a member described by `words` (stems). */
export function matchWords(
  tokens: QuestionTokens,
  indexes: readonly number[],
  words: readonly string[],
  isExact = false,
): WordMatch {
  let weight = 0;
  const used = new Set<number>();
  for (const word of words) {
    let best = 0;
    let bestIndex = -1;
    for (const index of indexes) {
      const stem = tokens.tokens[index]?.stem;
      if (stem === undefined || used.has(index)) continue;
      const kind = wordMatch(stem, word);
      const value = kind === 'exact' ? 1 : kind === 'synonym' && !isExact ? synonymWeight : 0;
      if (value > best) {
        best = value;
        bestIndex = index;
      }
    }
    if (bestIndex >= 0) {
      weight += best;
      used.add(bestIndex);
    }
  }
  return {
    weight,
    coverage: words.length === 0 ? 0 : weight / words.length,
    tokenIndexes: [...used].sort((left, right) => left - right),
  };
}
