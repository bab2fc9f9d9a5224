import type { Cube } from '../model/cube.types.js';
import type { View, ViewCube } from '../model/view.types.js';
import { suggestName } from '../parse/suggest-name.js';
import { checkAccessPolicies } from './access-policy.check.js';
import { checkFolders } from './folder.check.js';
import { membersOf } from './member-references.js';
import { where } from './unique-names.check.js';
import { isDeclaredIn, type ValidationContext } from './validation-context.js';
import { listViewMembers, type ViewMember, viewMemberName } from './view-members.js';

export function checkView(
  view: View,
  cubesByName: ReadonlyMap<string, Cube>,
  viewNames: ReadonlySet<string>,
  context: ValidationContext,
): void {
  for (const entry of view.cubes) {
    // Entries inherited through `extends` were checked with the view that declares them.
    if (!isDeclaredIn(entry, view)) continue;
    if (checkJoinPath(entry, view, cubesByName, viewNames, context))
      checkIncludes(entry, view, cubesByName, context);
  }
  const members = listViewMembers(view, cubesByName);
  checkDistinctMemberNames(view, members, context);
  const memberNames = new Set([
    ...members.map((member) => member.name),
    ...rejectedMemberNames(view, context),
  ]);
  checkFolders(view, memberNames, context);
  checkAccessPolicies(view, memberNames, context);
}

/** Every cube of a join path exists, and each consecutive pair is joined (in either direction). */
function checkJoinPath(
  entry: ViewCube,
  view: View,
  cubesByName: ReadonlyMap<string, Cube>,
  viewNames: ReadonlySet<string>,
  context: ValidationContext,
): boolean {
  const subject = `\`join_path\` \`${entry.joinPath.join('.')}\` of view \`${view.name}\``;
  const unknown = entry.joinPath.filter((cubeName) => !cubesByName.has(cubeName));
  for (const cubeName of new Set(unknown)) {
    if (context.isRejected(cubeName)) continue;
    const suggestion = suggestName(cubeName, [...cubesByName.keys()]);
    const hint = suggestion === undefined ? '' : `; did you mean \`${suggestion}\`?`;
    const message = viewNames.has(cubeName)
      ? `${subject} names view \`${cubeName}\`; a join path goes through cubes`
      : `${subject} names unknown cube \`${cubeName}\`${hint}`;
    context.report(entry.location, message, 'join_path');
  }
  if (unknown.length > 0) return false;
  entry.joinPath.forEach((cubeName, index) => {
    const nextName = entry.joinPath[index + 1];
    if (nextName === undefined || areJoined(cubeName, nextName, cubesByName)) return;
    context.report(
      entry.location,
      `${subject}: cubes \`${cubeName}\` and \`${nextName}\` have no join between them; add a join to \`${cubeName}\` or \`${nextName}\``,
      'join_path',
    );
  });
  return true;
}

function areJoined(left: string, right: string, cubesByName: ReadonlyMap<string, Cube>): boolean {
  const joins = (from: string, to: string): boolean =>
    cubesByName.get(from)?.joins.some((join) => join.name === to) ?? false;
  return joins(left, right) || joins(right, left);
}

function checkIncludes(
  entry: ViewCube,
  view: View,
  cubesByName: ReadonlyMap<string, Cube>,
  context: ValidationContext,
): void {
  const cube = cubesByName.get(entry.cubeName);
  if (cube === undefined) return;
  const memberNames = membersOf(cube).map((member) => member.name);
  const unknownMessage = (key: string, name: string): string | undefined => {
    if (memberNames.includes(name) || context.isRejected(`${cube.name}.${name}`)) return undefined;
    const suggestion = suggestName(name, memberNames);
    const hint = suggestion === undefined ? '' : `; did you mean \`${suggestion}\`?`;
    return `view \`${view.name}\` ${key} unknown member \`${name}\` of cube \`${cube.name}\`${hint}`;
  };
  if (entry.includes !== '*') {
    for (const include of entry.includes) {
      const message = unknownMessage('includes', include.name);
      if (message !== undefined) context.report(include.location, message);
    }
  }
  entry.excludes.forEach((name, index) => {
    const message = unknownMessage('excludes', name);
    if (message !== undefined) context.report(entry.location, message, `excludes[${index}]`);
  });
}

/**
 * Names the view would expose for included members that were left out for their own errors, so folders
 * and access policies naming them are not reported as well.
 */
function rejectedMemberNames(view: View, context: ValidationContext): string[] {
  return view.cubes.flatMap((entry) => {
    if (entry.includes === '*') return [];
    return entry.includes
      .filter((include) => context.isRejected(`${entry.cubeName}.${include.name}`))
      .map((include) => viewMemberName(entry, include.alias ?? include.name));
  });
}

/** Two members under one name in a view would be ambiguous; Cube rejects it too. */
function checkDistinctMemberNames(
  view: View,
  members: readonly ViewMember[],
  context: ValidationContext,
): void {
  const seen = new Map<string, ViewMember>();
  for (const member of members) {
    const first = seen.get(member.name);
    if (first === undefined) {
      seen.set(member.name, member);
      continue;
    }
    if (!isDeclaredIn(member.entry, view)) continue;
    const location = member.include?.location ?? member.entry.location;
    context.report(
      location,
      `view \`${view.name}\` has two members named \`${member.name}\` (\`${first.cubeName}.${first.member.name}\` from ${where(first.include?.location ?? first.entry.location)} and \`${member.cubeName}.${member.member.name}\`); use \`prefix: true\`, an \`alias\` or \`excludes\``,
      member.include === undefined ? 'includes' : '',
    );
  }
}
