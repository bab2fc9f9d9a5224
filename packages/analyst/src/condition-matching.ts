import { fillerWords } from './analyst-vocabulary.js';
import { type ConditionPhrase, connectorWords, pronounWords } from './condition-phrases.js';
import type { FilterChoice } from './filter-matching.js';
import type { WordedMember, WordedSource } from './member-words.js';
import type { QuestionTokens } from './question-tokens.js';
import { searchTerms } from './search-terms.js';
import { matchWords } from './word-match.js';

/** The words of a phrase that must name something: not "and", "or", "ones" or filler. */
function contentIndexes(tokens: QuestionTokens, phrase: ConditionPhrase): number[] {
  return phrase.scope.filter((index) => {
    const word = tokens.lowerAt(index) ?? '';
    return !connectorWords.has(word) && !pronounWords.has(word) && !fillerWords.has(word);
  });
}

/** Gives a phrase's words back, so the filters of the chosen reading can place them. */
export function releaseConditions(tokens: QuestionTokens, phrases: readonly ConditionPhrase[]): void {
  for (const phrase of phrases) {
    for (const index of phrase.scope) tokens.release({ start: index, end: index + 1 });
  }
}

/**
 * The names a dimension goes by: its own words, then each synonym on its own ("email address" for
 * `email`, "insurance" for `insurer`), since a synonym is a whole other name, not more words of one.
 */
function namesOf(member: WordedMember): string[][] {
  const synonyms = (member.member.synonyms ?? []).map(searchTerms).filter((words) => words.length > 0);
  return [[...member.words], ...synonyms];
}

/** The dimension all of a phrase's words name ("ship date" → `shipped_at`), the best-named first. */
function namedDimension(
  source: WordedSource,
  tokens: QuestionTokens,
  indexes: readonly number[],
): WordedMember | undefined {
  let best: { member: WordedMember; weight: number; coverage: number } | undefined;
  for (const member of source.members) {
    if (member.member.kind !== 'dimension') continue;
    for (const [position, words] of namesOf(member).entries()) {
      const own = matchWords(tokens, indexes, words, true);
      if (own.weight === 0) continue;
      const rest = indexes.filter((index) => !own.tokenIndexes.includes(index));
      const fromSource = matchWords(tokens, rest, source.words, true);
      if (own.tokenIndexes.length + fromSource.tokenIndexes.length !== indexes.length) continue;
      // why: a member's own name outranks another member's synonym of the same strength.
      const weight = position === 0 ? own.weight : own.weight - 0.5;
      if (
        best === undefined ||
        weight > best.weight ||
        (weight === best.weight && own.coverage > best.coverage)
      ) {
        best = { member, weight, coverage: own.coverage };
      }
    }
  }
  return best?.member;
}

/**
 * "Products without a category", "orders with no ship date" (`IS NULL`) and "orders with a store"
 * (`IS NOT NULL`): a phrase whose words all name one dimension of the source.
 */
export function matchPresence(
  source: WordedSource,
  tokens: QuestionTokens,
  phrases: readonly ConditionPhrase[],
): FilterChoice[] {
  const filters: FilterChoice[] = [];
  for (const phrase of phrases) {
    if (phrase.kind === 'exclude') continue;
    const indexes = contentIndexes(tokens, phrase);
    if (indexes.length === 0 || !indexes.every((index) => tokens.isFree(index))) continue;
    const member = namedDimension(source, tokens, indexes);
    if (member === undefined) continue;
    for (const index of phrase.scope) tokens.use({ start: index, end: index + 1 }, 'filter');
    filters.push({ kind: 'presence', member, isSet: phrase.kind === 'present' });
  }
  return filters;
}

/**
 * A "not"/"excluding"/"without" phrase the filters could not wholly place: a word of it that names no
 * value, flag or field, or nothing at all after the cue ("not in 2025", where the year is the period).
 * Answering without it would answer for the rows it meant to leave out.
 */
export function unplacedCondition(
  tokens: QuestionTokens,
  phrases: readonly ConditionPhrase[],
): ConditionPhrase | undefined {
  for (const phrase of phrases) {
    if (phrase.kind === 'present') continue;
    const content = contentIndexes(tokens, phrase);
    if (content.length === 0 || content.some((index) => tokens.isFree(index))) return phrase;
    for (const index of phrase.scope) tokens.use({ start: index, end: index + 1 }, 'filter');
  }
  return undefined;
}
