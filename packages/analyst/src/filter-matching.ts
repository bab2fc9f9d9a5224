import type { AnalystPlanOptions } from './analyst-plan.types.js';
import { fillerWords } from './analyst-vocabulary.js';
import { isJoinedMemberNamed, useJoinedNames } from './joined-sources.js';
import type { WordedMember, WordedSource } from './member-words.js';
import { QuestionTokens, stemOf, type TokenSpan } from './question-tokens.js';
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

const negations = new Set(['not', 'non', 'without', 'excluding', 'except', 'no']);
/** Identifiers and contact details: their values are never words of a question, and there are many. */
const unlistedName = /(^|_)(id|uuid|key|email|e_mail|url|uri|phone|hash|token)$|(?<=[a-z])Id$/i;
const maximumLookups = 12;

/** Whether a dimension names identifiers or contact details rather than categories. */
export function isIdentifier(member: WordedMember): boolean {
  return unlistedName.test(member.localName);
}

/** A free word that negates a flag's word by a prefix ("unpaid", "non-paid" → not "paid"), by index. */
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

/** All of a flag's words among the free words ("opted in to marketing"), or its one word negated. */
function findFlag(tokens: QuestionTokens, words: readonly string[]): FlagMatch | undefined {
  const match = matchWords(tokens, tokens.freeIndexes(), words, true);
  if (match.weight === words.length) {
    const first = match.tokenIndexes[0] ?? 0;
    const isNegated = tokens.isFree(first - 1) && negations.has(tokens.lowerAt(first - 1) ?? '');
    return { tokenIndexes: isNegated ? [first - 1, ...match.tokenIndexes] : match.tokenIndexes, isNegated };
  }
  const prefixed = words.length === 1 ? negatedWord(tokens, words[0] ?? '') : undefined;
  return prefixed === undefined ? undefined : { tokenIndexes: [prefixed], isNegated: true };
}

/** Segments and boolean dimensions the question names by all of their own words ("online orders"). */
export function matchFlags(source: WordedSource, tokens: QuestionTokens): FilterChoice[] {
  const filters: FilterChoice[] = [];
  for (const kind of ['segment', 'dimension'] as const) {
    for (const member of source.members) {
      const isFlag = member.member.kind === kind && (kind === 'segment' || member.member.type === 'boolean');
      const words = member.words.filter((word) => !source.words.includes(word));
      if (!isFlag || words.length === 0) continue;
      const found = findFlag(tokens, words);
      // why: a segment cannot be negated in SQL over the model, so "not completed" stays unexplained.
      if (found === undefined || (found.isNegated && kind === 'segment')) continue;
      for (const index of found.tokenIndexes) tokens.use({ start: index, end: index + 1 }, 'filter');
      filters.push(
        kind === 'segment' ? { kind, member } : { kind: 'flag', member, isNegated: found.isNegated },
      );
    }
  }
  return filters;
}

interface ValueMatch extends TokenSpan {
  readonly member: WordedMember;
  /** The source the member is of: the queried one, or a cube it joins. */
  readonly owner: WordedSource;
  readonly value: string;
  readonly isMemberNamed: boolean;
  readonly order: number;
}

function isSearchableValue(words: readonly string[]): boolean {
  if (words.length === 0) return false;
  if (words.length > 1) return true;
  const [word = ''] = words;
  return word.length > 1 && !/^\d+$/.test(word) && !fillerWords.has(word);
}

/** Where the words of a value stand in the question, among words no other reading has used. */
function spansOf(tokens: QuestionTokens, words: readonly string[]): TokenSpan[] {
  const spans: TokenSpan[] = [];
  for (let start = 0; start + words.length <= tokens.length; start += 1) {
    const isMatch = words.every((word, offset) => {
      const token = tokens.tokens[start + offset];
      const isLast = offset === words.length - 1;
      return token !== undefined && (token.lower === word || (isLast && token.stem === stemOf(word)));
    });
    const span = { start, end: start + words.length };
    if (isMatch && tokens.isSpanFree(span)) spans.push(span);
  }
  return spans;
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
 * names them. Longer values win, then a dimension the question also names.
 */
export async function matchValues(
  source: WordedSource,
  tokens: QuestionTokens,
  lookupValues: AnalystPlanOptions['lookupValues'],
  reachable: readonly WordedSource[] = [],
): Promise<FilterChoice[]> {
  const free = tokens.freeIndexes().filter((index) => !fillerWords.has(tokens.lowerAt(index) ?? ''));
  if (free.length === 0) return [];
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
  candidates.forEach((candidate, order) => {
    for (const value of lookups[order] ?? []) {
      // why: a value is split into words exactly as the question is, apostrophes and all ("O'Hare").
      const words = new QuestionTokens(value).tokens.map((token) => token.lower);
      if (!isSearchableValue(words)) continue;
      for (const span of spansOf(tokens, words)) matches.push({ ...candidate, ...span, value, order });
    }
  });
  matches.sort(
    (left, right) =>
      right.end - right.start - (left.end - left.start) ||
      Number(right.isMemberNamed) - Number(left.isMemberNamed) ||
      left.order - right.order,
  );
  const byMember = new Map<WordedMember, string[]>();
  for (const match of matches) {
    if (!tokens.isSpanFree(match) || isAmbiguousJoin(match, matches, source)) continue;
    tokens.use(match, 'filter');
    if (match.owner !== source) useJoinedNames(tokens, match.member, match.owner);
    const values = byMember.get(match.member) ?? [];
    if (!values.includes(match.value)) values.push(match.value);
    byMember.set(match.member, values);
  }
  return [...byMember].map(([member, values]) => ({ kind: 'values', member, values, isNegated: false }));
}
