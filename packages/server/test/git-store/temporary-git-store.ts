import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGitStore } from '../../src/platform/git-store/create-git-store.js';
import type {
  FileChange,
  FileRemotePolicy,
  GitAuthor,
  GitStore,
} from '../../src/platform/git-store/git-store.js';

export const author: GitAuthor = { name: 'Test Author', email: 'author@example.com' };

export interface TemporaryGitStore {
  store: GitStore;
  rootDirectory: string;
  gitdirOf(repositoryId: string): string;
  /** A second store on the same directory: another process as far as locking is concerned. */
  otherProcess(): GitStore;
  cleanUp(): Promise<void>;
}

/**
 * A git store on a fresh temp directory; real repositories on disk, no mocks. File remotes are allowed in
 * the temp directory, where the tests make them (the store's own directory stays refused).
 */
export async function createTemporaryGitStore(
  fileRemotePolicy: FileRemotePolicy = { allowedDirectories: [tmpdir()], forbiddenDirectories: [] },
): Promise<TemporaryGitStore> {
  const rootDirectory = await mkdtemp(join(tmpdir(), 'git-store-test-'));
  return {
    store: createGitStore({ rootDirectory, fileRemotePolicy }),
    rootDirectory,
    gitdirOf: (repositoryId) => join(rootDirectory, `${repositoryId}.git`),
    otherProcess: () => createGitStore({ rootDirectory, fileRemotePolicy }),
    cleanUp: () => rm(rootDirectory, { recursive: true, force: true }),
  };
}

export function put(path: string, text: string): FileChange {
  return { path, content: new TextEncoder().encode(text) };
}

export function remove(path: string): FileChange {
  return { path, content: null };
}

export function text(content: Uint8Array | null): string | null {
  return content === null ? null : new TextDecoder().decode(content);
}

/** Path -> text of every file of a commit. */
export async function snapshot(store: GitStore, repositoryId: string, commit: string) {
  const files = await store.readFiles(repositoryId, commit);
  return Object.fromEntries(files.map((file) => [file.path, new TextDecoder().decode(file.content)]));
}

/** Creates a repository with one commit on `main` holding `files`, and returns that commit. */
export async function repositoryWith(store: GitStore, repositoryId: string, files: Record<string, string>) {
  await store.ensureRepository(repositoryId, { defaultBranch: 'main', author });
  const head = (await store.resolveBranch(repositoryId, 'main')) ?? '';
  const changes = Object.entries(files).map(([path, content]) => put(path, content));
  return store.commitToBranch(repositoryId, {
    branch: 'main',
    expectedHead: head,
    changes,
    message: 'seed',
    author,
  });
}
