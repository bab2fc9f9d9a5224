import { type ConditionPhrase, connectorWords } from './condition-phrases.js';
import type { WordedMember, WordedSource } from './member-words.js';
import { type QuestionTokens, sourceWordPurpose, type TokenSpan } from './question-tokens.js';

/** A value of a string dimension met by words of the question. */
export interface ValueMatch extends TokenSpan {
  readonly member: WordedMember;
  /** The source the member is of: the queried one, or a cube it joins. */
  readonly owner: WordedSource;
  readonly value: string;
  readonly isMemberNamed: boolean;
  readonly order: number;
}

/** Values of one dimension the question keeps (`IN`) or, inside a "not" phrase, leaves out (`NOT IN`). */
export interface ValueGroup {
  readonly member: WordedMember;
  readonly values: readonly string[];
  readonly isNegated: boolean;
}

/** A list of values the question joins with "and"/"or" that no one dimension holds in full. */
export interface PartialValueList {
  readonly member: WordedMember;
  /** The words of the list that are none of the member's values, as written. */
  readonly missing: readonly string[];
  /** The member's known values, for the refusal. */
  readonly known: readonly string[];
  /** The missing word is a value too, but the measure took it ("won and lost deals": "Won deals"). */
  readonly isMeasureWord?: boolean;
}

export interface ValueChoice {
  readonly groups: readonly ValueGroup[];
  readonly partialList?: PartialValueList;
}

/** The matches on one stretch of words: every dimension that has a value written so. */
interface SpanMatches extends TokenSpan {
  readonly matches: readonly ValueMatch[];
  /** The "not"/"without" phrase the stretch stands in, if any. */
  readonly phrase?: ConditionPhrase;
}

function isConnectorGap(tokens: QuestionTokens, from: number, to: number): boolean {
  if (to === from) return tokens.tokens[to]?.followsComma === true;
  for (let index = from; index < to; index += 1) {
    if (!tokens.isFree(index) || !connectorWords.has(tokens.lowerAt(index) ?? '')) return false;
  }
  return true;
}

/** The negating phrase a span stands in, `null` when it straddles one's edge (then it is no value). */
function phraseOf(phrases: readonly ConditionPhrase[], span: TokenSpan): ConditionPhrase | undefined | null {
  for (const phrase of phrases) {
    if (phrase.kind === 'present') continue;
    const inside = Array.from({ length: span.end - span.start }, (_unused, offset) =>
      phrase.scope.includes(span.start + offset),
    );
    if (inside.every(Boolean)) return phrase;
    if (inside.some(Boolean)) return null;
  }
  return undefined;
}

/** Stretches of words that are values, longest first, then first in the question; none overlapping. */
function pickSpans(matches: readonly ValueMatch[], phrases: readonly ConditionPhrase[]): SpanMatches[] {
  const bySpan = new Map<string, ValueMatch[]>();
  for (const match of matches) {
    const key = `${match.start}:${match.end}`;
    bySpan.set(key, [...(bySpan.get(key) ?? []), match]);
  }
  const spans = [...bySpan.values()]
    .map((group) => group[0] as ValueMatch)
    .sort((left, right) => right.end - right.start - (left.end - left.start) || left.start - right.start);
  const picked: SpanMatches[] = [];
  for (const span of spans) {
    if (picked.some((other) => span.start < other.end && other.start < span.end)) continue;
    const phrase = phraseOf(phrases, span);
    if (phrase === null) continue;
    const group = bySpan.get(`${span.start}:${span.end}`) ?? [];
    picked.push({ start: span.start, end: span.end, matches: group, ...(phrase ? { phrase } : {}) });
  }
  return picked.sort((left, right) => left.start - right.start);
}

/** Spans in runs joined by "and"/"or" ("shipped and pending"), each run inside one phrase or outside all. */
function listsOf(tokens: QuestionTokens, spans: readonly SpanMatches[]): SpanMatches[][] {
  const lists: SpanMatches[][] = [];
  for (const span of spans) {
    const list = lists[lists.length - 1];
    const last = list?.[list.length - 1];
    if (list && last && last.phrase === span.phrase && isConnectorGap(tokens, last.end, span.start))
      list.push(span);
    else lists.push([span]);
  }
  return lists;
}

function preferred(left: ValueMatch, right: ValueMatch): number {
  return Number(right.isMemberNamed) - Number(left.isMemberNamed) || left.order - right.order;
}

/** The dimension holding every value of a list, the one the question names first. */
function listMember(list: readonly SpanMatches[]): ValueMatch | undefined {
  const [first, ...rest] = list;
  const common = (first?.matches ?? []).filter((match) =>
    rest.every((span) => span.matches.some((other) => other.member === match.member)),
  );
  return [...common].sort(preferred)[0];
}

function textOf(tokens: QuestionTokens, span: TokenSpan): string {
  return tokens.tokens
    .slice(span.start, span.end)
    .map((token) => token.text)
    .join(' ');
}

/** A list no one dimension holds: the dimension holding most of it, and the words it lacks. */
function partialList(
  tokens: QuestionTokens,
  list: readonly SpanMatches[],
  known: ReadonlyMap<WordedMember, readonly string[]>,
): PartialValueList {
  const counts = new Map<WordedMember, { match: ValueMatch; count: number }>();
  for (const match of list.flatMap((span) => span.matches)) {
    const entry = counts.get(match.member);
    counts.set(match.member, { match: entry?.match ?? match, count: (entry?.count ?? 0) + 1 });
  }
  const [best] = [...counts.values()].sort(
    (left, right) => right.count - left.count || preferred(left.match, right.match),
  );
  if (best === undefined) throw new Error('a list of values holds at least one value');
  const { member } = best.match;
  const missing = list
    .filter((span) => !span.matches.some((match) => match.member === member))
    .map((span) => textOf(tokens, span));
  return { member, missing, known: known.get(member) ?? [] };
}

