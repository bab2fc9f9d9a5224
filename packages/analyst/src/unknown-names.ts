import { aggregationCues, fillerWords, smallTalkWords } from './analyst-vocabulary.js';
import type { WordedSource } from './member-words.js';
import type { QuestionTokens } from './question-tokens.js';
import { isMonthName } from './time-points.js';

const prepositions = new Set(['in', 'from', 'at', 'for']);

function sourceVocabulary(source: WordedSource): Set<string> {
  return new Set([
    ...source.words,
    ...source.members.flatMap((member) => [...member.words, ...member.descriptionWords]),
  ]);
}

function isOrdinaryWord(tokens: QuestionTokens, index: number, vocabulary: ReadonlySet<string>): boolean {
  const token = tokens.tokens[index];
  if (token === undefined) return true;
  return (
    vocabulary.has(token.stem) ||
    fillerWords.has(token.lower) ||
    smallTalkWords.has(token.lower) ||
    aggregationCues.has(token.lower) ||
    isMonthName(token.lower) ||
    /^\d/.test(token.lower)
  );
}

/**
 * Whether the word reads as a name or a value: quoted, capitalised mid-sentence, right after "in"/"from",
 * or right before a word of the model ("blue products", "gold customers": it qualifies what is counted).
 */
function looksLikeName(tokens: QuestionTokens, index: number, vocabulary: ReadonlySet<string>): boolean {
  const token = tokens.tokens[index];
  if (token === undefined) return false;
  if (token.isQuoted) return true;
  const next = tokens.tokens[index + 1];
  if (next !== undefined && vocabulary.has(next.stem) && !fillerWords.has(next.lower)) return true;
  if (/^\p{Lu}/u.test(token.text) && !token.isSentenceStart && token.lower !== 'i') return true;
  const previous = tokens.lowerAt(index - 1) === 'the' ? index - 2 : index - 1;
  return prepositions.has(tokens.lowerAt(previous) ?? '');
}

/**
 * Words that look like a name or value the question filters on ("deals of Acme", "in 'Atlantis'") but that
 * nothing matched. Answering without them would answer another question, so the planner says so instead.
 * `joined`: cubes the source joins, whose names are known words.
 */
export function findUnknownName(
  tokens: QuestionTokens,
  source: WordedSource,
  joined: readonly WordedSource[] = [],
): string | undefined {
  // why: the names of cubes the source joins ("for customers in …") are words of the model, not values.
  const vocabulary = new Set([...sourceVocabulary(source), ...joined.flatMap((cube) => cube.words)]);
  for (let index = 0; index < tokens.length; index += 1) {
    if (
      !tokens.isFree(index) ||
      isOrdinaryWord(tokens, index, vocabulary) ||
      !looksLikeName(tokens, index, vocabulary)
    ) {
      continue;
    }
    const words = [tokens.tokens[index]?.text ?? ''];
    for (let next = index + 1; next < tokens.length; next += 1) {
      const token = tokens.tokens[next];
      const isContinued =
        token !== undefined &&
        tokens.isFree(next) &&
        !isOrdinaryWord(tokens, next, vocabulary) &&
        (token.isQuoted || /^\p{Lu}/u.test(token.text));
      if (!isContinued) break;
      words.push(token.text);
    }
    return words.join(' ');
  }
  return undefined;
}
