import { createHash } from 'node:crypto';
import type { DataModelFileNode } from '@platform/contract';

/** Nests '/'-separated repository paths into the API's tree; folders first, each level sorted by name. */
export function fileTreeOf(
  files: ReadonlyArray<{ path: string; content?: string | undefined }>,
): DataModelFileNode[] {
  const root: DataModelFileNode[] = [];
  const folders = new Map<string, DataModelFileNode[]>([['', root]]);
  const folderOf = (path: string): DataModelFileNode[] => {
    const existing = folders.get(path);
    if (existing) return existing;
    const slash = path.lastIndexOf('/');
    const parent = folderOf(slash < 0 ? '' : path.slice(0, slash));
    const children: DataModelFileNode[] = [];
    parent.push({ path: `/${path}`, type: 'directory', children });
    folders.set(path, children);
    return children;
  };
  for (const file of files) {
    const slash = file.path.lastIndexOf('/');
    folderOf(slash < 0 ? '' : file.path.slice(0, slash)).push({
      path: `/${file.path}`,
      type: 'file',
      ...(file.content === undefined ? {} : { content: file.content }),
    });
  }
  const sortLevel = (nodes: DataModelFileNode[]) => {
    nodes.sort((left, right) =>
      left.type === right.type ? (left.path < right.path ? -1 : 1) : left.type === 'directory' ? -1 : 1,
    );
    for (const node of nodes) if (node.children) sortLevel(node.children);
  };
  sortLevel(root);
  return root;
}

export function sha1Of(bytes: Uint8Array): string {
  return createHash('sha1').update(bytes).digest('hex');
}

/** One hash for a whole set of files: SHA-1 over the sorted `path:hash` lines. */
export function filesHashOf(files: ReadonlyArray<{ path: string; hash: string }>): string {
  const lines = files.map((file) => `${file.path}:${file.hash}`).sort();
  return createHash('sha1').update(lines.join('\n')).digest('hex');
}
