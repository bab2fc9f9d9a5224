import { readObject, type TreeEntry } from 'isomorphic-git';
import { isGitDirectoryName } from './git-own-names.js';
import { gitOptions, type RepositoryContext } from './repository-context.js';

const treeMode = '040000';

/**
 * The entries of a tree object, every one of them. Parsed here rather than by isomorphic-git's readTree,
 * which throws on a whole tree when one entry has a name git refuses (`git~1`, `.git.`...): a branch that
 * already holds one (pushed by another git client, or written before the store refused such names) must
 * stay readable, so the store decides per entry instead (isVisibleEntryName).
 */
export async function readTreeEntries(context: RepositoryContext, oid: string): Promise<TreeEntry[]> {
  const object = await readObject({ ...gitOptions(context), oid, format: 'content' });
  if (object.type !== 'tree' || !(object.object instanceof Uint8Array)) {
    throw Object.assign(new Error(`${oid} is a ${object.type}, not a tree`), { code: 'ObjectTypeError' });
  }
  const bytes = Buffer.from(object.object);
  const entries: TreeEntry[] = [];
  let cursor = 0;
  while (cursor < bytes.length) {
    const space = bytes.indexOf(0x20, cursor);
    const nul = space === -1 ? -1 : bytes.indexOf(0, space);
    if (space === -1 || nul === -1 || nul + 21 > bytes.length) {
      throw new Error(`The tree ${oid} is malformed at byte ${cursor}`);
    }
    const rawMode = bytes.toString('latin1', cursor, space);
    const mode = rawMode === '40000' ? treeMode : rawMode;
    const type: TreeEntry['type'] = mode === treeMode ? 'tree' : mode === '160000' ? 'commit' : 'blob';
    entries.push({
      mode,
      path: bytes.toString('utf8', space + 1, nul),
      oid: bytes.toString('hex', nul + 1, nul + 21),
      type,
    });
    cursor = nul + 21;
  }
  return entries;
}

/**
 * Whether an entry is part of the model as the store shows it. Names no checkout could hold as a file
 * (`.`, `..`, a separator) and names git takes for `.git` are skipped by reads, builds and merges, and
 * kept untouched in the trees a commit rewrites.
 */
export function isVisibleEntryName(name: string): boolean {
  return (
    name !== '' &&
    name !== '.' &&
    name !== '..' &&
    !name.includes('/') &&
    !name.includes('\\') &&
    !name.includes('\u0000') &&
    !isGitDirectoryName(name)
  );
}
