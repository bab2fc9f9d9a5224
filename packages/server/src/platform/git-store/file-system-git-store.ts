import { randomUUID } from 'node:crypto';
import * as fileSystem from 'node:fs/promises';
import { join } from 'node:path';
import { init } from 'isomorphic-git';
import { atomicFileSystem, isErrorCode } from './atomic-file-system.js';
import { mergeIntoBranch } from './branch-merge.js';
import { CommitReader } from './commit-reader.js';
import { writeCommitObject, writeTreeWithChanges } from './commit-writer.js';
import type { FileRemotePolicy } from './file-remote-policy.js';
import { fetchFromRemote, fetchRefFromRemote, parseRemote, pushToRemote } from './git-remote-transport.js';
import type {
  CommitToBranchOptions,
  CreateCommitOptions,
  EnsureRepositoryOptions,
  FileChange,
  GitAuthor,
  GitRemote,
  GitStore,
  MergeOptions,
  MergeResult,
  TreeFile,
  TreeFileHash,
} from './git-store.js';
import {
  BranchExistsError,
  BranchMovedError,
  BranchNotFoundError,
  InvalidBranchNameError,
  RefLockTimeoutError,
  RepositoryNotFoundError,
} from './git-store-errors.js';
import { RefFiles } from './ref-files.js';
import { assertBranchName, assertRepositoryId, branchRef, fullRef } from './ref-names.js';
import { RefUpdater } from './ref-updater.js';
import { type RepositoryContext, readCommitOrThrow } from './repository-context.js';

/** Bare repositories at `<rootDirectory>/<repositoryId>.git`, on a local disk or a shared volume. */
export class FileSystemGitStore implements GitStore {
  private readonly refUpdater = new RefUpdater();
  private readonly reader = new CommitReader();

  private readonly fileRemotePolicy: FileRemotePolicy;

  constructor(
    private readonly rootDirectory: string,
    fileRemotePolicy: FileRemotePolicy,
  ) {
    // The store's own repositories are never a remote, whatever the operator allowed.
    this.fileRemotePolicy = {
      ...fileRemotePolicy,
      forbiddenDirectories: [...fileRemotePolicy.forbiddenDirectories, rootDirectory],
    };
  }

  async ensureRepository(repositoryId: string, options: EnsureRepositoryOptions): Promise<void> {
    const context = this.contextOf(repositoryId);
    const ref = branchRef(options.defaultBranch);
    await fileSystem.mkdir(this.rootDirectory, { recursive: true });
    // init returns early when the repository already has a config, so concurrent calls are harmless.
    await init({
      fs: atomicFileSystem,
      gitdir: context.gitdir,
      bare: true,
      defaultBranch: options.defaultBranch,
    });
    // init skips a repository that has a config; one interrupted before HEAD was written still needs it.
    await fileSystem
      .writeFile(join(context.gitdir, 'HEAD'), `ref: ${ref}\n`, { flag: 'wx' })
      .catch(() => undefined);
    if ((await context.refs.read(ref)) !== null) return;
    const tree = await writeTreeWithChanges(context, null, options.initialFiles ?? []);
    const message = options.message ?? 'Initial commit';
    const commit = await writeCommitObject(context, { tree, parents: [], message, author: options.author });
    try {
      await this.refUpdater.withRef(context, ref, () => this.refUpdater.swap(context, ref, null, commit));
    } catch (error) {
      // Another request created the branch first; its initial commit is as good as ours.
      if (!(error instanceof BranchMovedError) || error instanceof RefLockTimeoutError) throw error;
    }
  }

  async deleteRepository(repositoryId: string): Promise<void> {
    await fileSystem.rm(this.contextOf(repositoryId).gitdir, { recursive: true, force: true });
  }

  async listBranches(repositoryId: string): Promise<Array<{ name: string; head: string }>> {
    const context = await this.open(repositoryId);
    const refs = await context.refs.list('refs/heads/');
    return [...refs]
      .map(([ref, head]) => ({ name: ref.slice('refs/heads/'.length), head }))
      .sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
  }

