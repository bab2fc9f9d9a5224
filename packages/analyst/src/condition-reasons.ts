import type { ConditionPhrase } from './condition-phrases.js';
import { isIdentifier } from './filter-matching.js';
import type { Leftover } from './leftover-words.js';
import type { WordedMember } from './member-words.js';
import { inSentence, listText, measureTitle, memberTitle } from './plan-wording.js';
import type { SourceReading } from './source-reading.js';
import type { TimeIntent } from './time-phrases.js';
import type { PartialValueList } from './value-lists.js';

/** Every refusal of a data question starts so, then says why and what would work. */
export const refusalLead = "I can't answer that because";
const maximumKnown = 8;

function quoted(items: readonly string[]): string {
  return listText(items.slice(0, maximumKnown).map((item) => `"${item}"`));
}

/** The question the plan can answer without the part it could not place, in the user's terms. */
export function closestQuestion(reading: SourceReading, time: TimeIntent, extraGroup?: string): string {
  const title =
    reading.measure === undefined
      ? inSentence(reading.source.source.title)
      : measureTitle(reading.measure, reading.source);
  const groups = reading.groups.map((group) => memberTitle(group.dimension));
  const grain = time.granularity === undefined ? [] : [time.granularity];
  const by = [...grain, ...groups, ...(extraGroup === undefined ? [] : [extraGroup])];
  return `"${title}${by.length > 0 ? ` by ${listText(by)}` : ''}${time.range ? ` ${time.range.words}` : ''}"`;
}

/** A string dimension to break the measure down by, so the user can read the rows a filter would pick. */
function breakdown(reading: SourceReading, words: readonly string[]): WordedMember | undefined {
  const dimensions = reading.source.members.filter(
    (member) =>
      member.member.kind === 'dimension' && member.member.type === 'string' && !isIdentifier(member),
  );
  return dimensions.find((member) => member.words.some((word) => words.includes(word))) ?? dimensions[0];
}

function breakdownQuestion(reading: SourceReading, words: readonly string[]): string | undefined {
  const dimension = breakdown(reading, words);
  if (dimension === undefined || reading.measure === undefined) return undefined;
  return `"${measureTitle(reading.measure, reading.source)} by ${memberTitle(dimension)}"`;
}

export function negatedSegmentReason(
  reading: SourceReading,
  segment: WordedMember,
  phrase: ConditionPhrase,
): string {
  const title = inSentence(segment.shortTitle);
  const opposite = breakdownQuestion(reading, [...segment.words, ...segment.descriptionWords]);
  const alternatives = [...(opposite ? [opposite] : []), `"${segment.shortTitle}"`];
  return `${refusalLead} "${phrase.text}" asks for the rows outside the segment "${title}" of ${reading.source.source.title}, and a query over the model can apply a segment but not leave it out. I can answer ${listText(alternatives).replace(/ and "/, ' or "')} instead.`;
}

export function unplacedConditionReason(
  reading: SourceReading,
  time: TimeIntent,
  phrase: ConditionPhrase,
  words: readonly string[],
): string {
  const what =
    words.length === 0
      ? `I could not tell what "${phrase.text}" applies to`
      : `I could not tell what "${phrase.text}" leaves out: ${quoted(words)} is no value, flag or field I know in ${reading.source.source.title}`;
  const breakdownText = breakdownQuestion(reading, []);
  return `${refusalLead} ${what}, and answering without it would count the rows it means to leave out. I can answer ${closestQuestion(reading, time)} for all rows${breakdownText ? `, or ${breakdownText}` : ''}.`;
}

export function partialListReason(reading: SourceReading, time: TimeIntent, list: PartialValueList): string {
  const title = memberTitle(list.member);
  const byMember = closestQuestion(reading, time, title);
  if (list.isMeasureWord === true) {
    const measure =
      reading.measure === undefined ? '' : ` "${measureTitle(reading.measure, reading.source)}"`;
    return `${refusalLead} ${quoted(list.missing)} is a ${title} joined to other values, but it is also part of the measure${measure}, so I cannot tell whether you want each ${title} or that measure. I can answer ${byMember}.`;
  }
  const more = list.known.length > maximumKnown ? ' and more' : '';
  const known = list.known.length === 0 ? '' : ` (I know ${quoted(list.known)}${more})`;
  const verb = list.missing.length === 1 ? 'is' : 'are';
  return `${refusalLead} ${quoted(list.missing)} ${verb} not a ${title} I know${known}, so an answer would cover only some of the values you named. I can answer ${byMember}.`;
}

function isYear(word: string): boolean {
  return /^(19|20)\d{2}$/.test(word);
}

export function leftoverReason(reading: SourceReading, time: TimeIntent, leftover: Leftover): string {
  const closest = closestQuestion(reading, time);
  const measure =
    reading.measure === undefined ? 'the measure' : `"${measureTitle(reading.measure, reading.source)}"`;
  switch (leftover.kind) {
    case 'number':
      if (isYear(leftover.word) && time.range !== undefined) {
        return `${refusalLead} the question names "${leftover.word}" besides "${time.range.words}", and one query covers one period. I can answer ${closest}, or ${measure} by year.`;
      }
      return `${refusalLead} I could not tell what "${leftover.word}" refers to: I do not filter or rank on numbers other than dates and "top N". I can answer ${closest}.`;
    case 'comparison':
      return `${refusalLead} "${leftover.word}" asks to compare or divide figures, and I answer one measure per question, with no measure in the model for that comparison. I can answer ${closest}.`;
    case 'member': {
      const named = `"${inSentence(leftover.member.shortTitle)}"`;
      if (leftover.member.member.kind === 'measure') {
        return `${refusalLead} the question names two measures, ${measure} and ${named}, and I answer one measure per question. Ask for each on its own, e.g. ${closest}.`;
      }
      return `${refusalLead} I did not see how "${leftover.word}" (${named}) applies to ${measure}. I can answer ${closest}, or break it down with "by ${inSentence(leftover.member.shortTitle)}".`;
    }
    case 'source':
      return `${refusalLead} the question is about ${leftover.source.source.title}, but the closest measure I found is ${measure} of ${reading.source.source.title}, which does not count them. I can answer ${closest}.`;
    case 'entity':
      return `${refusalLead} "${leftover.word}" names the ${leftover.source.source.title} themselves, not a field to break ${measure} down by, and a figure per ${leftover.word} (a ratio) is no measure of the model. I can answer ${closest}.`;
  }
}
