import type { AnalystPlanOptions, AnalystRefusal } from './analyst-plan.types.js';
import { type AggregationCue, aggregationCues, fillerWords, smallTalkWords } from './analyst-vocabulary.js';
import { readConditionPhrases, titleStems } from './condition-phrases.js';
import { chooseTimeDimension } from './dimension-matching.js';
import type { FilterChoice } from './filter-matching.js';
import { readFollowUpLead } from './follow-up-lead.js';
import { unchangedFollowUp, undatedFollowUp, unplacedFollowUp } from './follow-up-reasons.js';
import { readGroupPhrases } from './group-phrases.js';
import { todayIn } from './local-calendar.js';
import { matchFilters } from './match-filters.js';
import {
  chooseHeadMeasure,
  chooseMeasure,
  classOf,
  fitsCue,
  type MeasureCandidate,
} from './measure-matching.js';
import type { WordedMember, WordedSource } from './member-words.js';
import { type QueryParts, readCues } from './plan-analyst-query.js';
import { measureTitle } from './plan-wording.js';
import { buildQueryPlan } from './query-plan.builder.js';
import { QuestionTokens } from './question-tokens.js';
import { readRanking } from './ranking-phrases.js';
import {
  ambiguousReason,
  cueMismatchReason,
  unknownNameReason,
  unmatchedGroupReason,
} from './refusal-reasons.js';
import { type GroupChoice, readSource, type SourceReading } from './source-reading.js';
import { readTimeIntent, type TimeIntent } from './time-phrases.js';
import { findUnknownName } from './unknown-names.js';

/** Cues that ask for another kind of number than the previous measure ("and the average?"). */
const changingCues = new Set<AggregationCue>(['avg', 'min', 'max', 'count', 'distinct']);

function useIndexes(tokens: QuestionTokens, indexes: readonly number[], purpose: string): void {
  for (const index of indexes) tokens.use({ start: index, end: index + 1 }, purpose);
}

/**
 * The measure of the follow-up: one it names by its own words ("what about revenue?"), else the
 * previous measure's counterpart of the kind a cue asks for ("and the average?"), else the previous one.
 * A measure named only by its source's words ("orders") needs a cue ("how many orders"), since in
 * "only completed orders" the word only says which rows; so does a count of rows when the follow-up
 * filters (`isFiltering`): in "only for Express shipments" on a view, "shipments" names the rows kept.
 */
function chooseFollowUpMeasure(
  tokens: QuestionTokens,
  cues: ReadonlySet<AggregationCue>,
  previous: SourceReading & { readonly measure: MeasureCandidate },
  isFiltering: boolean,
): MeasureCandidate | AnalystRefusal {
  const { source } = previous;
  const named = chooseHeadMeasure(source, tokens, tokens.freeIndexes(), cues);
  const { best } = named;
  const namesRows =
    best !== undefined &&
    (best.measure.isNamedBySource || (isFiltering && best.measure.member.aggType === 'count'));
  if (best !== undefined && best.tokenIndexes.length > 0 && (!namesRows || cues.size > 0)) {
    if (named.rival !== undefined)
      return { kind: 'cannot-answer', reason: ambiguousReason({ ...previous, measure: best }, named.rival) };
    useIndexes(tokens, best.tokenIndexes, 'reading');
    return best;
  }
  // why: the words that name the rows are explained by them, not left over.
  if (best !== undefined && namesRows) useIndexes(tokens, best.tokenIndexes, 'reading');
  const previousClass = classOf(previous.measure.measure);
  const asked = [...cues].filter((cue) => changingCues.has(cue) && !fitsCue(previousClass, cue));
  if (asked.length === 0) return previous.measure;
  // why: "and the average?" asks for the average of what the previous measure measured, so only measures
  // of the asked kind compete, on the previous measure's words.
  const fitting: WordedSource = {
    ...source,
    members: source.members.filter(
      (member) => member.member.kind !== 'measure' || asked.every((cue) => fitsCue(classOf(member), cue)),
    ),
  };
  const title = new QuestionTokens(previous.measure.measure.shortTitle);
  const counterpart = chooseMeasure(fitting, title, title.freeIndexes(), cues);
  if (counterpart.best === undefined) {
    return { kind: 'cannot-answer', reason: cueMismatchReason(previous, asked) };
  }
  if (counterpart.rival !== undefined) {
    return {
      kind: 'cannot-answer',
      reason: ambiguousReason({ ...previous, measure: counterpart.best }, counterpart.rival),
    };
  }
  return counterpart.best;
}

/** A new filter on a dimension replaces the previous one on it; one on another dimension adds to them. */
function mergeFilters(previous: readonly FilterChoice[], added: readonly FilterChoice[]): FilterChoice[] {
  const replaced = new Set(added.map((filter) => filter.member.member.name));
  return [...previous.filter((filter) => !replaced.has(filter.member.member.name)), ...added];
}

/** Stems a follow-up's leftover words may have without changing anything: the members the query uses. */
function placedWords(source: WordedSource, members: readonly (WordedMember | undefined)[]): Set<string> {
  return new Set([
    ...source.words,
    ...members.flatMap((member) =>
      member === undefined ? [] : [...member.words, ...member.descriptionWords],
    ),
  ]);
}

/** A word of the follow-up that nothing explained and that names nothing the new query uses. */
function unplacedWord(tokens: QuestionTokens, placed: ReadonlySet<string>): string | undefined {
  for (const index of tokens.freeIndexes()) {
    const token = tokens.tokens[index];
    if (token === undefined || /^\d/.test(token.lower)) continue;
    const isOrdinary =
      fillerWords.has(token.lower) ||
      smallTalkWords.has(token.lower) ||
      aggregationCues.has(token.lower) ||
      placed.has(token.stem);
    if (!isOrdinary) return token.text;
  }
  return undefined;
}

