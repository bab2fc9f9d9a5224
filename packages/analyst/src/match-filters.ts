import type { AnalystPlanOptions } from './analyst-plan.types.js';
import { matchPresence, releaseConditions, unplacedCondition } from './condition-matching.js';
import type { ConditionPhrase } from './condition-phrases.js';
import { negatedSegmentReason, partialListReason, unplacedConditionReason } from './condition-reasons.js';
import { type FilterChoice, matchFlags, matchValues, negatedSegment } from './filter-matching.js';
import type { WordedSource } from './member-words.js';
import type { QuestionTokens } from './question-tokens.js';
import type { SourceReading } from './source-reading.js';
import type { TimeIntent } from './time-phrases.js';

export type FilterMatch = { readonly filters: FilterChoice[] } | { readonly refusal: string };

/**
 * The filters of a reading: "not"/"without" phrases placed as negated values, negated flags or empty
 * fields, then flags and values named outright; or why a phrase cannot be placed (a segment cannot be
 * negated, a value list that no one dimension holds, a word that names nothing), since answering
 * without it would answer another question.
 */
export async function matchFilters(
  reading: SourceReading,
  tokens: QuestionTokens,
  time: TimeIntent,
  phrases: readonly ConditionPhrase[],
  options: AnalystPlanOptions,
  reachable: readonly WordedSource[] = [],
): Promise<FilterMatch> {
  const { source } = reading;
  releaseConditions(tokens, phrases);
  const presence = matchPresence(source, tokens, phrases);
  const flags = matchFlags(source, tokens, phrases);
  const values = await matchValues(source, tokens, options.lookupValues, phrases, reachable);
  // why: "not completed" names a status value before a boolean that may be a segment in disguise.
  const negatedFlags = matchFlags(source, tokens, phrases, true);
  if (values.partialList !== undefined) {
    return { refusal: partialListReason(reading, time, values.partialList) };
  }
  const segment = negatedSegment(source, tokens, phrases);
  if (segment !== undefined)
    return { refusal: negatedSegmentReason(reading, segment.member, segment.phrase) };
  const unplaced = unplacedCondition(tokens, phrases);
  if (unplaced !== undefined) {
    const words = unplaced.scope
      .filter((index) => tokens.isFree(index))
      .map((index) => tokens.tokens[index]?.text ?? '');
    return { refusal: unplacedConditionReason(reading, time, unplaced, words) };
  }
  return { filters: [...presence, ...flags, ...values.filters, ...negatedFlags] };
}
