import { fillerWords } from './analyst-vocabulary.js';
import { QuestionTokens, type TokenSpan } from './question-tokens.js';

/**
 * Words that put a condition on the rows other than "equal to a value": `exclude` leaves values out
 * ("not delivered", "excluding cancelled", "outside France", "all but web"), `absent` asks for an empty
 * field ("without a category", "with no ship date", "missing a city"), `present` for a filled one ("with
 * a store").
 */
export interface ConditionPhrase {
  readonly kind: 'exclude' | 'absent' | 'present';
  readonly cue: TokenSpan;
  /** The words the cue applies to, by index, the "and"/"or" between them included. */
  readonly scope: readonly number[];
  /** As written, cue and scope, for messages: "not delivered". */
  readonly text: string;
}

const excludeCue =
  /\b(?:all but|other than|apart from|aside from|except for|except|excluding|exclude|excludes|outside of|outside|but not|not|never|non|neither|nor|\S+n't)\b/g;
const absentCue = /\b(?:without|with no|no|missing|lacking|lack|lacks)\b/g;
const presentCue = /\b(?:with an?|having an?|(?:that|which|who) (?:have|has) an?)\b/g;

/** What a condition phrase's words are used for until the filters of a reading place them. */
export const conditionPurpose = 'condition';

/** Words between a cue and what it applies to: "not in France", "without any category", "not yet shipped". */
const leadWords = new Set([
  'in',
  'from',
  'at',
  'for',
  'of',
  'a',
  'an',
  'the',
  'any',
  'to',
  'on',
  'yet',
  'ever',
  'be',
  'been',
  'being',
]);
/** "and"/"or" join the things one cue applies to: "excluding cancelled and returned". */
export const connectorWords = new Set(['and', 'or', 'nor']);
/** "except returned ones": the pronoun stands for what the question counts. */
export const pronounWords = new Set(['one', 'ones']);
const maximumScopeWords = 8;
/** Verbs that end a phrase: "customers outside France spent the most" leaves out France only. */
const verbWords = new Set(
  (
    'sold sell sells selling buy buys bought made make makes generated generate generates brought bring ' +
    'brings placed place places earn earns earned spend spends spent ordered order paid pay pays signed ' +
    'joined churned cancelled canceled won lost closed opened created'
  ).split(' '),
);

function isScopeWord(tokens: QuestionTokens, index: number, isFirst: boolean): boolean {
  const word = tokens.lowerAt(index) ?? '';
  const token = tokens.tokens[index];
  if (!tokens.isFree(index) || token === undefined || fillerWords.has(word) || token.isSentenceStart)
    return false;
  // why: a verb right after the cue is what it negates ("orders not cancelled"); later it ends the phrase.
  return isFirst || !verbWords.has(word);
}

/**
 * The words a cue applies to: content words up to a filler, a verb, a word another reading took or the
 * end of the sentence, and further items after "and", "or" or a comma. A trailing word that names a cube
 * or view ("web orders") stays free, since it names what is counted rather than what is left out.
 */
function scopeAfter(tokens: QuestionTokens, start: number, sourceWords: ReadonlySet<string>): number[] {
  let index = start;
  while (tokens.isFree(index) && leadWords.has(tokens.lowerAt(index) ?? '')) index += 1;
  const items: number[][] = [[]];
  for (; index < tokens.length && items.flat().length < maximumScopeWords; index += 1) {
    const current = items[items.length - 1] ?? [];
    const word = tokens.lowerAt(index) ?? '';
    const isConnector = connectorWords.has(word) && tokens.isFree(index);
    if (current.length > 0 && isConnector && isScopeWord(tokens, index + 1, true)) {
      items.push([index]);
      continue;
    }
    if (current.length > 0 && tokens.tokens[index]?.followsComma) {
      if (!isScopeWord(tokens, index, true)) break;
      items.push([index]);
      continue;
    }
    if (!isScopeWord(tokens, index, current.length === 0)) break;
    current.push(index);
  }
  return items.flatMap((item) => {
    const words = item.filter((index) => !connectorWords.has(tokens.lowerAt(index) ?? ''));
    let end = item.length;
    while (end > 1 && words.length > 1 && sourceWords.has(tokens.tokens[item[end - 1] ?? -1]?.stem ?? '')) {
      end -= 1;
      words.pop();
    }
    return item.slice(0, end);
  });
}

function textOf(tokens: QuestionTokens, indexes: readonly number[]): string {
  return indexes.map((index) => tokens.tokens[index]?.text ?? '').join(' ');
}

/**
 * Whether the cue and the word after it start one of `names` (stems of members' titles): "no-shows" is
 * the name of a measure ("No-shows"), not "no" before "shows".
 */
function startsName(tokens: QuestionTokens, cue: TokenSpan, names: readonly (readonly string[])[]): boolean {
  const length = cue.end - cue.start + 1;
  return names.some(
    (name) =>
      name.length >= length &&
      name.slice(0, length).every((stem, offset) => tokens.tokens[cue.start + offset]?.stem === stem),
  );
}

/** The stems of titles as the question's words would have them, for `readConditionPhrases`. */
export function titleStems(titles: readonly string[]): string[][] {
  return titles.map((title) => new QuestionTokens(title).tokens.map((token) => token.stem));
}

/**
 * "No-shows", "no-fly": a cue hyphened to the next word starts a compound noun, which names a thing
 * rather than leaving one out. "Non-paid" stays a prefix that negates its word.
 */
function isCompoundStart(tokens: QuestionTokens, cue: TokenSpan): boolean {
  return tokens.lowerAt(cue.start) !== 'non' && tokens.tokens[cue.end]?.followsHyphen === true;
}

/**
 * Finds the condition phrases of a question and reserves their words, so no reading takes "completed"
 * of "not completed" for its measure: the filters of the chosen reading place them, or the planner says
 * why it cannot. `sourceWords` are the stems of every cube's and view's names; `memberNames` the stems
 * of members' titles (`titleStems`), whose own words are no cue.
 */
export function readConditionPhrases(
  tokens: QuestionTokens,
  sourceWords: ReadonlySet<string>,
  memberNames: readonly (readonly string[])[] = [],
): ConditionPhrase[] {
  const found: { kind: ConditionPhrase['kind']; cue: TokenSpan }[] = [
    ...tokens.findPhrases(presentCue).map((cue) => ({ kind: 'present' as const, cue })),
    ...tokens.findPhrases(absentCue).map((cue) => ({ kind: 'absent' as const, cue })),
    ...tokens.findPhrases(excludeCue).map((cue) => ({ kind: 'exclude' as const, cue })),
  ].sort((left, right) => left.cue.start - right.cue.start);
  // why: cues first, so "not completed and not returned" ends the first phrase at the second "not".
  const cues = found.filter(({ cue }) => {
    if (!tokens.isSpanFree(cue) || isCompoundStart(tokens, cue) || startsName(tokens, cue, memberNames)) {
      return false;
    }
    tokens.use(cue, conditionPurpose);
    return true;
  });
  const phrases: ConditionPhrase[] = [];
  for (const { kind, cue } of cues) {
    // why: "non-paid invoice amount": a prefix negates its one word, not the words after it.
    const isPrefix = tokens.lowerAt(cue.start) === 'non' && tokens.isFree(cue.end);
    const scope = isPrefix ? [cue.end] : scopeAfter(tokens, cue.end, sourceWords);
    for (const index of scope) tokens.use({ start: index, end: index + 1 }, conditionPurpose);
    const end = Math.max(cue.end, ...scope.map((index) => index + 1));
    const text = textOf(
      tokens,
      Array.from({ length: end - cue.start }, (_unused, offset) => cue.start + offset),
    );
    phrases.push({ kind, cue, scope, text });
  }
  return phrases;
}
