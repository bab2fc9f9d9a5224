import type { Cube } from '../model/cube.types.js';
import { suggestName } from '../parse/suggest-name.js';
import { checkAccessPolicies } from './access-policy.check.js';
import { checkFolders } from './folder.check.js';
import { findMember, membersOf, qualify } from './member-references.js';
import { checkUniqueMemberNames } from './unique-names.check.js';
import { isDeclaredIn, type ValidationContext } from './validation-context.js';

/** Checks of what a cube declares itself; they run before `extends` so inherited parts are checked once. */
export function checkCubeDeclarations(
  cube: Cube,
  cubeNames: ReadonlySet<string>,
  viewNames: ReadonlySet<string>,
  context: ValidationContext,
): void {
  checkUniqueMemberNames(cube, context);
  for (const join of cube.joins) {
    if (cubeNames.has(join.name) || context.isRejected(join.name)) continue;
    if (viewNames.has(join.name)) {
      context.report(
        join.location,
        `cube \`${cube.name}\` joins \`${join.name}\`, which is a view; joins name cubes`,
        'name',
      );
      continue;
    }
    const suggestion = suggestName(join.name, [...cubeNames]);
    const hint = suggestion === undefined ? '' : `; did you mean \`${suggestion}\`?`;
    context.report(join.location, `cube \`${cube.name}\` joins unknown cube \`${join.name}\`${hint}`, 'name');
  }
  for (const dimension of cube.dimensions) {
    if (dimension.type === 'time' || dimension.granularities.length === 0) continue;
    context.report(
      dimension.location,
      `dimension \`${cube.name}.${dimension.name}\` is of type \`${dimension.type}\`; custom granularities apply to time dimensions only`,
      'granularities',
    );
  }
}

/** Checks that need the cube's full member list, inherited members included. */
export function checkCubeReferences(
  cube: Cube,
  cubesByName: ReadonlyMap<string, Cube>,
  context: ValidationContext,
): void {
  const memberNames = new Set(membersOf(cube).map((member) => member.name));
  const unknownHint = (reference: string): string => {
    const suggestion = suggestName(reference, [...memberNames]);
    return suggestion === undefined ? '' : `; did you mean \`${suggestion}\`?`;
  };
  for (const measure of cube.measures) {
    if (!isDeclaredIn(measure, cube)) continue;
    measure.drillMembers.forEach((reference, index) => {
      if (findMember(reference, cube, cubesByName) !== undefined) return;
      if (context.isRejected(qualify(reference, cube.name))) return;
      context.report(
        measure.location,
        `measure \`${cube.name}.${measure.name}\` drills into unknown member \`${reference}\`${unknownHint(reference)}`,
        `drill_members[${index}]`,
      );
    });
  }
  for (const hierarchy of cube.hierarchies) {
    if (!isDeclaredIn(hierarchy, cube)) continue;
    hierarchy.levels.forEach((reference, index) => {
      if (findMember(reference, cube, cubesByName)?.kind === 'dimension') return;
      if (context.isRejected(qualify(reference, cube.name))) return;
      context.report(
        hierarchy.location,
        `hierarchy \`${cube.name}.${hierarchy.name}\` names unknown dimension \`${reference}\`${unknownHint(reference)}`,
        `levels[${index}]`,
      );
    });
  }
  checkFolders(cube, memberNames, context);
  checkAccessPolicies(cube, memberNames, context);
}
