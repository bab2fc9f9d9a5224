import { createHash } from 'node:crypto';
import { mapConcurrently } from './bounded-concurrency.js';
import type { TreeFile, TreeFileHash } from './git-store.js';
import { readBlobBytes } from './loose-blobs.js';
import { normaliseModelPath } from './model-path.js';
import { type RepositoryContext, readCommitOrThrow, type TreeLeaf } from './repository-context.js';
import { flattenTree } from './tree-editor.js';
import { readTreeEntries } from './tree-entries.js';

// Symlinks (120000) are kept as blobs; submodules (160000) have no content here.
const fileModes = new Set(['100644', '100755', '120000']);
// About 100 bytes an entry: the cache stays near 10 MB however many repositories it serves.
const maximumCachedBlobs = 100_000;
// Reads of hundreds of small loose objects: a few in flight, not hundreds of open files.
const blobReadConcurrency = 16;

/** What never changes about a blob, since its oid names its content. */
interface BlobFacts {
  size: number;
  contentSha1: string;
}

/**
 * Reads the files of commits. Holds only immutable facts about blobs (size and SHA-1 of the bytes, keyed
 * by the content-addressed blob oid, so never stale), so one serves every repository.
 */
export class CommitReader {
  // Listing and hashing would otherwise read and hash every blob on every call, for facts that never change.
  private readonly blobFacts = new Map<string, BlobFacts>();

  async listFiles(context: RepositoryContext, commit: string): Promise<TreeFile[]> {
    const leaves = await this.filesOf(context, commit);
    return mapConcurrently(leaves, blobReadConcurrency, async ([path, leaf]) => ({
      path,
      blobOid: leaf.oid,
      size: (await this.factsOf(context, leaf.oid)).size,
    }));
  }

  async listFileHashes(context: RepositoryContext, commit: string): Promise<TreeFileHash[]> {
    const leaves = await this.filesOf(context, commit);
    return mapConcurrently(leaves, blobReadConcurrency, async ([path, leaf]) => ({
      path,
      blobOid: leaf.oid,
      contentSha1: (await this.factsOf(context, leaf.oid)).contentSha1,
    }));
  }

  async readFile(context: RepositoryContext, commit: string, path: string): Promise<Uint8Array | null> {
    const segments = normaliseModelPath(path).split('/');
    let tree = (await readCommitOrThrow(context, commit)).tree;
    for (const [index, segment] of segments.entries()) {
      // Walked entry by entry (not readBlob's own walk) so that a hidden name elsewhere in a folder on the
      // way does not make the whole read fail.
      const entry = (await readTreeEntries(context, tree)).find((candidate) => candidate.path === segment);
      // Absent, a folder, or a path running through a file: in each case there is no such file.
      if (entry === undefined) return null;
      if (index < segments.length - 1) {
        if (entry.type !== 'tree') return null;
        tree = entry.oid;
      } else if (!fileModes.has(entry.mode)) {
        return null;
      } else {
        return readBlobBytes(context, entry.oid);
      }
    }
    return null;
  }

  async readFiles(
    context: RepositoryContext,
    commit: string,
  ): Promise<Array<{ path: string; content: Uint8Array }>> {
    const leaves = await this.filesOf(context, commit);
    return mapConcurrently(leaves, blobReadConcurrency, async ([path, leaf]) => {
      const blob = await readBlobBytes(context, leaf.oid);
      this.remember(leaf.oid, blob);
      return { path, content: blob };
    });
  }

  /** The files of a commit, sorted by path (code-unit order, like git). */
  private async filesOf(context: RepositoryContext, commit: string): Promise<Array<[string, TreeLeaf]>> {
    const { tree } = await readCommitOrThrow(context, commit);
    const leaves = [...(await flattenTree(context, tree))].filter(([, leaf]) => fileModes.has(leaf.mode));
    return leaves.sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
  }

  private async factsOf(context: RepositoryContext, oid: string): Promise<BlobFacts> {
    const cached = this.blobFacts.get(oid);
    if (cached !== undefined) return cached;
    return this.remember(oid, await readBlobBytes(context, oid));
  }

  private remember(oid: string, blob: Uint8Array): BlobFacts {
    const cached = this.blobFacts.get(oid);
    if (cached !== undefined) return cached;
    const facts = { size: blob.byteLength, contentSha1: createHash('sha1').update(blob).digest('hex') };
    // Oldest first out (a Map iterates in insertion order): bounded memory, recent deploys stay cached.
    if (this.blobFacts.size >= maximumCachedBlobs) {
      const oldest = this.blobFacts.keys().next();
      if (!oldest.done) this.blobFacts.delete(oldest.value);
    }
    this.blobFacts.set(oid, facts);
    return facts;
  }
}
