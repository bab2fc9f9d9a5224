import { aggregationWords } from './analyst-vocabulary.js';
import type { FilterChoice } from './filter-matching.js';
import { isJoinedMember } from './joined-sources.js';
import type { WordedMember, WordedSource } from './member-words.js';
import { type QuestionTokens, stemOf } from './question-tokens.js';
import { searchTerms } from './search-terms.js';
import type { SourceReading } from './source-reading.js';

/**
 * A word of the question the chosen reading did not use and that changes what is asked: a number (a
 * second year, a threshold), a word that compares or divides ("vs", "ratio", "share of"), or the name of
 * another member of the source ("revenue and discounts" answers one measure).
 */
export type Leftover =
  | { readonly kind: 'number'; readonly word: string }
  | { readonly kind: 'comparison'; readonly word: string }
  | { readonly kind: 'member'; readonly word: string; readonly member: WordedMember }
  | { readonly kind: 'source'; readonly word: string; readonly source: WordedSource }
  | { readonly kind: 'entity'; readonly word: string; readonly source: WordedSource };

/** Words that set two figures against each other; the plan has one figure. */
const comparisonWords = new Set([
  'vs',
  'versus',
  'ratio',
  'ratios',
  'divided',
  'compared',
  'relative',
  'against',
  'per',
  'proportion',
  'share',
  'percentage',
  'percent',
]);
/** A measure that is itself a share answers "percentage of…" (a return rate, a discount share). */
const shareStems = new Set(['ratio', 'share', 'proportion', 'percentage', 'percent', 'rate'].map(stemOf));
const aggregationStems = new Set([...aggregationWords].map(stemOf));

function usedMembers(reading: SourceReading, filters: readonly FilterChoice[]): WordedMember[] {
  return [
    ...(reading.measure ? [reading.measure.measure] : []),
    ...reading.groups.map((group) => group.dimension),
    ...(reading.timeDimension ? [reading.timeDimension] : []),
    ...filters.map((filter) => filter.member),
  ];
}

function isShareMeasure(reading: SourceReading): boolean {
  const measure = reading.measure?.measure;
  if (measure === undefined) return false;
  return [...measure.words, ...measure.descriptionWords].some((word) => shareStems.has(word));
}

/**
 * The first word of the question that no part of the plan used and that the answer would ignore. Filler,
 * words of what the plan uses and words naming cubes or views ("orders" of "revenue of web orders") may
 * stay unused.
 */
export function findLeftover(
  tokens: QuestionTokens,
  reading: SourceReading,
  filters: readonly FilterChoice[],
  sources: readonly WordedSource[],
  reachable: readonly WordedSource[] = [],
): Leftover | undefined {
  const used = usedMembers(reading, filters);
  // why: a description only mentions words ("revenue … less the line discounts"); a synonym names one.
  const quiet = new Set([
    ...used.flatMap((member) => [...member.words, ...(member.member.synonyms ?? []).flatMap(searchTerms)]),
    ...aggregationStems,
  ]);
  // why: "revenue of cancelled orders" may leave "orders" unused on a view whose members speak of orders;
  // on a source that knows nothing of orders the word names what was asked, not what was answered.
  // why: "prescription cost for Cardiology visits" filters through the visits it joins: with a filter
  // through a join, the joined cubes' names say which way, not another question.
  const isFilteredThroughJoin = filters.some((filter) => isJoinedMember(filter.member, reading.source));
  const ownWords = new Set([
    ...reading.source.words,
    ...reading.source.members.flatMap((member) => member.words),
    ...(isFilteredThroughJoin ? reachable.flatMap((cube) => cube.words) : []),
  ]);
  for (const index of tokens.freeIndexes()) {
    const token = tokens.tokens[index];
    if (token === undefined) continue;
    if (/^\d/.test(token.lower)) return { kind: 'number', word: token.text };
    if (comparisonWords.has(token.lower) && !(shareStems.has(token.stem) && isShareMeasure(reading))) {
      return { kind: 'comparison', word: token.text };
    }
  }
  const entity = entityGroup(tokens, reading, sources) ?? measureBySourceWord(tokens, reading);
  if (entity !== undefined) return entity;
  for (const index of tokens.freeIndexes()) {
    const token = tokens.tokens[index];
    if (token === undefined || comparisonWords.has(token.lower)) continue;
    const joined = joinedMeasure(tokens, reading, index);
    if (joined !== undefined) return { kind: 'member', word: token.text, member: joined };
    if (quiet.has(token.stem)) continue;
    const named = sources.find((source) => source.words.includes(token.stem));
    if (named !== undefined) {
      if (ownWords.has(token.stem)) continue;
      return { kind: 'source', word: token.text, source: named };
    }
    const member = reading.source.members.find(
      (candidate) =>
        !used.includes(candidate) &&
        candidate.member.kind !== 'segment' &&
        candidate.words.includes(token.stem),
    );
    if (member !== undefined) return { kind: 'member', word: token.text, member };
    // why: a source without discounts would answer "revenue and discounts" with revenue alone.
    const measure = sources
      .flatMap((source) => source.members)
      .find((candidate) => candidate.member.kind === 'measure' && candidate.words.includes(token.stem));
    if (measure !== undefined) return { kind: 'member', word: token.text, member: measure };
  }
  return undefined;
}

