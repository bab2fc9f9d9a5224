import type {
  AnalystMetadata,
  AnalystPlan,
  AnalystPlanOptions,
  AnalystRefusal,
} from './analyst-plan.types.js';
import { type AggregationCue, aggregationCues, extremeCues, isSmallTalk } from './analyst-vocabulary.js';
import { type ConditionPhrase, readConditionPhrases, titleStems } from './condition-phrases.js';
import { leftoverReason } from './condition-reasons.js';
import type { FilterChoice } from './filter-matching.js';
import { readGroupPhrases } from './group-phrases.js';
import { readingAttempts } from './joined-attempts.js';
import { findLeftover } from './leftover-words.js';
import { todayIn } from './local-calendar.js';
import { matchFilters } from './match-filters.js';
import { classOf, fitsCue } from './measure-matching.js';
import { type WordedSource, wordedSources } from './member-words.js';
import { buildQueryPlan } from './query-plan.builder.js';
import { QuestionTokens, sourceWordPurpose } from './question-tokens.js';
import { type RankingIntent, readRanking } from './ranking-phrases.js';
import {
  ambiguousReason,
  cueMismatchReason,
  greetingReason,
  noReadingReason,
  unknownNameReason,
  unmatchedGroupReason,
  unplacedPeriodReason,
  unrankedReason,
  unreachedValueReason,
} from './refusal-reasons.js';
import { type QuestionReading, readSource, type SourceReading } from './source-reading.js';
import { findUnplacedPeriod, readTimeIntent, type TimeIntent } from './time-phrases.js';
import { findUnknownName } from './unknown-names.js';
import { findUnreachedValue } from './unreached-values.js';

/** Cues that change which number is asked for; "total" or "how many" never make a measure wrong. */
const strictCues = new Set<AggregationCue>(['avg', 'min', 'max']);
/** Readings tried in turn when a better one leaves a name of the question unexplained. */
const maximumAttempts = 3;

/** Aggregation words of the question; a superlative with nothing to rank asks for a max or min. */
export function readCues(
  tokens: QuestionTokens,
  question: Omit<QuestionReading, 'cues'>,
): Set<AggregationCue> {
  const cues = new Set<AggregationCue>();
  tokens.tokens.forEach((token, index) => {
    const cue = aggregationCues.get(token.lower);
    if (cue === undefined || !tokens.isFree(index)) return;
    if ((token.lower === 'many' || token.lower === 'much') && tokens.lowerAt(index - 1) !== 'how') return;
    cues.add(cue);
  });
  const isGrouped = question.phrases.length > 0 || question.time.granularity !== undefined;
  const extreme = question.ranking && !isGrouped ? extremeCues.get(question.ranking.word) : undefined;
  if (extreme !== undefined && question.ranking !== undefined) {
    cues.add(extreme);
    // why: with nothing to rank, "largest" is a word of the measure's name ("Largest deal amount").
    tokens.release(question.ranking);
  }
  return cues;
}

/** Marks the words the chosen reading explains, so filters are looked for among the others only. */
function useReading(tokens: QuestionTokens, reading: SourceReading): void {
  const measure = reading.measure;
  // why: "at the North Clinic" on "Clinic activity": a word the measure took only as its source's name
  // may still be part of a value; the value is the more specific reading of it.
  for (const index of measure?.tokenIndexes ?? []) {
    const isOwnWord = measure?.measure.words.includes(tokens.tokens[index]?.stem ?? '') === true;
    tokens.use({ start: index, end: index + 1 }, isOwnWord ? 'reading' : sourceWordPurpose);
  }
  const indexes = [...reading.groups.flatMap((group) => group.phrase.indexes), ...reading.timeTokenIndexes];
  for (const index of indexes) tokens.use({ start: index, end: index + 1 }, 'reading');
}

/** A final refusal is about the question itself (which measure?); others may suit another source. */
type Attempt = { readonly filters: FilterChoice[] } | { readonly refusal: string; readonly isFinal: boolean };

