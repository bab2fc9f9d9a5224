import type { TreeLeaf } from './repository-context.js';
import type { TreeEdit } from './tree-editor.js';

export interface ThreeWayMergeResult {
  /** Edits that turn `ours` into the merge result. */
  edits: TreeEdit[];
  conflicts: string[];
}

/**
 * Merges at file level: for each path, compare the base, ours and theirs entries (oid and mode). A side
 * that did not change defers to the other; identical changes agree; anything else is a conflict,
 * including modify/delete and add/add with different content. Lines inside a file are NOT merged: a file
 * changed differently on both sides is a conflict even when the changes touch different lines. That keeps
 * the result predictable for YAML model files, where a textual line merge can produce invalid documents.
 */
export function mergeTrees(
  base: Map<string, TreeLeaf>,
  ours: Map<string, TreeLeaf>,
  theirs: Map<string, TreeLeaf>,
): ThreeWayMergeResult {
  const edits: TreeEdit[] = [];
  const conflicts: string[] = [];
  const result = new Map(ours);
  for (const path of new Set([...base.keys(), ...ours.keys(), ...theirs.keys()])) {
    const baseLeaf = base.get(path);
    const ourLeaf = ours.get(path);
    const theirLeaf = theirs.get(path);
    if (isSameLeaf(ourLeaf, theirLeaf) || isSameLeaf(baseLeaf, theirLeaf)) continue;
    if (isSameLeaf(baseLeaf, ourLeaf)) {
      edits.push({ path, leaf: theirLeaf ?? null });
      if (theirLeaf) result.set(path, theirLeaf);
      else result.delete(path);
      continue;
    }
    conflicts.push(path);
  }
  conflicts.push(...fileFolderClashes(result, edits));
  return { edits, conflicts: [...new Set(conflicts)].sort() };
}

function isSameLeaf(left: TreeLeaf | undefined, right: TreeLeaf | undefined): boolean {
  if (left === undefined || right === undefined) return left === right;
  return left.oid === right.oid && left.mode === right.mode;
}

/** A path that is a file on one side and a folder on the other cannot both be taken: report both. */
function fileFolderClashes(result: Map<string, TreeLeaf>, edits: TreeEdit[]): string[] {
  const clashes: string[] = [];
  for (const edit of edits) {
    if (edit.leaf === null) continue;
    const segments = edit.path.split('/');
    for (let length = 1; length < segments.length; length += 1) {
      const folder = segments.slice(0, length).join('/');
      if (result.has(folder)) clashes.push(folder, edit.path);
    }
    const prefix = `${edit.path}/`;
    for (const path of result.keys()) {
      if (path.startsWith(prefix)) clashes.push(edit.path, path);
    }
  }
  return clashes;
}
