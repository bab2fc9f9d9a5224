import type { AggregationCue } from './analyst-vocabulary.js';
import { conditionPurpose } from './condition-phrases.js';
import type { WordedMember, WordedSource } from './member-words.js';
import type { QuestionTokens } from './question-tokens.js';
import { matchWords } from './word-match.js';

export interface MeasureCandidate {
  readonly measure: WordedMember;
  readonly score: number;
  /** Question words the measure explains (its own words and its source's). */
  readonly tokenIndexes: readonly number[];
}

export interface MeasureChoice {
  readonly best?: MeasureCandidate;
  /** Another measure of the same source that fits the question exactly as well. */
  readonly rival?: MeasureCandidate;
}

export type MeasureClass = AggregationCue | 'other';

/** What kind of aggregate a measure is: its type, or for a calculated measure, the words of its name. */
export function classOf(measure: WordedMember): MeasureClass {
  const aggType = measure.member.aggType ?? '';
  if (aggType.startsWith('countDistinct')) return 'distinct';
  if (aggType === 'count' || aggType === 'sum' || aggType === 'avg') return aggType;
  if (aggType === 'min' || aggType === 'max') return aggType;
  const name = `${measure.localName} ${measure.shortTitle}`.toLowerCase();
  if (/\b(average|avg|mean)|(^|_)(average|avg|mean)(_|$)/.test(name)) return 'avg';
  return 'other';
}

/** When nothing else tells measures apart: a plain total first, extremes last. */
const classPreference: Record<MeasureClass, number> = {
  sum: 6,
  count: 5,
  distinct: 4,
  other: 3,
  avg: 2,
  max: 1,
  min: 0,
};

/** Averages and extremes are asked for by name; a plain "revenue" means the total. */
function isDerived(measureClass: MeasureClass): boolean {
  return measureClass === 'avg' || measureClass === 'min' || measureClass === 'max';
}

export function fitsCue(measureClass: MeasureClass, cue: AggregationCue): boolean {
  if (cue === 'count') return measureClass === 'count' || measureClass === 'distinct';
  return measureClass === cue;
}

function scoreMeasure(
  measure: WordedMember,
  source: WordedSource,
  tokens: QuestionTokens,
  indexes: readonly number[],
  cues: ReadonlySet<AggregationCue>,
): MeasureCandidate | undefined {
  const own = matchWords(tokens, indexes, measure.words);
  const description = matchWords(tokens, indexes, measure.descriptionWords);
  // why: a description only mentions words, so it may pick a measure but never outweighs a name.
  const descriptionScore = Math.min(description.weight * 0.3, 0.6);
  if (own.weight === 0 && descriptionScore === 0) return undefined;
  const measureClass = classOf(measure);
  // why: words of the measure the question did not say make it a less likely reading.
  const unsaid = measure.words.length - own.tokenIndexes.length;
  let score =
    own.weight + own.coverage - unsaid * 0.4 + descriptionScore + classPreference[measureClass] / 100;
  for (const cue of cues) {
    if (fitsCue(measureClass, cue)) score += 0.75;
    else if (measureClass !== 'other' && !(cue === 'distinct' && measureClass === 'count')) score -= 0.5;
  }
  if (isDerived(measureClass) && ![...cues].some((cue) => fitsCue(measureClass, cue))) score -= 0.25;
  let tokenIndexes = own.tokenIndexes;
  if (!measure.isNamedBySource) {
    const remaining = indexes.filter((index) => !own.tokenIndexes.includes(index));
    const sourceMatch = matchWords(tokens, remaining, source.words, true);
    if (sourceMatch.weight > 0 && own.weight > 0) {
      score += 0.5;
      tokenIndexes = [...tokenIndexes, ...sourceMatch.tokenIndexes];
    }
  }
  return { measure, score, tokenIndexes };
}

/** Words that end the head of "revenue of completed orders": what follows qualifies the measure. */
const qualifierWords = new Set(['of', 'for', 'from', 'among', 'with', 'in']);

/**
 * The measure a question names, read from its head first: in "revenue of completed orders" the measure
 * is revenue, and "completed orders" only narrows it, even where a "completed orders" measure exists.
 */
export function chooseHeadMeasure(
  source: WordedSource,
  tokens: QuestionTokens,
  indexes: readonly number[],
  cues: ReadonlySet<AggregationCue>,
): MeasureChoice {
  // why: "revenue excluding cancelled orders" qualifies revenue as "revenue of completed orders" does.
  const qualifiers = tokens.tokens.flatMap((token, index) =>
    index > 0 &&
    ((qualifierWords.has(token.lower) && tokens.isFree(index)) ||
      tokens.purposeAt(index) === conditionPurpose)
      ? [index]
      : [],
  );
  // why: in "number of payments for web orders" the head "number" names nothing; "number of payments",
  // up to the next qualifier, is the head that names the measure.
  for (const qualifier of qualifiers) {
    const head = chooseMeasure(
      source,
      tokens,
      indexes.filter((index) => index < qualifier),
      cues,
    );
    if (head.best !== undefined && head.best.tokenIndexes.length > 0) return head;
  }
  return chooseMeasure(source, tokens, indexes, cues);
}

/** The source's measure the question names best, and a rival when two fit equally well. */
export function chooseMeasure(
  source: WordedSource,
  tokens: QuestionTokens,
  indexes: readonly number[],
  cues: ReadonlySet<AggregationCue>,
): MeasureChoice {
  const candidates = source.members
    .filter((member) => member.member.kind === 'measure')
    .flatMap((measure) => scoreMeasure(measure, source, tokens, indexes, cues) ?? [])
    .sort((left, right) => right.score - left.score);
  const [best, second] = candidates;
  if (best === undefined) return {};
  const isTie = second !== undefined && Math.abs(best.score - second.score) < 1e-9;
  return isTie ? { best, rival: second } : { best };
}