/** Whether a word names something of the source (a cube, a member), so it is no unknown value. */
function isSourceWord(source: WordedSource, stem: string): boolean {
  return source.words.includes(stem) || source.members.some((member) => member.words.includes(stem));
}

/** The word joined to a list by "and", "or" or a comma, on one side: after it (1) or before it (-1). */
function joinedWord(tokens: QuestionTokens, list: readonly SpanMatches[], side: 1 | -1): number | undefined {
  const edge = side === 1 ? (list[list.length - 1]?.end ?? 0) : (list[0]?.start ?? 0) - 1;
  const afterEdge = side === 1 ? edge : edge + 1;
  if (tokens.tokens[afterEdge]?.followsComma) return edge;
  return connectorWords.has(tokens.lowerAt(edge) ?? '') ? edge + side : undefined;
}

/**
 * A word joined by "and"/"or" to a list of values that is no value and no word of the model ("web and
 * pigeon orders"), or a value the measure took ("won and lost deals" on a "Won deals" measure): the
 * list would keep only some of what the question names.
 */
function unjoinedItem(
  tokens: QuestionTokens,
  source: WordedSource,
  list: readonly SpanMatches[],
  known: readonly string[],
): { readonly word: string; readonly isMeasureWord: boolean } | undefined {
  for (const side of [1, -1] as const) {
    const index = joinedWord(tokens, list, side);
    const token = index === undefined ? undefined : tokens.tokens[index];
    if (index === undefined || token === undefined) continue;
    if (tokens.isFree(index) && /^\p{L}/u.test(token.lower) && !isSourceWord(source, token.stem)) {
      return { word: token.text, isMeasureWord: false };
    }
    const isValue = known.some((value) => value.toLowerCase() === token.lower);
    const purpose = tokens.purposeAt(index);
    if ((purpose === 'reading' || purpose === sourceWordPurpose) && isValue) {
      return { word: token.text, isMeasureWord: true };
    }
  }
  return undefined;
}

/**
 * The dimension the word right after a list names ("Paris stores", "web and app channels"), among the
 * dimensions with a value in the list: the list is about it, even where another holds more of the list.
 */
function namingMatch(
  tokens: QuestionTokens,
  list: readonly SpanMatches[],
  after: number,
): ValueMatch | undefined {
  const stem = tokens.tokens[after]?.stem;
  if (stem === undefined || !tokens.isFree(after)) return undefined;
  return list
    .flatMap((span) => span.matches)
    .filter((match) => match.member.words.includes(stem))
    .sort(preferred)[0];
}

/**
 * Settles which words are values of which dimension: each run joined by "and"/"or" goes to one dimension
 * holding all of it, a lone value to the dimension the question names first; the words used are marked.
 * A word right after the values that names their dimension ("Paris stores") is part of them.
 */
export function chooseValues(
  source: WordedSource,
  tokens: QuestionTokens,
  matches: readonly ValueMatch[],
  known: ReadonlyMap<WordedMember, readonly string[]>,
  phrases: readonly ConditionPhrase[],
): ValueChoice {
  const groups = new Map<string, { member: WordedMember; values: string[]; isNegated: boolean }>();
  const lists = listsOf(tokens, pickSpans(matches, phrases));
  const consumed = new Set<SpanMatches>();
  for (const list of lists) {
    if (list.some((span) => consumed.has(span))) continue;
    const first = list[0] as SpanMatches;
    const last = list[list.length - 1] as SpanMatches;
    const named = namingMatch(tokens, list, last.end);
    const chosen = named ?? listMember(list);
    const missing = list.filter((span) => !span.matches.some((match) => match.member === chosen?.member));
    if (chosen === undefined || missing.length > 0) {
      const partial =
        chosen === undefined
          ? partialList(tokens, list, known)
          : {
              member: chosen.member,
              missing: missing.map((span) => textOf(tokens, span)),
              known: known.get(chosen.member) ?? [],
            };
      return { groups: [...groups.values()], partialList: partial };
    }
    tokens.use({ start: first.start, end: last.end }, 'filter');
    const isNegated = first.phrase !== undefined;
    const key = `${chosen.member.member.name}|${isNegated}`;
    const group = groups.get(key) ?? { member: chosen.member, values: [], isNegated };
    for (const span of list) {
      const value = span.matches.find((match) => match.member === chosen.member)?.value;
      if (value !== undefined && !group.values.includes(value)) group.values.push(value);
    }
    groups.set(key, group);
    if (named !== undefined) {
      tokens.use({ start: last.end, end: last.end + 1 }, 'filter');
      const next = lists.find((other) => other[0]?.start === last.end);
      if (next?.length === 1 && next[0]?.end === last.end + 1) consumed.add(next[0]);
    }
  }
  for (const list of lists) {
    const member = listMember(list)?.member;
    if (member === undefined || list.some((span) => consumed.has(span))) continue;
    const memberValues = known.get(member) ?? [];
    const item = unjoinedItem(tokens, source, list, memberValues);
    if (item !== undefined) {
      return {
        groups: [...groups.values()],
        partialList: { member, missing: [item.word], known: memberValues, isMeasureWord: item.isMeasureWord },
      };
    }
  }
  return { groups: [...groups.values()] };
}
