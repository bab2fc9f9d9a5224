import type { AggregationCue } from './analyst-vocabulary.js';
import { chooseTimeDimension, matchDimension } from './dimension-matching.js';
import type { GroupPhrase } from './group-phrases.js';
import { matchJoinedDimension } from './joined-dimension.js';
import { chooseHeadMeasure, chooseMeasure, type MeasureCandidate } from './measure-matching.js';
import type { WordedMember, WordedSource } from './member-words.js';
import type { QuestionTokens } from './question-tokens.js';
import type { RankingIntent } from './ranking-phrases.js';
import type { TimeIntent } from './time-phrases.js';

export interface GroupChoice {
  readonly phrase: GroupPhrase;
  readonly dimension: WordedMember;
  readonly score: number;
}

/** How one cube or view would answer the question, and how well. */
export interface SourceReading {
  readonly source: WordedSource;
  readonly measure?: MeasureCandidate;
  /** A second measure of this source that fits as well as `measure`. */
  readonly rival?: MeasureCandidate;
  readonly groups: readonly GroupChoice[];
  /** `by` phrases, and the entity of a ranking, that name no dimension of this source. */
  readonly unmatched: readonly GroupPhrase[];
  readonly timeDimension?: WordedMember;
  readonly timeTokenIndexes: readonly number[];
  /** The question names a time range or grain and the source has no time dimension. */
  readonly isTimeMissing: boolean;
  readonly score: number;
}

export interface QuestionReading {
  readonly tokens: QuestionTokens;
  readonly phrases: readonly GroupPhrase[];
  readonly time: TimeIntent;
  readonly ranking?: RankingIntent;
  readonly cues: ReadonlySet<AggregationCue>;
}

/** Penalty per `by` phrase a source cannot group by: a source that can should win. */
const unmatchedPenalty = 3;

/** In "top 5 products by revenue", the `by` phrase names what to rank by: a measure. */
function namesMeasure(source: WordedSource, question: QuestionReading, phrase: GroupPhrase): boolean {
  // why: in "the best day by revenue" the ranked thing is the time grain, and "revenue" what ranks it.
  const isRankedThing =
    question.phrases.some((other) => other.kind === 'entity') || question.time.granularity !== undefined;
  if (question.ranking === undefined || !isRankedThing) return false;
  const { best } = chooseMeasure(source, question.tokens, phrase.indexes, question.cues);
  return best?.tokenIndexes.some((index) => phrase.indexes.includes(index)) === true;
}

/**
 * The dimension an entity phrase names, from its whole text or else its longest leading part: in "which
 * accounts closed the most deals" the entity is "accounts" and "closed deals" is left to name the measure.
 */
function matchEntity(
  source: WordedSource,
  reachable: readonly WordedSource[],
  tokens: QuestionTokens,
  phrase: GroupPhrase,
): GroupChoice | undefined {
  for (let length = phrase.indexes.length; length > 0; length -= 1) {
    const indexes = phrase.indexes.slice(0, length);
    const part: GroupPhrase =
      length === phrase.indexes.length
        ? phrase
        : { ...phrase, indexes, text: indexes.map((index) => tokens.tokens[index]?.text ?? '').join(' ') };
    const own = matchDimension(source, tokens, part);
    // why: "which destination country has…" on shipments ranks the customer's country, through the join.
    const candidate = own?.isComplete ? own : matchJoinedDimension(reachable, tokens, part);
    if (candidate?.isComplete)
      return { phrase: part, dimension: candidate.dimension, score: candidate.score };
  }
  return undefined;
}

/**
 * "The busiest month" names no measure: a time grain ranked counts the source's rows. It scores nothing,
 * so a source whose measure the question names wins.
 */
function rankedTimeCount(source: WordedSource, question: QuestionReading): MeasureCandidate | undefined {
  if (question.ranking === undefined || question.time.granularity === undefined) return undefined;
  if (question.phrases.length > 0) return undefined;
  const count = source.members.find(
    (member) =>
      member.member.kind === 'measure' && member.member.aggType === 'count' && member.isNamedBySource,
  );
  return count && { measure: count, score: 0, tokenIndexes: [] };
}

/** How `source` answers the question; `reachable` cubes it joins may take a `by` phrase it has no dimension for. */
export function readSource(
  source: WordedSource,
  question: QuestionReading,
  reachable: readonly WordedSource[] = [],
): SourceReading {
  const { tokens, time } = question;
  const groups: GroupChoice[] = [];
  const unmatched: GroupPhrase[] = [];
  for (const phrase of question.phrases) {
    if (phrase.kind === 'by' && namesMeasure(source, question, phrase)) continue;
    if (phrase.kind === 'entity') {
      const entity = matchEntity(source, reachable, tokens, phrase);
      if (entity !== undefined) groups.push(entity);
      // why: "which store had the highest revenue" ranks stores; a source that cannot name stores would
      // answer another question (the total), so it loses to one that can, as for an unmatched `by` phrase.
      else if (question.ranking !== undefined) unmatched.push(phrase);
      continue;
    }
    const candidate =
      matchDimension(source, tokens, phrase) ?? matchJoinedDimension(reachable, tokens, phrase);
    if (candidate !== undefined) {
      groups.push({ phrase, dimension: candidate.dimension, score: candidate.score });
    } else {
      unmatched.push(phrase);
    }
  }
  const grouped = new Set(groups.flatMap((group) => group.phrase.indexes));
  const measureIndexes = tokens.freeIndexes().filter((index) => !grouped.has(index));
  const named = chooseHeadMeasure(source, tokens, measureIndexes, question.cues);
  const { rival } = named;
  const measure = named.best ?? rankedTimeCount(source, question);
  const timeGroup = groups.find((group) => group.dimension.member.type === 'time');
  const needsTime = time.range !== undefined || time.granularity !== undefined;
  let timeDimension = timeGroup?.dimension;
  let timeTokenIndexes: readonly number[] = [];
  if (timeDimension === undefined && needsTime) {
    const rest = measureIndexes.filter((index) => !measure?.tokenIndexes.includes(index));
    const chosen = chooseTimeDimension(source, tokens, rest, measure?.measure);
    timeDimension = chosen?.dimension;
    timeTokenIndexes = chosen?.tokenIndexes ?? [];
  }
  const isTimeMissing = needsTime && timeDimension === undefined;
  const groupScore = groups.reduce(
    (sum, group) => sum + (group.phrase.kind === 'by' ? group.score : group.score / 2),
    0,
  );
  const score = (measure?.score ?? 0) + groupScore - unmatched.length * unmatchedPenalty;
  return {
    source,
    ...(measure === undefined ? {} : { measure }),
    ...(rival === undefined ? {} : { rival }),
    groups,
    unmatched,
    ...(timeDimension === undefined ? {} : { timeDimension }),
    timeTokenIndexes,
    isTimeMissing,
    score,
  };
}

/** Readings that can answer (a measure, and the time they need), best score first, then the search's ranking. */
export function answeringReadings(readings: readonly SourceReading[]): SourceReading[] {
  return readings
    .filter((reading) => reading.measure !== undefined && !reading.isTimeMissing)
    .sort((left, right) => right.score - left.score || left.source.rank - right.source.rank);
}
