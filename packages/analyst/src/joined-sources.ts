import type { WordedMember, WordedSource } from './member-words.js';
import type { QuestionTokens } from './question-tokens.js';
import { matchWords } from './word-match.js';

/** The cube a member belongs to: its path without its name (`customers` of `customers.country`). */
export function memberCube(member: WordedMember): string {
  const path = member.member.name;
  return path.endsWith(`.${member.localName}`) ? path.slice(0, -member.localName.length - 1) : path;
}

/** Whether a member is not the queried source's own, so the query reaches it through a join. */
export function isJoinedMember(member: WordedMember, source: WordedSource): boolean {
  return memberCube(member) !== source.source.name;
}

/** A joined member's title names its cube when its own does not ("country of stores"). */
function joinedMember(member: WordedMember, owner: WordedSource): WordedMember {
  if (member.words.some((word) => owner.words.includes(word))) return member;
  return { ...member, shortTitle: `${member.shortTitle} of ${owner.source.title}` };
}

/**
 * The cubes of the metadata a cube joins through the model's joins (its `joins`), nearest first, their
 * members titled so an answer can say which cube they belong to. A view joins nothing: it holds its joins.
 */
export function reachableSources(source: WordedSource, sources: readonly WordedSource[]): WordedSource[] {
  if (source.source.type !== 'cube') return [];
  return (source.source.joins ?? []).flatMap((name) => {
    const owner = sources.find(
      (candidate) => candidate.source.name === name && candidate.source.type === 'cube',
    );
    if (owner === undefined || owner === source) return [];
    return [{ ...owner, members: owner.members.map((member) => joinedMember(member, owner)) }];
  });
}

/** Whether the question names a joined member, by its own words or by its cube's ("for customers in …"). */
export function isJoinedMemberNamed(
  tokens: QuestionTokens,
  member: WordedMember,
  owner: WordedSource,
): boolean {
  const indexes = tokens.tokens.map((_token, index) => index);
  return matchWords(tokens, indexes, [...member.words, ...owner.words]).weight > 0;
}

/** Marks the free words that name a joined member or its cube as explained by the filter on it. */
export function useJoinedNames(tokens: QuestionTokens, member: WordedMember, owner: WordedSource): void {
  const match = matchWords(tokens, tokens.freeIndexes(), [...member.words, ...owner.words]);
  for (const index of match.tokenIndexes) tokens.use({ start: index, end: index + 1 }, 'filter');
}
