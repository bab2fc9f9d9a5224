import type { AnalystPlanOptions } from './analyst-plan.types.js';
import { fillerWords } from './analyst-vocabulary.js';
import type { ConditionPhrase } from './condition-phrases.js';
import { isJoinedMemberNamed, useJoinedNames } from './joined-sources.js';
import type { WordedMember, WordedSource } from './member-words.js';
import { QuestionTokens, sourceWordPurpose, stemOf, type TokenSpan } from './question-tokens.js';
import { chooseValues, type PartialValueList, type ValueMatch } from './value-lists.js';
import { matchWords } from './word-match.js';

/**
 * A condition the question puts on the rows. `values` is `=`/`IN`, or with `isNegated` `<>`/`NOT IN`
 * (which, like every negated operator of the semantic layer, keeps rows where the member is empty);
 * `presence` is `IS NOT NULL` (`isSet`) or `IS NULL` ("products without a category").
 */
export type FilterChoice =
  | { readonly kind: 'segment'; readonly member: WordedMember }
  | { readonly kind: 'flag'; readonly member: WordedMember; readonly isNegated: boolean }
  | {
      readonly kind: 'values';
      readonly member: WordedMember;
      readonly values: readonly string[];
      readonly isNegated: boolean;
    }
  | { readonly kind: 'presence'; readonly member: WordedMember; readonly isSet: boolean };

/** Identifiers and contact details: their values are never words of a question, and there are many. */
const unlistedName = /(^|_)(id|uuid|key|email|e_mail|url|uri|phone|hash|token)$|(?<=[a-z])Id$/i;
const maximumLookups = 12;

/** Whether a dimension names identifiers or contact details rather than categories. */
export function isIdentifier(member: WordedMember): boolean {
  return unlistedName.test(member.localName);
}

/** A free word that negates a flag's word by a prefix ("unpaid" → not "paid"), by index. */
function negatedWord(tokens: QuestionTokens, word: string): number | undefined {
  const index = tokens.tokens.findIndex((token, position) => {
    const stripped = /^(?:un|non)(\p{L}{3,})$/u.exec(token.lower)?.[1];
    return tokens.isFree(position) && stripped !== undefined && stemOf(stripped) === word;
  });
  return index === -1 ? undefined : index;
}

interface FlagMatch {
  readonly tokenIndexes: readonly number[];
  readonly isNegated: boolean;
}

/** The phrase that excludes or empties these words ("not completed"), if they all stand in one. */
export function negatingPhrase(
  phrases: readonly ConditionPhrase[],
  indexes: readonly number[],
): ConditionPhrase | undefined {
  return phrases.find(
    (phrase) => phrase.kind !== 'present' && indexes.every((index) => phrase.scope.includes(index)),
  );
}

/** All of a flag's words among the free words ("opted in to marketing"), or its one word negated. */
function findFlag(
  tokens: QuestionTokens,
  words: readonly string[],
  phrases: readonly ConditionPhrase[],
): FlagMatch | undefined {
  const match = matchWords(tokens, tokens.freeIndexes(), words, true);
  if (match.weight === words.length) {
    return {
      tokenIndexes: match.tokenIndexes,
      isNegated: negatingPhrase(phrases, match.tokenIndexes) !== undefined,
    };
  }
  const prefixed = words.length === 1 ? negatedWord(tokens, words[0] ?? '') : undefined;
  return prefixed === undefined ? undefined : { tokenIndexes: [prefixed], isNegated: true };
}

/**
 * Segments and boolean dimensions the question names by all of their own words ("online orders"), and a
 * boolean negated inside a "not"/"without" phrase or by a prefix ("unpaid"). A negated segment is left
 * for `negatedSegment`, after values had their turn ("not completed" may be a status). Negated booleans
 * are read apart (`isNegatedPass`), after values too: the chat tool's metadata carries no member kind,
 * so a segment reads as a boolean there, and SQL over the model cannot turn a segment around.
 */
export function matchFlags(
  source: WordedSource,
  tokens: QuestionTokens,
  phrases: readonly ConditionPhrase[] = [],
  isNegatedPass = false,
): FilterChoice[] {
  const filters: FilterChoice[] = [];
  for (const kind of ['segment', 'dimension'] as const) {
    for (const member of source.members) {
      const isFlag = member.member.kind === kind && (kind === 'segment' || member.member.type === 'boolean');
      const words = member.words.filter((word) => !source.words.includes(word));
      if (!isFlag || words.length === 0) continue;
      const found = findFlag(tokens, words, phrases);
      if (found === undefined || (found.isNegated && kind === 'segment')) continue;
      if (found.isNegated !== isNegatedPass) continue;
      for (const index of found.tokenIndexes) tokens.use({ start: index, end: index + 1 }, 'filter');
      filters.push(
        kind === 'segment' ? { kind, member } : { kind: 'flag', member, isNegated: found.isNegated },
      );
    }
  }
  return filters;
}

/**
 * A segment that a "not"/"excluding" phrase names by its words or synonyms ("not delivered" for a
 * segment "Completed orders" with the synonym delivered), among the phrase's words nothing else took:
 * SQL over the model can use a segment but not turn it around.
 */
