import { sqlIdentifier } from './analyst-sql.js';
import type { FilterChoice } from './filter-matching.js';
import { isJoinedMember, memberCube } from './joined-sources.js';
import type { WordedMember } from './member-words.js';
import type { SourceReading } from './source-reading.js';

/**
 * The cubes a query reaches through joins (those of its groupings and filters that are not the source's
 * own), and how its columns are written: bare over one source, qualified by their cube once cubes are
 * joined, since joined cubes share names such as `count` or `id`.
 */
export function joinedColumns(
  reading: SourceReading,
  filters: readonly FilterChoice[],
): { readonly joined: readonly string[]; readonly column: (member: WordedMember) => string } {
  const members = [
    ...reading.groups.map((group) => group.dimension),
    ...filters.map((filter) => filter.member),
  ];
  const joined = [
    ...new Set(
      members.filter((member) => isJoinedMember(member, reading.source)).map((member) => memberCube(member)),
    ),
  ];
  if (joined.length === 0) return { joined, column: (member) => sqlIdentifier(member.localName) };
  return {
    joined,
    column: (member) => `${sqlIdentifier(memberCube(member))}.${sqlIdentifier(member.localName)}`,
  };
}