  async resolveBranch(repositoryId: string, branch: string): Promise<string | null> {
    // Every data-API query reads a head: the ref first, and whether the repository exists only when
    // there is none, so the usual answer costs one file read.
    const head = await this.contextOf(repositoryId).refs.read(branchRef(branch));
    if (head !== null) return head;
    await this.open(repositoryId);
    return null;
  }

  async createBranch(repositoryId: string, name: string, fromCommit: string): Promise<void> {
    const context = await this.open(repositoryId);
    const ref = branchRef(name);
    await readCommitOrThrow(context, fromCommit);
    for (const existing of await this.listBranches(repositoryId)) {
      if (existing.name === name) throw new BranchExistsError(`Branch ${name} already exists`);
      // Loose refs are files, so `a` and `a/b` cannot both exist (git refuses it too).
      if (existing.name.startsWith(`${name}/`) || name.startsWith(`${existing.name}/`)) {
        throw new InvalidBranchNameError(
          `Branch ${name} conflicts with the existing branch ${existing.name}`,
        );
      }
    }
    try {
      await this.refUpdater.withRef(context, ref, () => this.refUpdater.swap(context, ref, null, fromCommit));
    } catch (error) {
      if (error instanceof BranchMovedError && !(error instanceof RefLockTimeoutError)) {
        throw new BranchExistsError(`Branch ${name} already exists`);
      }
      throw error;
    }
  }

  async deleteBranch(repositoryId: string, name: string): Promise<void> {
    const context = await this.open(repositoryId);
    const ref = branchRef(name);
    await this.refUpdater.withRef(context, ref, async () => {
      const head = await context.refs.read(ref);
      if (head === null) throw new BranchNotFoundError(`Branch ${name} does not exist`);
      await this.refUpdater.swap(context, ref, head, null);
    });
  }

  async compareAndSwapRef(
    repositoryId: string,
    ref: string,
    expected: string | null,
    next: string | null,
  ): Promise<void> {
    const context = await this.open(repositoryId);
    const target = fullRef(ref);
    // Refuse to point a ref at an object that is not a commit of this repository.
    if (next !== null) await readCommitOrThrow(context, next);
    await this.refUpdater.withRef(context, target, () =>
      this.refUpdater.swap(context, target, expected, next),
    );
  }

  async listFiles(repositoryId: string, commit: string): Promise<TreeFile[]> {
    return this.reader.listFiles(await this.open(repositoryId), commit);
  }

  async listFileHashes(repositoryId: string, commit: string): Promise<TreeFileHash[]> {
    return this.reader.listFileHashes(await this.open(repositoryId), commit);
  }

  async readFile(repositoryId: string, commit: string, path: string): Promise<Uint8Array | null> {
    return this.reader.readFile(await this.open(repositoryId), commit, path);
  }

  async readFiles(
    repositoryId: string,
    commit: string,
  ): Promise<Array<{ path: string; content: Uint8Array }>> {
    return this.reader.readFiles(await this.open(repositoryId), commit);
  }

  async firstParentOf(repositoryId: string, commit: string): Promise<string | null> {
    const { parent } = await readCommitOrThrow(await this.open(repositoryId), commit);
    return parent[0] ?? null;
  }

  async createCommit(repositoryId: string, options: CreateCommitOptions): Promise<string> {
    return this.commitOn(await this.open(repositoryId), options.parent, options);
  }

  async commitToBranch(repositoryId: string, options: CommitToBranchOptions): Promise<string> {
    const context = await this.open(repositoryId);
    const ref = branchRef(options.branch);
    return this.refUpdater.withRef(context, ref, async () => {
      const actual = await context.refs.read(ref);
      if (actual === null) throw new BranchNotFoundError(`Branch ${options.branch} does not exist`);
      // Checked before writing anything, so a caller that lost the race fails fast.
      if (actual !== options.expectedHead && !options.rebaseOnRace) {
        throw new BranchMovedError(ref, options.expectedHead, actual);
      }
      // Optimistic: write the commit without holding the lock file, then compare-and-swap.
      const commit = await this.commitOn(context, actual, options);
      try {
        await this.refUpdater.swap(context, ref, actual, commit);
        return commit;
      } catch (error) {
        // Only another process can win here: this process's writers of the ref are queued.
        if (!(error instanceof BranchMovedError) || !options.rebaseOnRace) throw error;
      }
      // Pessimistic: re-apply the changes on the current head while holding the lock file.
      let rebased = '';
      await this.refUpdater.update(context, ref, async (head) => {
        if (head === null) throw new BranchNotFoundError(`Branch ${options.branch} does not exist`);
        rebased = await this.commitOn(context, head, options);
        return rebased;
      });
      return rebased;
    });
  }