/** The filters of one reading, or why that reading cannot answer the question. */
async function attempt(
  reading: SourceReading,
  question: QuestionReading,
  conditions: { readonly phrases: readonly ConditionPhrase[]; readonly sources: readonly WordedSource[] },
  options: AnalystPlanOptions,
  reachable: readonly WordedSource[] = [],
  known: readonly WordedSource[] = [],
): Promise<Attempt> {
  const { tokens } = question;
  if (reading.rival !== undefined) {
    return { refusal: ambiguousReason(reading, reading.rival), isFinal: true };
  }
  const measureClass = reading.measure === undefined ? 'other' : classOf(reading.measure.measure);
  const strict = [...question.cues].filter((cue) => strictCues.has(cue));
  if (strict.length > 0 && measureClass !== 'other' && !strict.some((cue) => fitsCue(measureClass, cue))) {
    return { refusal: cueMismatchReason(reading, strict), isFinal: true };
  }
  useReading(tokens, reading);
  const found = await matchFilters(reading, tokens, question.time, conditions.phrases, options, reachable);
  if ('refusal' in found) return { refusal: found.refusal, isFinal: false };
  const { filters } = found;
  const unmatched = reading.unmatched.find((phrase) => phrase.indexes.some((index) => tokens.isFree(index)));
  if (unmatched !== undefined) return { refusal: unmatchedGroupReason(reading, unmatched), isFinal: false };
  const { ranking } = question;
  const isUnranked =
    ranking !== undefined &&
    (ranking.limit !== undefined || !extremeCues.has(ranking.word)) &&
    reading.groups.length === 0 &&
    question.time.granularity === undefined;
  // why: "the 5 largest orders" or "the stores with the most orders" on a source that names no order or
  // store would be answered with one total; "the largest deal" is a max, read as such by readCues.
  if (isUnranked) return { refusal: unrankedReason(reading), isFinal: false };
  const period = findUnplacedPeriod(tokens);
  // why: a period word left over reads as a name ("in the last week of 2025"); say what it is instead.
  if (period !== undefined) return { refusal: unplacedPeriodReason(question.time, period), isFinal: false };
  const reached = new Set([reading.source.source.name, ...reachable.map((cube) => cube.source.name)]);
  const others = [...known, ...conditions.sources].filter((source) => !reached.has(source.source.name));
  const unreached = await findUnreachedValue(tokens, others, options.lookupValues);
  if (unreached !== undefined) return { refusal: unreachedValueReason(reading, unreached), isFinal: false };
  const unknown = findUnknownName(tokens, reading.source, known);
  if (unknown !== undefined) return { refusal: unknownNameReason(reading, unknown), isFinal: false };
  const leftover = findLeftover(tokens, reading, filters, conditions.sources, reachable);
  if (leftover !== undefined)
    return { refusal: leftoverReason(reading, question.time, leftover), isFinal: false };
  return { filters };
}

/** A plural noun in English: "stores", "categories"; not "status" or "class". */
function isPlural(word: string): boolean {
  return /(?<![su])s$/.test(word);
}

/**
 * "Which category earns the most" and "the busiest month" ask for one: with no number given, a ranking
 * of a thing named in the singular returns its first row only; "which customers…" keeps the default list.
 */
function rankingLimit(
  ranking: RankingIntent | undefined,
  reading: SourceReading,
  tokens: QuestionTokens,
  time: TimeIntent,
): RankingIntent | undefined {
  if (ranking === undefined || ranking.limit !== undefined) return ranking;
  const entity = reading.groups.find((group) => group.phrase.kind === 'entity');
  let noun: string | undefined;
  if (entity !== undefined) {
    noun = tokens.lowerAt(entity.phrase.indexes[entity.phrase.indexes.length - 1] ?? -1);
  } else if (reading.groups.length === 0 && time.granularity !== undefined) {
    const unitIndex = tokens.tokens.findIndex(
      (token, index) =>
        token.lower.replace(/s$/, '') === time.granularity &&
        !/^(?:by|per|each|every)$/.test(tokens.lowerAt(index - 1) ?? ''),
    );
    noun = tokens.lowerAt(unitIndex);
  }
  return noun === undefined || isPlural(noun) ? ranking : { ...ranking, limit: 1 };
}