/**
 * A follow-up applied to the parts of the previous question's query: a new period replaces the old one,
 * a new grain or `by` grouping adds to the groupings (or replaces them with "instead"), a filter on a
 * dimension replaces the previous filter on it, a named measure or a ranking replaces the previous one.
 * A follow-up whose words cannot all be placed, or that changes nothing, is refused: answering the
 * previous question again would answer another question.
 */
export async function changeQueryParts(
  question: string,
  previous: QueryParts,
  options: AnalystPlanOptions,
): Promise<QueryParts | AnalystRefusal> {
  const previousMeasure = previous.reading.measure;
  const previousPlan = buildQueryPlan(previous.reading, previous.time, previous.ranking, previous.filters);
  if (previousMeasure === undefined) return unchangedFollowUp(question, previousPlan.description);
  const previousReading = { ...previous.reading, measure: previousMeasure };
  const { source } = previous.reading;
  const tokens = new QuestionTokens(question);
  const lead = readFollowUpLead(tokens);
  const asked = readTimeIntent(tokens, todayIn(options.now, options.timezone));
  const ranking = readRanking(tokens);
  const conditions = readConditionPhrases(
    tokens,
    new Set(source.words),
    titleStems(source.members.map((member) => member.shortTitle)),
  );
  const phrases = readGroupPhrases(tokens, ranking);
  const wasGrouped = previous.reading.groups.length > 0 || previous.time.granularity !== undefined;
  // why: with the previous groupings still there, "the highest" ranks them rather than asking for a max.
  const partial = {
    tokens,
    phrases,
    time: asked,
    ...(ranking === undefined || wasGrouped ? {} : { ranking }),
  };
  const cues = readCues(tokens, partial);
  const read = readSource(source, { ...partial, ...(ranking === undefined ? {} : { ranking }), cues });
  useIndexes(
    tokens,
    read.groups.flatMap((group) => group.phrase.indexes),
    'reading',
  );
  const found = await matchFilters(previousReading, tokens, asked, conditions, options);
  if ('refusal' in found) return { kind: 'cannot-answer', reason: found.refusal };
  const added = found.filters;
  const measure = chooseFollowUpMeasure(tokens, cues, previousReading, added.length > 0);
  if ('kind' in measure) return measure;
  const unmatched = read.unmatched.find((phrase) => phrase.indexes.some((index) => tokens.isFree(index)));
  if (unmatched !== undefined) {
    return {
      kind: 'cannot-answer',
      reason: unmatchedGroupReason({ ...previousReading, measure }, unmatched),
    };
  }
  const isRegrouped = lead.isReplacing && (read.groups.length > 0 || asked.granularity !== undefined);
  const kept: GroupChoice[] = isRegrouped
    ? []
    : previous.reading.groups.filter(
        (group) => !read.groups.some((added) => added.dimension === group.dimension),
      );
  const groups = [...kept, ...read.groups];
  const granularity = asked.granularity ?? (isRegrouped ? undefined : previous.time.granularity);
  const range = asked.range ?? previous.time.range;
  const time: TimeIntent = {
    ...(range === undefined ? {} : { range }),
    ...(granularity === undefined ? {} : { granularity }),
  };
  let timeDimension =
    groups.find((group) => group.dimension.member.type === 'time')?.dimension ??
    previous.reading.timeDimension;
  if (timeDimension === undefined && (range !== undefined || granularity !== undefined)) {
    const chosen = chooseTimeDimension(source, tokens, tokens.freeIndexes(), measure.measure);
    if (chosen === undefined) {
      const words = asked.range?.words ?? `by ${granularity ?? 'date'}`;
      return undatedFollowUp(measureTitle(measure, source), source.source.title, words);
    }
    useIndexes(tokens, chosen.tokenIndexes, 'reading');
    timeDimension = chosen.dimension;
  }
  const filters = mergeFilters(previous.filters, added);
  const reading: SourceReading = {
    ...previous.reading,
    measure,
    groups,
    ...(timeDimension === undefined ? {} : { timeDimension }),
  };
  const unknown = findUnknownName(tokens, source);
  if (unknown !== undefined) return { kind: 'cannot-answer', reason: unknownNameReason(reading, unknown) };
  const members = [measure.measure, timeDimension, ...groups.map((group) => group.dimension)];
  const unplaced = unplacedWord(
    tokens,
    placedWords(source, [...members, ...filters.map((filter) => filter.member)]),
  );
  if (unplaced !== undefined) return unplacedFollowUp(unplaced, previousPlan.description);
  const changedRanking = ranking ?? previous.ranking;
  const parts: QueryParts = {
    kind: 'parts',
    reading,
    time,
    ...(changedRanking === undefined ? {} : { ranking: changedRanking }),
    filters,
  };
  // why: restating a period, filter or measure the query already has ("and last year?" when it was last
  // year) is answered; a follow-up that changes nothing placeable would only repeat the previous answer.
  const isRestated = asked.range !== undefined || added.length > 0 || measure !== previous.reading.measure;
  const plan = buildQueryPlan(parts.reading, parts.time, parts.ranking, parts.filters);
  if (plan.sqlQuery === previousPlan.sqlQuery && !isRestated) {
    return unchangedFollowUp(question, previousPlan.description);
  }
  return parts;
}
