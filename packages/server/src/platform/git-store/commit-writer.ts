import { writeCommit } from 'isomorphic-git';
import { mapConcurrently } from './bounded-concurrency.js';
import type { FileChange, GitAuthor } from './git-store.js';
import { writeLooseBlob } from './loose-blobs.js';
import { isControlCharacter, normaliseModelPath } from './model-path.js';
import { gitOptions, type RepositoryContext } from './repository-context.js';
import { applyTreeEdits, type TreeEdit } from './tree-editor.js';

const regularFileMode = '100644';
// A deploy writes hundreds of small blobs; a few in flight keep the disk busy without opening hundreds of files.
const blobWriteConcurrency = 16;

/**
 * Writes the blobs of `changes` and the tree of `baseTree` with them applied in order (so when a path
 * occurs twice, its last change wins). Every path is normalised, and refused if unsafe, before anything
 * is written.
 */
export async function writeTreeWithChanges(
  context: RepositoryContext,
  baseTree: string | null,
  changes: readonly FileChange[],
): Promise<string> {
  const paths = changes.map((change) => normaliseModelPath(change.path));
  // Blobs already stored are not written again, so unchanged content costs a hash and an existence check.
  const oids = await mapConcurrently(changes, blobWriteConcurrency, ({ content }) =>
    content === null ? Promise.resolve(null) : writeLooseBlob(context, content),
  );
  const edits: TreeEdit[] = changes.map((_change, index) => {
    const oid = oids[index] ?? null;
    return { path: paths[index] ?? '', leaf: oid === null ? null : { oid, mode: regularFileMode } };
  });
  return applyTreeEdits(context, baseTree, edits);
}

export async function writeCommitObject(
  context: RepositoryContext,
  options: { tree: string; parents: string[]; message: string; author: GitAuthor },
): Promise<string> {
  const person = {
    name: withoutHeaderBreakers(options.author.name),
    email: withoutHeaderBreakers(options.author.email),
    timestamp: Math.floor(Date.now() / 1000),
    timezoneOffset: 0,
  };
  // git ends every commit message with a newline; `git log` and friends expect it.
  const message = options.message.endsWith('\n') ? options.message : `${options.message}\n`;
  return writeCommit({
    ...gitOptions(context),
    commit: { tree: options.tree, parent: options.parents, author: person, committer: person, message },
  });
}

// '<', '>' and control characters such as line breaks would end the name or email early in the header.
function withoutHeaderBreakers(value: string): string {
  return [...value]
    .filter((character) => character !== '<' && character !== '>' && !isControlCharacter(character))
    .join('')
    .trim();
}