  async merge(repositoryId: string, options: MergeOptions): Promise<MergeResult> {
    const context = await this.open(repositoryId);
    const { pushTo } = options;
    if (pushTo) assertBranchName(pushTo.branch);
    const publish = pushTo
      ? (commit: string) => this.pushCommit(context, pushTo.remote, commit, pushTo.branch)
      : undefined;
    return mergeIntoBranch(context, this.refUpdater, options, publish);
  }

  async checkRemote(remote: GitRemote): Promise<void> {
    await parseRemote(remote, this.fileRemotePolicy);
  }

  async fetch(repositoryId: string, remote: GitRemote, remoteBranch: string): Promise<string> {
    assertBranchName(remoteBranch);
    return fetchFromRemote(await this.open(repositoryId), remote, remoteBranch);
  }

  async fetchRef(repositoryId: string, remote: GitRemote, ref: string): Promise<string> {
    assertBranchName(ref);
    return fetchRefFromRemote(await this.open(repositoryId), remote, ref);
  }

  async push(
    repositoryId: string,
    remote: GitRemote,
    localBranch: string,
    remoteBranch: string,
  ): Promise<void> {
    assertBranchName(remoteBranch);
    const context = await this.open(repositoryId);
    const head = await context.refs.read(branchRef(localBranch));
    if (head === null) throw new BranchNotFoundError(`Branch ${localBranch} does not exist`);
    await pushToRemote(context, remote, branchRef(localBranch), remoteBranch, head);
  }

  /** Pushes a commit no branch points at yet, through a ref of its own that is gone afterwards. */
  private async pushCommit(
    context: RepositoryContext,
    remote: GitRemote,
    commit: string,
    remoteBranch: string,
  ) {
    const pending = `refs/platform-push/${randomUUID()}`;
    await context.refs.write(pending, commit);
    try {
      await pushToRemote(context, remote, pending, remoteBranch, commit);
    } finally {
      await context.refs.delete(pending);
      await context.refs.pruneEmptyFolders(pending);
    }
  }

  private async commitOn(
    context: RepositoryContext,
    parent: string,
    options: {
      changes: readonly FileChange[];
      message: string;
      author: GitAuthor;
      extraParents?: readonly string[];
    },
  ): Promise<string> {
    const parentCommit = await readCommitOrThrow(context, parent);
    const extraParents = options.extraParents ?? [];
    for (const extraParent of extraParents) await readCommitOrThrow(context, extraParent);
    const tree = await writeTreeWithChanges(context, parentCommit.tree, options.changes);
    const parents = [parent, ...extraParents];
    return writeCommitObject(context, { tree, parents, message: options.message, author: options.author });
  }

  private contextOf(repositoryId: string): RepositoryContext {
    assertRepositoryId(repositoryId);
    const gitdir = join(this.rootDirectory, `${repositoryId}.git`);
    const { rootDirectory, fileRemotePolicy } = this;
    return {
      repositoryId,
      rootDirectory,
      fileRemotePolicy,
      gitdir,
      fs: atomicFileSystem,
      refs: new RefFiles(gitdir),
      cache: {},
    };
  }

  private async open(repositoryId: string): Promise<RepositoryContext> {
    const context = this.contextOf(repositoryId);
    try {
      await fileSystem.stat(join(context.gitdir, 'HEAD'));
    } catch (error) {
      if (isErrorCode(error, 'ENOENT', 'ENOTDIR')) {
        throw new RepositoryNotFoundError(`Repository ${repositoryId} does not exist`);
      }
      throw error;
    }
    return context;
  }
}
