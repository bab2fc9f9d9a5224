import { aggregationCues } from './analyst-vocabulary.js';
import type { QuestionTokens } from './question-tokens.js';
import { searchTerms } from './search-terms.js';

/** Words of the question that name something to group by. */
export interface GroupPhrase {
  /**
   * `by`: "by country", "per plan", "for each industry". `entity`: what a question ranks or asks about
   * ("which industry has…", "top 5 products…"): weaker, and it names things by their label.
   */
  readonly kind: 'by' | 'entity';
  /** Content words, by index. */
  readonly indexes: readonly number[];
  /** As written, for messages. */
  readonly text: string;
}

const byTrigger =
  /\b(?:(?:broken down|split|grouped|group|breakdown|segmented|sliced|bucketed) (?:by|per|into)|(?:for|in) (?:each|every)|by each|by|per|each|every|across(?: all)?)\b/g;
const whichTrigger = /\b(?:which|what)\b/g;

/** Words that end a phrase: what follows them is about something else. */
const boundaryWords = new Set(
  (
    'in for from during since between with without where over on at of last this that who whose which what ' +
    'top bottom sorted ordered ranked showing including excluding when while than has have had is are was ' +
    'were did does do sold sell sells selling buy buys bought made make makes got get gets generated ' +
    'generate generates brought bring brings placed place earn earns earned spend spends spent having vs versus'
  ).split(' '),
);
const maximumWords = 4;
const maximumPieces = 3;

function phraseWords(tokens: QuestionTokens, start: number, isEntity: boolean): number[][] {
  const pieces: number[][] = [[]];
  for (let index = start; index < tokens.length; index += 1) {
    const word = tokens.lowerAt(index) ?? '';
    const current = pieces[pieces.length - 1] ?? [];
    // why: in "top 3 medications by number of prescriptions" the `by` phrase is "number of prescriptions",
    // a measure to rank by; cut at "of" it was "number", a grouping nothing could name.
    const isAggregateOf =
      word === 'of' &&
      !isEntity &&
      aggregationCues.has(tokens.lowerAt(index - 1) ?? '') &&
      current.length > 0;
    if (isAggregateOf) continue;
    if (!tokens.isFree(index) || boundaryWords.has(word)) break;
    const isTrigger = word === 'by' || word === 'per' || word === 'each';
    // why: "per kilometre by carrier" names two groupings; read as one, "carrier" would answer for both.
    if (isTrigger && (isEntity || pieces.flat().length > 0)) break;
    if (word === 'and' || word === 'or' || word === 'then') {
      if (isEntity || current.length === 0 || pieces.length >= maximumPieces) break;
      pieces.push([]);
      continue;
    }
    if (isTrigger) continue;
    if (current.length >= maximumWords) break;
    current.push(index);
  }
  return pieces
    .map((piece) => piece.filter((index) => searchTerms(tokens.lowerAt(index) ?? '').length > 0))
    .filter((piece) => piece.length > 0);
}

function textOf(tokens: QuestionTokens, indexes: readonly number[]): string {
  return indexes.map((index) => tokens.tokens[index]?.text ?? '').join(' ');
}

/**
 * Phrases naming what to group by. Trigger words are marked used; the content words stay free until a
 * dimension is chosen for them, so an entity phrase that names no dimension can still name the measure.
 * `ranking` says where a "top N" ends (the words after it name the ranked entity) and where the things
 * ranked are named after a count standing before them ("the 5 stores with the most orders").
 */
export function readGroupPhrases(
  tokens: QuestionTokens,
  ranking?: { readonly end: number; readonly limit?: number; readonly entityStart?: number },
): GroupPhrase[] {
  const phrases: GroupPhrase[] = [];
  for (const trigger of tokens.findPhrases(byTrigger)) {
    const pieces = phraseWords(tokens, trigger.end, false);
    if (pieces.length === 0) continue;
    tokens.use(trigger, 'group');
    for (const piece of pieces) phrases.push({ kind: 'by', indexes: piece, text: textOf(tokens, piece) });
  }
  const taken = new Set(phrases.flatMap((phrase) => phrase.indexes));
  const entityStarts = tokens.findPhrases(whichTrigger).map((trigger) => trigger.end);
  // why: "top 5 products by revenue" and "the 5 largest deals" rank products and deals; "the biggest
  // payment" asks for one value, a max; in "the 5 stores with the most orders" the stores come first.
  if (ranking?.entityStart !== undefined) entityStarts.push(ranking.entityStart);
  else if (ranking !== undefined && (phrases.length > 0 || ranking.limit !== undefined)) {
    entityStarts.push(ranking.end);
  }
  for (const start of entityStarts) {
    const [piece] = phraseWords(tokens, start, true);
    if (piece === undefined || piece.some((index) => taken.has(index))) continue;
    for (const index of piece) taken.add(index);
    phrases.push({ kind: 'entity', indexes: piece, text: textOf(tokens, piece) });
  }
  return phrases;
}
