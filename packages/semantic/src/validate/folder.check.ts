import type { Cube, Folder } from '../model/cube.types.js';
import type { View } from '../model/view.types.js';
import { suggestName } from '../parse/suggest-name.js';
import { isOwnMemberName, qualify } from './member-references.js';
import { describeNode, isDeclaredIn, type ValidationContext } from './validation-context.js';

/** Folder entries must name members of the cube or view (nested folders are checked the same way). */
export function checkFolders(
  owner: Cube | View,
  memberNames: ReadonlySet<string>,
  context: ValidationContext,
): void {
  const check = (folder: Folder): void => {
    if (folder.includes === '*') return;
    folder.includes.forEach((entry, index) => {
      if (typeof entry !== 'string') {
        check(entry);
        return;
      }
      if (isOwnMemberName(entry, owner.name, memberNames) || context.isRejected(qualify(entry, owner.name)))
        return;
      const suggestion = suggestName(entry, [...memberNames]);
      const hint = suggestion === undefined ? '' : `; did you mean \`${suggestion}\`?`;
      context.report(
        folder.location,
        `folder \`${folder.name}\` of ${describeNode(owner)} includes unknown member \`${entry}\`${hint}`,
        `includes[${index}]`,
      );
    });
  };
  for (const folder of owner.folders) {
    if (isDeclaredIn(folder, owner)) check(folder);
  }
}
