import type { AggregationCue } from './analyst-vocabulary.js';
import { refusalLead } from './condition-reasons.js';
import type { GroupPhrase } from './group-phrases.js';
import type { MeasureCandidate } from './measure-matching.js';
import type { WordedSource } from './member-words.js';
import {
  exampleQuestions,
  inSentence,
  listText,
  lowerFirst,
  measureTitle,
  memberTitle,
} from './plan-wording.js';
import type { QuestionReading, SourceReading } from './source-reading.js';
import type { TimeIntent } from './time-phrases.js';
import type { UnreachedValue } from './unreached-values.js';

const maximumListed = 8;

function quotedList(items: readonly string[]): string {
  return listText(items.slice(0, maximumListed).map((item) => `"${item}"`));
}

function examplesSentence(sources: readonly WordedSource[]): string {
  const examples = exampleQuestions(sources);
  return examples.length === 0 ? '' : ` For example: ${listText(examples)}.`;
}

export function greetingReason(sources: readonly WordedSource[]): string {
  if (sources.length === 0) {
    return 'Hello! I answer questions about your data, but I found no cubes or views that I can query for you.';
  }
  return `Hello! I am the built-in analyst: I answer questions about your data with one query each.${examplesSentence(sources)}`;
}

/** Why no cube or view could answer: nothing found, no measure named, or no date where one was asked for. */
export function noReadingReason(
  question: string,
  reading: QuestionReading,
  readings: readonly SourceReading[],
  sources: readonly WordedSource[],
): string {
  if (sources.length === 0) {
    return `${refusalLead} I found nothing in the data model that matches "${question.trim()}".`;
  }
  const withoutTime = readings.find(
    (candidate) => candidate.measure !== undefined && candidate.isTimeMissing,
  );
  if (withoutTime?.measure !== undefined) {
    const title = measureTitle(withoutTime.measure, withoutTime.source);
    const asked = reading.time.range?.words ?? `by ${reading.time.granularity ?? 'date'}`;
    return `${refusalLead} ${lowerFirst(title)} (${withoutTime.source.source.title}) has no date I could use for "${asked}". I can answer "${title}" for all time.`;
  }
  const measures = sources.flatMap((source) =>
    source.members
      .filter((member) => member.member.kind === 'measure')
      .map((member) => `${inSentence(member.shortTitle)} (${source.source.title})`),
  );
  return `${refusalLead} I could not tell which measure your question is about.${
    measures.length === 0 ? '' : ` Measures I can use include ${quotedList(measures)}.`
  }${examplesSentence(sources)}`;
}

export function ambiguousReason(reading: SourceReading, rival: MeasureCandidate): string {
  const first = reading.measure === undefined ? '' : measureTitle(reading.measure, reading.source);
  const second = measureTitle(rival, reading.source);
  return `${refusalLead} your question fits two measures of ${reading.source.source.title} equally well: "${first}" and "${second}". Which one do you mean?`;
}

const cueNames: Record<AggregationCue, string> = {
  avg: 'an average',
  min: 'a minimum',
  max: 'a maximum',
  sum: 'a total',
  count: 'a count',
  distinct: 'a distinct count',
};

export function cueMismatchReason(reading: SourceReading, cues: readonly AggregationCue[]): string {
  const title = reading.measure === undefined ? '' : measureTitle(reading.measure, reading.source);
  const asked = listText(cues.map((cue) => cueNames[cue]));
  return `${refusalLead} you asked for ${asked}, but the closest measure I found is "${title}" (${reading.source.source.title}), which is not one. Ask for "${title}" directly, or add such a measure to the model.`;
}

function dimensionTitles(source: WordedSource): string[] {
  return source.members
    .filter((member) => member.member.kind === 'dimension' && member.member.type !== 'time')
    .map(memberTitle);
}

export function unmatchedGroupReason(reading: SourceReading, phrase: GroupPhrase): string {
  const title =
    reading.measure === undefined ? 'the measure' : `"${measureTitle(reading.measure, reading.source)}"`;
  const dimensions = dimensionTitles(reading.source);
  return `${refusalLead} I found ${title} in ${reading.source.source.title}, but nothing called "${phrase.text}" to break it down by.${
    dimensions.length === 0 ? '' : ` It can be broken down by ${quotedList(dimensions)}.`
  }`;
}

export function unknownNameReason(reading: SourceReading, name: string): string {
  const dimensions = reading.source.members
    .filter((member) => member.member.kind === 'dimension' && member.member.type === 'string')
    .map(memberTitle);
  return `${refusalLead} I could not find "${name}" in ${reading.source.source.title}: it is not a value I know of ${
    dimensions.length === 0 ? 'any dimension' : quotedList(dimensions)
  }, so I did not guess a filter. Check the spelling, or ask without it.`;
}

/** A period of the question that is not one range ("in 2021 and 2023", "the end of 2024"). */
export function unplacedPeriodReason(time: TimeIntent, words: string): string {
  const read =
    time.range === undefined ? '' : ` I read "${time.range.words}" as a period, but not "${words}" with it.`;
  return `I can't answer that because I could not read "${words}" as part of one date range.${read} Ask for one period at a time (a year, a quarter, a month, or "between <start> and <end>"), or a breakdown by year, quarter or month.`;
}

/** "The 5 largest orders" where nothing names each order: a ranking without things to rank. */
export function unrankedReason(reading: SourceReading): string {
  const title =
    reading.measure === undefined ? 'the measure' : `"${measureTitle(reading.measure, reading.source)}"`;
  const dimensions = dimensionTitles(reading.source);
  return `I can't answer that because I found nothing to rank: ${title} in ${reading.source.source.title} has no name for each of the things you asked about.${
    dimensions.length === 0 ? '' : ` It can be ranked by ${quotedList(dimensions)}.`
  }`;
}

/** A value of the question that only a source the reading does not reach holds ("web" of the orders' channel). */
export function unreachedValueReason(reading: SourceReading, unreached: UnreachedValue): string {
  return `${refusalLead} "${unreached.words}" is a value of "${memberTitle(unreached.member)}" of ${
    unreached.owner.source.title
  }, which ${reading.source.source.title} cannot filter on, so I did not answer for every row instead. Ask about ${
    unreached.owner.source.title
  } directly, or ask without it.`;
}
