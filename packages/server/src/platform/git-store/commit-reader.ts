import { readBlob } from 'isomorphic-git';
import type { TreeFile } from './git-store.js';
import { normaliseModelPath } from './model-path.js';
import {
  codeOf,
  gitOptions,
  type RepositoryContext,
  readCommitOrThrow,
  type TreeLeaf,
} from './repository-context.js';
import { flattenTree } from './tree-editor.js';

// Symlinks (120000) are kept as blobs; submodules (160000) have no content here.
const fileModes = new Set(['100644', '100755', '120000']);
const maximumCachedSizes = 100_000;

/** Reads the files of commits. Holds only immutable facts (blob sizes), so one serves every repository. */
export class CommitReader {
  // Listing would otherwise read every blob each time just to learn its size, which never changes.
  private readonly blobSizes = new Map<string, number>();

  async listFiles(context: RepositoryContext, commit: string): Promise<TreeFile[]> {
    const files: TreeFile[] = [];
    for (const [path, leaf] of await this.filesOf(context, commit)) {
      files.push({ path, blobOid: leaf.oid, size: await this.blobSize(context, leaf.oid) });
    }
    return files;
  }

  async readFile(context: RepositoryContext, commit: string, path: string): Promise<Uint8Array | null> {
    const filepath = normaliseModelPath(path);
    await readCommitOrThrow(context, commit);
    try {
      return (await readBlob({ ...gitOptions(context), oid: commit, filepath })).blob;
    } catch (error) {
      // Absent, a folder, or a path running through a file: in each case there is no such file.
      if (['NotFoundError', 'ObjectTypeError'].includes(codeOf(error))) return null;
      throw error;
    }
  }

  async readFiles(
    context: RepositoryContext,
    commit: string,
  ): Promise<Array<{ path: string; content: Uint8Array }>> {
    const files: Array<{ path: string; content: Uint8Array }> = [];
    for (const [path, leaf] of await this.filesOf(context, commit)) {
      const { blob } = await readBlob({ ...gitOptions(context), oid: leaf.oid });
      files.push({ path, content: blob });
    }
    return files;
  }

  /** The files of a commit, sorted by path (code-unit order, like git). */
  private async filesOf(context: RepositoryContext, commit: string): Promise<Array<[string, TreeLeaf]>> {
    const { tree } = await readCommitOrThrow(context, commit);
    const leaves = [...(await flattenTree(context, tree))].filter(([, leaf]) => fileModes.has(leaf.mode));
    return leaves.sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
  }

  private async blobSize(context: RepositoryContext, oid: string): Promise<number> {
    const cached = this.blobSizes.get(oid);
    if (cached !== undefined) return cached;
    const { blob } = await readBlob({ ...gitOptions(context), oid });
    if (this.blobSizes.size >= maximumCachedSizes) this.blobSizes.clear();
    this.blobSizes.set(oid, blob.byteLength);
    return blob.byteLength;
  }
}
