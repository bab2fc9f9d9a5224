import type { Cube } from '../model/cube.types.js';
import type { Member } from '../model/member.types.js';

export function membersOf(cube: Cube): Member[] {
  return [...cube.measures, ...cube.dimensions, ...cube.segments];
}

/**
 * The member a reference names: `name` in the cube itself, or `cube.name` in any cube (drill members and
 * hierarchy levels may reach into joined cubes).
 */
export function findMember(
  reference: string,
  cube: Cube,
  cubesByName: ReadonlyMap<string, Cube>,
): Member | undefined {
  const dot = reference.indexOf('.');
  const target = dot === -1 ? cube : cubesByName.get(reference.slice(0, dot));
  const memberName = dot === -1 ? reference : reference.slice(dot + 1);
  return target === undefined ? undefined : membersOf(target).find((member) => member.name === memberName);
}

/** A member reference with its owner's name, as `DataModel.rejectedNames` holds it. */
export function qualify(reference: string, ownerName: string): string {
  return reference.includes('.') ? reference : `${ownerName}.${reference}`;
}

/** Whether a name is one of `memberNames`, written short (`status`) or qualified by its owner (`orders.status`). */
export function isOwnMemberName(name: string, ownerName: string, memberNames: ReadonlySet<string>): boolean {
  if (memberNames.has(name)) return true;
  const prefix = `${ownerName}.`;
  return name.startsWith(prefix) && memberNames.has(name.slice(prefix.length));
}
