import { type FilterChoice, isIdentifier } from './filter-matching.js';
import { addDays, formatDate } from './local-calendar.js';
import type { MeasureCandidate } from './measure-matching.js';
import type { WordedMember, WordedSource } from './member-words.js';
import { stemOf } from './question-tokens.js';
import type { TimeRange } from './time-phrases.js';

const nameStem = stemOf('name');

/** A title inside a sentence: "Deal Amount" → "deal amount", but acronyms ("AOV", "SKU") stay. */
export function inSentence(title: string): string {
  return title
    .split(' ')
    .map((word) => (/^\p{Lu}[\p{Ll}\p{N}'’-]*$/u.test(word) ? word.toLowerCase() : word))
    .join(' ');
}

/** "Number of deals" → "number of deals" inside a sentence; "AOV by month" stays. */
export function lowerFirst(text: string): string {
  return /^\p{Lu}{2,}\b/u.test(text) ? text : text.charAt(0).toLowerCase() + text.slice(1);
}

export function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What a measure is called in an answer; a bare "Count" is named after its source. */
export function measureTitle(candidate: MeasureCandidate, source: WordedSource): string {
  const { measure } = candidate;
  if (!measure.isNamedBySource) return capitalized(inSentence(measure.shortTitle));
  const aggType = measure.member.aggType ?? '';
  if (aggType === 'count') return `Number of ${inSentence(source.source.title)}`;
  return capitalized(`${inSentence(source.source.title)} ${inSentence(measure.shortTitle)}`);
}

/**
 * What the first row of a ranking has: "the highest revenue", "the lowest average order value"; a count
 * is of things, so "the most orders", "the fewest customers".
 */
export function rankedByText(candidate: MeasureCandidate, source: WordedSource, isHighest: boolean): string {
  const aggType = candidate.measure.member.aggType ?? '';
  if (aggType !== 'count' && !aggType.startsWith('countDistinct')) {
    return `the ${isHighest ? 'highest' : 'lowest'} ${lowerFirst(measureTitle(candidate, source))}`;
  }
  const things = candidate.measure.isNamedBySource ? source.source.title : candidate.measure.shortTitle;
  return `the ${isHighest ? 'most' : 'fewest'} ${lowerFirst(inSentence(things))}`;
}

export function memberTitle(member: WordedMember): string {
  return inSentence(member.shortTitle);
}

export function rangeText(range: TimeRange): string {
  const { start, end } = range;
  if (start !== undefined && end !== undefined) {
    const last = formatDate(addDays(end, -1));
    return `${range.words} (${formatDate(start) === last ? last : `${formatDate(start)} to ${last}`})`;
  }
  if (start !== undefined) return `${range.words} (from ${formatDate(start)})`;
  return end === undefined ? range.words : `${range.words} (before ${formatDate(end)})`;
}

/** "is web or app", "is not cancelled", "is neither cancelled nor returned", "is none of a, b and c". */
function valuesText(values: readonly string[], isNegated: boolean): string {
  const [first, second] = values;
  if (!isNegated)
    return `is ${values.slice(0, -1).join(', ')}${values.length > 1 ? ' or ' : ''}${values[values.length - 1]}`;
  if (values.length === 1) return `is not ${first}`;
  if (values.length === 2) return `is neither ${first} nor ${second}`;
  return `is none of ${listText(values)}`;
}

function filterText(filter: FilterChoice): string {
  const title = memberTitle(filter.member);
  if (filter.kind === 'flag') return `${title} is ${filter.isNegated ? 'false' : 'true'}`;
  if (filter.kind === 'values') return `${title} ${valuesText(filter.values, filter.isNegated)}`;
  if (filter.kind === 'presence') return `${title} is ${filter.isSet ? 'set' : 'empty'}`;
  return title;
}

/**
 * The range and filters in words, to follow a measure's title: "in 2024 (2024-01-01 to 2024-12-31), where
 * stage is Won", "last month (…), only completed orders".
 */
export function scopeText(range: TimeRange | undefined, filters: readonly FilterChoice[]): string {
  const conditions = filters.filter((filter) => filter.kind !== 'segment').map(filterText);
  const segments = filters.filter((filter) => filter.kind === 'segment').map(filterText);
  return [
    ...(range === undefined ? [] : [rangeText(range)]),
    ...(conditions.length === 0 ? [] : [`where ${conditions.join(' and ')}`]),
    ...(segments.length === 0 ? [] : [`only ${segments.join(' and ')}`]),
  ].join(', ');
}

export function listText(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Up to three example questions drawn from the metadata, so a refusal says what would work. */
export function exampleQuestions(sources: readonly WordedSource[]): string[] {
  const examples: string[] = [];
  for (const source of sources) {
    const measure = source.members.find((member) => member.member.kind === 'measure');
    if (measure === undefined) continue;
    const title = measureTitle({ measure, score: 0, tokenIndexes: [] }, source);
    const dimensions = source.members.filter(
      (member) =>
        member.member.kind === 'dimension' && member.member.type === 'string' && !isIdentifier(member),
    );
    const dimension = dimensions.find((member) => !member.words.includes(nameStem)) ?? dimensions[0];
    const hasTime = source.members.some(
      (member) => member.member.kind === 'dimension' && member.member.type === 'time',
    );
    if (hasTime) examples.push(`${title} by month this year`);
    if (dimension !== undefined) examples.push(`${title} by ${inSentence(dimension.shortTitle)}`);
    if (!hasTime && dimension === undefined) examples.push(title);
    if (examples.length >= 3) break;
  }
  return examples.slice(0, 3).map((example) => `"${example}"`);
}