/**
 * What a question asks for, settled on one source but not yet written as SQL: the reading (measure,
 * groupings, time dimension), the time range and grain, the ranking and the filters. A follow-up in a
 * thread changes these parts of the question before it; `buildQueryPlan` writes them as one query.
 */
export interface QueryParts {
  readonly kind: 'parts';
  readonly reading: SourceReading;
  readonly time: TimeIntent;
  readonly ranking?: RankingIntent;
  readonly filters: readonly FilterChoice[];
}

/** The parts of the one query that answers a question, or a plain reason why none can. */
export async function planQueryParts(
  question: string,
  metadata: AnalystMetadata,
  options: AnalystPlanOptions,
): Promise<QueryParts | AnalystRefusal> {
  const tokens = new QuestionTokens(question);
  const sources = wordedSources(metadata.cubes);
  if (isSmallTalk(tokens)) return { kind: 'cannot-answer', reason: greetingReason(sources) };
  const time = readTimeIntent(tokens, todayIn(options.now, options.timezone));
  const ranking = readRanking(tokens);
  const conditions = readConditionPhrases(
    tokens,
    new Set(sources.flatMap((source) => source.words)),
    titleStems(sources.flatMap((source) => source.members.map((member) => member.shortTitle))),
  );
  const phrases = readGroupPhrases(tokens, ranking);
  const partial = { tokens, phrases, time, ...(ranking === undefined ? {} : { ranking }) };
  const reading: QuestionReading = { ...partial, cues: readCues(tokens, partial) };
  const readings = sources.map((source) => readSource(source, reading));
  const before = tokens.snapshot();
  let firstRefusal: string | undefined;
  let refusedMeasureScore = Number.NEGATIVE_INFINITY;
  for (const { reading: candidate, reachable, known } of readingAttempts(
    sources,
    reading,
    readings,
    maximumAttempts,
  )) {
    const measureScore = candidate.measure?.score ?? Number.NEGATIVE_INFINITY;
    // why: a join that names the measure less well than a reading already refused ("deals" as the count
    // of user_deals, after the deals cube could not place a word) would answer another question.
    if (reachable.length > 0 && measureScore < refusedMeasureScore - 1e-9) continue;
    tokens.restore(before);
    const outcome = await attempt(
      candidate,
      reading,
      { phrases: conditions, sources },
      options,
      reachable,
      known,
    );
    if ('filters' in outcome) {
      const limited = rankingLimit(ranking, candidate, tokens, time);
      return {
        kind: 'parts',
        reading: candidate,
        time,
        ...(limited === undefined ? {} : { ranking: limited }),
        filters: outcome.filters,
      };
    }
    if (outcome.isFinal && firstRefusal === undefined)
      return { kind: 'cannot-answer', reason: outcome.refusal };
    firstRefusal ??= outcome.refusal;
    refusedMeasureScore = Math.max(refusedMeasureScore, measureScore);
  }
  return {
    kind: 'cannot-answer',
    reason: firstRefusal ?? noReadingReason(question, reading, readings, sources),
  };
}

/**
 * Plans one query over the model for a question, from the metadata the `platformMeta` search returned:
 * the measure, groupings, time grain and range, filters on known values, ranking and limit; or a plain
 * reason why it cannot.
 */
export async function planAnalystQuery(
  question: string,
  metadata: AnalystMetadata,
  options: AnalystPlanOptions,
): Promise<AnalystPlan> {
  const parts = await planQueryParts(question, metadata, options);
  if (parts.kind === 'cannot-answer') return parts;
  return buildQueryPlan(parts.reading, parts.time, parts.ranking, parts.filters);
}
