import type { Cube } from '../model/cube.types.js';
import type { Member } from '../model/member.types.js';
import type { View, ViewCube, ViewInclude } from '../model/view.types.js';
import { membersOf } from './member-references.js';

/** A member as a view exposes it. */
export interface ViewMember {
  /** The member's name in the view, after `alias` and `prefix`. */
  readonly name: string;
  readonly cubeName: string;
  readonly member: Member;
  readonly joinPath: readonly string[];
  /** The include that named the member; absent when it came from `"*"`. */
  readonly include?: ViewInclude;
  /** The `cubes` entry that brought the member in. */
  readonly entry: ViewCube;
}

/** A member's name in a view: `<alias or cube>_<name>` with `prefix: true`, else the name itself. */
export function viewMemberName(entry: ViewCube, name: string): string {
  return entry.hasPrefix ? `${entry.alias ?? entry.cubeName}_${name}` : name;
}

/**
 * The members a view exposes, in order: for each `cubes` entry, `"*"` or the listed includes of its last
 * cube, less its excludes, named `<alias>` or `<alias or cube>_<name>` with `prefix: true`. Entries naming
 * unknown cubes or members contribute nothing (validation reports them).
 */
export function listViewMembers(view: View, cubesByName: ReadonlyMap<string, Cube>): ViewMember[] {
  return view.cubes.flatMap((entry) => {
    const cube = cubesByName.get(entry.cubeName);
    if (cube === undefined) return [];
    const members = membersOf(cube);
    const excluded = new Set(entry.excludes);
    const selected: { member: Member; include?: ViewInclude }[] =
      entry.includes === '*'
        ? members.map((member) => ({ member }))
        : entry.includes.flatMap((include) => {
            const member = members.find((candidate) => candidate.name === include.name);
            return member === undefined ? [] : [{ member, include }];
          });
    return selected
      .filter(({ member }) => !excluded.has(member.name))
      .map(({ member, include }) => {
        const name = viewMemberName(entry, include?.alias ?? member.name);
        return { name, cubeName: cube.name, member, joinPath: entry.joinPath, include, entry };
      });
  });
}
