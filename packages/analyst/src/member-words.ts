import type { AnalystMetadataMember, AnalystMetadataSource } from './analyst-plan.types.js';
import { aggregationWords } from './analyst-vocabulary.js';
import { stemOf } from './question-tokens.js';
import { searchTerms } from './search-terms.js';

/** A member of the metadata with the words that say what it is. */
export interface WordedMember {
  readonly member: AnalystMetadataMember;
  /** The name inside its source (`total_amount`), as SQL over the source writes it. */
  readonly localName: string;
  /** The member's own title, without its source's. */
  readonly shortTitle: string;
  /** Stems of its name and title; for a measure, without aggregation words. */
  readonly words: readonly string[];
  /** Whether `words` are its source's, because its own only said "count" or "total". */
  readonly isNamedBySource: boolean;
  /** Stems of its description and synonyms that are not in `words`. */
  readonly descriptionWords: readonly string[];
}

export interface WordedSource {
  readonly source: AnalystMetadataSource;
  /** Position in the metadata search's ranking, best first. */
  readonly rank: number;
  readonly words: readonly string[];
  readonly members: readonly WordedMember[];
}

const aggregationStems = new Set([...aggregationWords].map(stemOf));

function unique(words: readonly string[]): string[] {
  return [...new Set(words)];
}

function termsOf(texts: readonly (string | undefined)[]): string[] {
  return unique(texts.flatMap((text) => (text === undefined ? [] : searchTerms(text))));
}

export function shortTitleOf(member: AnalystMetadataMember, source: AnalystMetadataSource): string {
  const prefix = `${source.title} `;
  return member.title.startsWith(prefix) && member.title.length > prefix.length
    ? member.title.slice(prefix.length)
    : member.title;
}

function wordedMember(member: AnalystMetadataMember, source: AnalystMetadataSource, sourceWords: string[]) {
  const localName = member.name.startsWith(`${source.name}.`)
    ? member.name.slice(source.name.length + 1)
    : member.name;
  const shortTitle = shortTitleOf(member, source);
  // why: synonyms are alternatives, not more words of one name; counted here, every synonym the question
  // did not say would count against the member. They pick a member like its description does.
  const ownWords = termsOf([localName, shortTitle]);
  const significant =
    member.kind === 'measure' ? ownWords.filter((word) => !aggregationStems.has(word)) : ownWords;
  const isNamedBySource = significant.length === 0;
  const words = isNamedBySource ? sourceWords : significant;
  return {
    member,
    localName,
    shortTitle,
    words,
    isNamedBySource,
    descriptionWords: termsOf([member.description, ...(member.synonyms ?? [])]).filter(
      (word) => !words.includes(word),
    ),
  };
}

/** The metadata with the words of each source and member worked out once per question. */
export function wordedSources(cubes: readonly AnalystMetadataSource[]): WordedSource[] {
  return cubes.map((source, rank) => {
    const words = termsOf([source.name, source.title, ...(source.synonyms ?? [])]);
    return {
      source,
      rank,
      words,
      members: source.members.map((member) => wordedMember(member, source, words)),
    };
  });
}