const labelStems = new Set(['name', 'title', 'label'].map(stemOf));

/**
 * "By medication" grouped by a string dimension whose whole name is the phrase ("Medication"): the field
 * is named outright, not merely mentioned, even where the source's synonyms use the same word.
 */
function isNamedOutright(tokens: QuestionTokens, group: SourceReading['groups'][number]): boolean {
  const stems = group.phrase.indexes.map((index) => tokens.tokens[index]?.stem ?? '');
  const { words, member } = group.dimension;
  return (
    member.type === 'string' &&
    !group.dimension.isNamedBySource &&
    words.length > 0 &&
    words.every((word) => stems.includes(word)) &&
    stems.every((stem) => words.includes(stem))
  );
}

/**
 * "Revenue per order": a grouping phrase made only of words naming a cube ("order"), read as a field
 * that merely mentions it ("Order status"); a figure for each order, or a ratio, is what was asked.
 * A label ("Customer name" for "per customer") does name each one.
 */
function entityGroup(
  tokens: QuestionTokens,
  reading: SourceReading,
  sources: readonly WordedSource[],
): Leftover | undefined {
  // why: an unmatched "per deal" whose word the measure took ("Deal amount") was not grouped either.
  const phrases = [
    ...reading.groups
      .filter(
        (group) =>
          !group.dimension.words.some((word) => labelStems.has(word)) && !isNamedOutright(tokens, group),
      )
      .map((group) => group.phrase),
    ...reading.unmatched,
  ];
  for (const phrase of phrases) {
    if (phrase.kind !== 'by') continue;
    const stems = phrase.indexes.map((index) => tokens.tokens[index]?.stem ?? '');
    const named = sources.filter((source) => stems.every((stem) => source.words.includes(stem)));
    // why: "order" names Orders, whose title it is, before "Order lines", which only starts with it.
    const entity =
      named.find((source) => searchTerms(source.source.title).every((term) => stems.includes(term))) ??
      named[0];
    if (entity !== undefined) return { kind: 'entity', word: phrase.text, source: entity };
  }
  return undefined;
}

/** Words that join two figures: "revenue and discounts", "revenue vs discounts". */
const joiningWords = new Set(['and', 'or', 'plus', 'vs', 'versus', 'to', 'against', 'with']);

/**
 * A free word naming another measure of the source, joined to the chosen measure's words ("revenue and
 * discounts by month"): the answer would give one of the two.
 */
function joinedMeasure(
  tokens: QuestionTokens,
  reading: SourceReading,
  index: number,
): WordedMember | undefined {
  const measureIndexes = reading.measure?.tokenIndexes ?? [];
  const isJoined = [-2, 2].some(
    (offset) =>
      measureIndexes.includes(index + offset) && joiningWords.has(tokens.lowerAt(index + offset / 2) ?? ''),
  );
  const stem = tokens.tokens[index]?.stem ?? '';
  if (!isJoined) return undefined;
  return reading.source.members.find(
    (member) =>
      member.member.kind === 'measure' && member !== reading.measure?.measure && member.words.includes(stem),
  );
}

/**
 * "Revenue and discounts" on a view whose own name mentions revenue: the measure took "revenue" as a
 * word of its source, but the word is the whole name of another measure, which the answer would leave out.
 */
function measureBySourceWord(tokens: QuestionTokens, reading: SourceReading): Leftover | undefined {
  const chosen = reading.measure?.measure;
  for (const index of reading.measure?.tokenIndexes ?? []) {
    const token = tokens.tokens[index];
    if (token === undefined || chosen === undefined || chosen.words.includes(token.stem)) continue;
    const other = reading.source.members.find(
      (member) =>
        member.member.kind === 'measure' &&
        member !== chosen &&
        member.words.length === 1 &&
        member.words[0] === token.stem,
    );
    if (other !== undefined) return { kind: 'member', word: token.text, member: other };
  }
  return undefined;
}
