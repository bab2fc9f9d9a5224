import type { GroupPhrase } from './group-phrases.js';
import type { WordedMember, WordedSource } from './member-words.js';
import { type QuestionTokens, stemOf } from './question-tokens.js';
import { searchTerms } from './search-terms.js';
import { matchWords } from './word-match.js';

export interface DimensionCandidate {
  readonly dimension: WordedMember;
  readonly score: number;
  /** Every word of the phrase met the dimension or its source. */
  readonly isComplete: boolean;
}

const groupableTypes = new Set(['string', 'number', 'boolean', 'time']);
const labelWords = new Set(['name', 'title', 'label'].map(stemOf));

function isLabel(member: WordedMember): boolean {
  return member.words.some((word) => labelWords.has(word));
}

/**
 * The source's dimension a phrase names best: most of the phrase explained, then most of the dimension's
 * own words, then model order. Source words may help ("product category" on a products cube) but a
 * dimension must meet at least one of the phrase's words itself.
 */
export function matchDimension(
  source: WordedSource,
  tokens: QuestionTokens,
  phrase: GroupPhrase,
): DimensionCandidate | undefined {
  // why: "the 5 payments with…" ranks payments, named by a label; "payment method" only repeats the name.
  if (phrase.kind === 'entity' && isSourceNamed(source, tokens, phrase)) {
    return sourceLabel(source, tokens, phrase) ?? dimensionNamedExactly(source, tokens, phrase);
  }
  let best: DimensionCandidate | undefined;
  for (const member of source.members) {
    if (member.member.kind !== 'dimension' || !groupableTypes.has(member.member.type)) continue;
    const own = matchWords(tokens, phrase.indexes, member.words);
    if (own.weight === 0) continue;
    const rest = phrase.indexes.filter((index) => !own.tokenIndexes.includes(index));
    const fromSource = matchWords(tokens, rest, source.words);
    const explained = own.weight + fromSource.weight * 0.5;
    const score = (2 * explained) / phrase.indexes.length + own.coverage;
    const isComplete = own.tokenIndexes.length + fromSource.tokenIndexes.length === phrase.indexes.length;
    // why: "top 5 products" ranks products by their name, not by their category.
    const labelBonus =
      phrase.kind === 'entity' && member.member.type === 'string' && isLabel(member) ? 0.5 : 0;
    const total = score + labelBonus;
    if (best === undefined || total > best.score + 1e-9)
      best = { dimension: member, score: total, isComplete };
  }
  if (best === undefined && phrase.kind === 'entity') return sourceLabel(source, tokens, phrase);
  return best;
}

/**
 * A dimension whose own name is the whole phrase, word for word: "top 3 medications" on prescriptions
 * (whose synonym "medications prescribed" names the source) with no label ranks the medication dimension;
 * "the 5 payments" does not rank payment methods, whose name says more than the phrase.
 */
function dimensionNamedExactly(
  source: WordedSource,
  tokens: QuestionTokens,
  phrase: GroupPhrase,
): DimensionCandidate | undefined {
  for (const member of source.members) {
    if (member.member.kind !== 'dimension' || member.member.type !== 'string') continue;
    const own = matchWords(tokens, phrase.indexes, member.words, true);
    if (own.coverage === 1 && own.tokenIndexes.length === phrase.indexes.length)
      return { dimension: member, score: (2 * own.weight) / phrase.indexes.length + 1, isComplete: true };
  }
  return undefined;
}

function isSourceNamed(source: WordedSource, tokens: QuestionTokens, phrase: GroupPhrase): boolean {
  return matchWords(tokens, phrase.indexes, source.words, true).tokenIndexes.length === phrase.indexes.length;
}

/** "top 5 accounts" on the accounts cube: the entity is the source itself, named by its label. */
function sourceLabel(
  source: WordedSource,
  tokens: QuestionTokens,
  phrase: GroupPhrase,
): DimensionCandidate | undefined {
  const fromSource = matchWords(tokens, phrase.indexes, source.words);
  if (fromSource.tokenIndexes.length !== phrase.indexes.length) return undefined;
  const label = source.members.find(
    (member) => member.member.kind === 'dimension' && member.member.type === 'string' && isLabel(member),
  );
  return label && { dimension: label, score: 1, isComplete: true };
}

/** Words of a row's own moment (when it was made), and of later or other events in its life. */
const primaryTimeWords = new Set(
  [
    'created',
    'creation',
    'date',
    'time',
    'timestamp',
    'start',
    'started',
    'signup',
    'signed',
    'registered',
    'opened',
    'placed',
    'issued',
  ].map(stemOf),
);
const secondaryTimeWords = new Set(
  [
    'updated',
    'modified',
    'deleted',
    'cancelled',
    'canceled',
    'closed',
    'shipped',
    'delivered',
    'last',
    'latest',
    'first',
    'ended',
    'end',
    'expires',
    'expired',
    'churned',
  ].map(stemOf),
);

/** `ship` and `shipment`, `order` and `order`: one word begins the other (four letters at least). */
function isSameRoot(word: string, other: string): boolean {
  if (word.length < 4 || other.length < 4) return false;
  return word.startsWith(other) || other.startsWith(word);
}

/**
 * A time dimension of the source: one the question names; else the one that reads as the row's own
 * moment (`ordered_at` on orders, `shipped_at` on shipments, `created_at`) rather than a later event
 * (`shipped_at` on orders, `updated_at`).
 */
export function chooseTimeDimension(
  source: WordedSource,
  tokens: QuestionTokens,
  indexes: readonly number[],
  measure: WordedMember | undefined,
): { dimension: WordedMember; tokenIndexes: readonly number[] } | undefined {
  const measureWords = new Set(measure?.isNamedBySource === false ? measure.words : []);
  const ownWords = searchTerms(`${source.source.name} ${source.source.title}`);
  let best: { dimension: WordedMember; tokenIndexes: readonly number[]; score: number } | undefined;
  for (const member of source.members) {
    if (member.member.kind !== 'dimension' || member.member.type !== 'time') continue;
    const match = matchWords(tokens, indexes, member.words);
    const isOwnEvent = member.words.some((word) => ownWords.some((own) => isSameRoot(word, own)));
    const score =
      10 * match.weight +
      (member.words.some((word) => measureWords.has(word)) ? 3 : 0) +
      (isOwnEvent ? 3 : 0) +
      (member.words.some((word) => source.words.includes(word)) ? 2 : 0) +
      (member.words.some((word) => primaryTimeWords.has(word)) ? 1 : 0) -
      (!isOwnEvent && member.words.some((word) => secondaryTimeWords.has(word)) ? 1.5 : 0);
    if (best === undefined || score > best.score) {
      best = { dimension: member, tokenIndexes: match.tokenIndexes, score };
    }
  }
  return best && { dimension: best.dimension, tokenIndexes: best.tokenIndexes };
}
