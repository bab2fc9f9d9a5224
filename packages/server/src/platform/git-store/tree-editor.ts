import { type TreeEntry, writeTree } from 'isomorphic-git';
import { InvalidPathError } from './git-store-errors.js';
import { gitOptions, type RepositoryContext, type TreeLeaf } from './repository-context.js';
import { isVisibleEntryName, readTreeEntries } from './tree-entries.js';

/** Sets (leaf) or removes (null) the entry at a normalised path; removing a folder removes all of it. */
export interface TreeEdit {
  path: string;
  leaf: TreeLeaf | null;
}

interface Folder {
  entries: Map<string, FolderEntry>;
}

interface FolderEntry {
  mode: string;
  type: TreeEntry['type'];
  oid: string;
  /** Loaded only for folders on an edited path; the others are kept by oid. */
  folder?: Folder;
}

const treeMode = '040000';

/**
 * Writes the tree of `baseTree` (null: an empty tree) with the edits applied and returns its oid. Only folders on edited paths
 * are read; they are written back bottom-up, and folders left empty disappear as git requires. Edits apply
 * in order, so removing `a` and then writing `a/b.yml` replaces a file by a folder of the same name.
 */
export async function applyTreeEdits(
  context: RepositoryContext,
  baseTree: string | null,
  edits: TreeEdit[],
): Promise<string> {
  const root = await loadFolder(context, baseTree);
  for (const edit of edits) {
    if (edit.leaf === null) await removeEntry(context, root, edit.path);
    else await setEntry(context, root, edit.path, edit.leaf);
  }
  return (await writeFolder(context, root)) ?? (await writeTree({ ...gitOptions(context), tree: [] }));
}

/** Every non-folder entry of a tree by path (blobs, symlinks, submodules), without hidden names. */
export async function flattenTree(context: RepositoryContext, tree: string): Promise<Map<string, TreeLeaf>> {
  const leaves = new Map<string, TreeLeaf>();
  const visit = async (oid: string, prefix: string): Promise<void> => {
    for (const entry of await readTreeEntries(context, oid)) {
      if (!isVisibleEntryName(entry.path)) continue;
      const path = `${prefix}${entry.path}`;
      if (entry.type === 'tree') await visit(entry.oid, `${path}/`);
      else leaves.set(path, { oid: entry.oid, mode: entry.mode });
    }
  };
  await visit(tree, '');
  return leaves;
}

async function loadFolder(context: RepositoryContext, oid: string | null): Promise<Folder> {
  const entries = new Map<string, FolderEntry>();
  if (oid !== null) {
    // Hidden entries are loaded too: a rewritten folder keeps them as they were.
    for (const entry of await readTreeEntries(context, oid))
      entries.set(entry.path, { mode: entry.mode, type: entry.type, oid: entry.oid });
  }
  return { entries };
}

/** The loaded sub-folder `name` of `folder`; created when `isCreating`, else null when absent. */
async function subFolder(
  context: RepositoryContext,
  folder: Folder,
  name: string,
  path: string,
  isCreating: boolean,
): Promise<Folder | null> {
  const entry = folder.entries.get(name);
  if (entry === undefined) {
    if (!isCreating) return null;
    const created: Folder = { entries: new Map() };
    folder.entries.set(name, { mode: treeMode, type: 'tree', oid: '', folder: created });
    return created;
  }
  if (entry.type !== 'tree') {
    if (!isCreating) return null;
    throw new InvalidPathError(`Cannot write ${JSON.stringify(path)}: ${JSON.stringify(name)} is a file`);
  }
  entry.folder ??= await loadFolder(context, entry.oid);
  return entry.folder;
}

async function walkToParent(context: RepositoryContext, root: Folder, path: string, isCreating: boolean) {
  const segments = path.split('/');
  const name = segments.pop() ?? '';
  let folder: Folder | null = root;
  for (const segment of segments) {
    folder = await subFolder(context, folder, segment, path, isCreating);
    if (folder === null) return null;
  }
  return { folder, name };
}

async function removeEntry(context: RepositoryContext, root: Folder, path: string): Promise<void> {
  const target = await walkToParent(context, root, path, false);
  target?.folder.entries.delete(target.name);
}

async function setEntry(
  context: RepositoryContext,
  root: Folder,
  path: string,
  leaf: TreeLeaf,
): Promise<void> {
  const target = await walkToParent(context, root, path, true);
  if (target === null) return;
  const existing = target.folder.entries.get(target.name);
  // A folder emptied by this same edit list may become a file; a folder with content may not.
  if (existing?.type === 'tree' && !(existing.folder && isEmptyFolder(existing.folder))) {
    throw new InvalidPathError(`Cannot write ${JSON.stringify(path)}: it is a folder`);
  }
  const type: TreeEntry['type'] = leaf.mode === '160000' ? 'commit' : 'blob';
  target.folder.entries.set(target.name, { mode: leaf.mode, type, oid: leaf.oid });
}

function isEmptyFolder(folder: Folder): boolean {
  for (const entry of folder.entries.values()) {
    if (entry.type !== 'tree' || !entry.folder || !isEmptyFolder(entry.folder)) return false;
  }
  return true;
}

/** Writes the loaded sub-folders first, then this folder; null when nothing is left in it. */
async function writeFolder(context: RepositoryContext, folder: Folder): Promise<string | null> {
  const tree: TreeEntry[] = [];
  for (const [name, entry] of folder.entries) {
    if (entry.folder === undefined) {
      tree.push({ mode: entry.mode, path: name, oid: entry.oid, type: entry.type });
      continue;
    }
    const oid = await writeFolder(context, entry.folder);
    if (oid !== null) tree.push({ mode: treeMode, path: name, oid, type: 'tree' });
  }
  if (tree.length === 0) return null;
  return writeTree({ ...gitOptions(context), tree });
}