export function negatedSegment(
  source: WordedSource,
  tokens: QuestionTokens,
  phrases: readonly ConditionPhrase[],
): { readonly member: WordedMember; readonly phrase: ConditionPhrase } | undefined {
  for (const phrase of phrases) {
    if (phrase.kind === 'present') continue;
    const free = phrase.scope.filter((index) => tokens.isFree(index));
    if (free.length === 0) continue;
    for (const member of source.members) {
      if (member.member.kind !== 'segment') continue;
      const words = [...member.words, ...member.descriptionWords].filter(
        (word) => !source.words.includes(word),
      );
      if (matchWords(tokens, free, words, true).weight > 0) return { member, phrase };
    }
  }
  return undefined;
}

export function isSearchableValue(words: readonly string[]): boolean {
  if (words.length === 0) return false;
  if (words.length > 1) return true;
  const [word = ''] = words;
  return word.length > 1 && !/^\d+$/.test(word) && !fillerWords.has(word);
}

function isSpanOpen(tokens: QuestionTokens, span: TokenSpan): boolean {
  for (let index = span.start; index < span.end; index += 1) {
    if (!tokens.isFree(index) && tokens.purposeAt(index) !== sourceWordPurpose) return false;
  }
  // why: a source's name alone ("clinic") is no value; a value must take at least one free word.
  return tokens.freeIndexes().some((index) => index >= span.start && index < span.end);
}

/**
 * Where the words of a value stand in the question, among words no other reading has used (or that the
 * measure took only as its source's name).
 */
export function spansOf(tokens: QuestionTokens, words: readonly string[]): TokenSpan[] {
  const spans: TokenSpan[] = [];
  for (let start = 0; start + words.length <= tokens.length; start += 1) {
    const isMatch = words.every((word, offset) => {
      const token = tokens.tokens[start + offset];
      const isLast = offset === words.length - 1;
      return token !== undefined && (token.lower === word || (isLast && token.stem === stemOf(word)));
    });
    const span = { start, end: start + words.length };
    if (isMatch && isSpanOpen(tokens, span)) spans.push(span);
  }
  return spans;
}

export interface ValueFilters {
  readonly filters: FilterChoice[];
  readonly partialList?: PartialValueList;
}

/**
 * A value of dimensions of two joined cubes ("Spain": the customer's country or the store's) that the
 * question does not tell apart: either filter would answer another question, so neither is taken.
 */
function isAmbiguousJoin(match: ValueMatch, matches: readonly ValueMatch[], source: WordedSource): boolean {
  return (
    match.owner !== source &&
    matches.some(
      (other) =>
        other.owner !== source &&
        other.owner !== match.owner &&
        other.start === match.start &&
        other.end === match.end &&
        other.isMemberNamed === match.isMemberNamed,
    )
  );
}

/**
 * Filters on known values: a word (or words) of the question equal, ignoring case, to a value of one of
 * the source's string dimensions, or of the cubes it joins (`reachable`) after its own unless the question
 * names them. Longer values win, then a dimension the question also names. Values joined by "and"/"or"
 * go to one dimension that holds them all (`IN`); inside a "not"/"excluding" phrase they are left out
 * (`NOT IN`).
 */
export async function matchValues(
  source: WordedSource,
  tokens: QuestionTokens,
  lookupValues: AnalystPlanOptions['lookupValues'],
  phrases: readonly ConditionPhrase[] = [],
  reachable: readonly WordedSource[] = [],
): Promise<ValueFilters> {
  const free = tokens.freeIndexes().filter((index) => !fillerWords.has(tokens.lowerAt(index) ?? ''));
  if (free.length === 0) return { filters: [] };
  const allIndexes = tokens.tokens.map((_token, index) => index);
  const candidates = [source, ...reachable]
    .flatMap((owner) =>
      owner.members
        .filter((member) => member.member.kind === 'dimension' && member.member.type === 'string')
        .filter((member) => !isIdentifier(member))
        .map((member) => ({
          member,
          owner,
          isMemberNamed:
            owner === source
              ? matchWords(tokens, allIndexes, member.words).weight > 0
              : isJoinedMemberNamed(tokens, member, owner),
        })),
    )
    .map((candidate, order) => ({ ...candidate, order }))
    .sort(
      (left, right) => Number(right.isMemberNamed) - Number(left.isMemberNamed) || left.order - right.order,
    )
    .slice(0, maximumLookups);
  const lookups = await Promise.all(
    candidates.map(async (candidate) => {
      try {
        return await lookupValues(candidate.member.member.name);
      } catch {
        // why: a failed lookup only means no filter on that dimension; the question may not need one.
        return [];
      }
    }),
  );
  const matches: ValueMatch[] = [];
  const known = new Map<WordedMember, readonly string[]>();
  candidates.forEach((candidate, order) => {
    known.set(candidate.member, lookups[order] ?? []);
    for (const value of lookups[order] ?? []) {
      // why: a value is split into words exactly as the question is, apostrophes and all ("O'Hare").
      const words = new QuestionTokens(value).tokens.map((token) => token.lower);
      if (!isSearchableValue(words)) continue;
      for (const span of spansOf(tokens, words)) matches.push({ ...candidate, ...span, value, order });
    }
  });
  const clear = matches.filter((match) => !isAmbiguousJoin(match, matches, source));
  const { groups, partialList } = chooseValues(source, tokens, clear, known, phrases);
  for (const group of groups) {
    const owner = clear.find((match) => match.member === group.member)?.owner;
    if (owner !== undefined && owner !== source) useJoinedNames(tokens, group.member, owner);
  }
  const filters: FilterChoice[] = groups.map((group) => ({ kind: 'values', ...group }));
  return partialList === undefined ? { filters } : { filters, partialList };
}
