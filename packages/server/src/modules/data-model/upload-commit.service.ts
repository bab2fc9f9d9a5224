import { AppError } from '../../errors/app-error.js';
import { mapConcurrently } from '../../platform/git-store/bounded-concurrency.js';
import type { FileChange } from '../../platform/git-store/git-store.js';
import type { Principal } from '../identity/principal.js';
import { headBefore, triggerBuildOrRestoreRef } from './build-or-restore-ref.js';
import type { BuildsService } from './builds.service.js';
import { compileModel } from './compile-model.js';
import { authorOf, type DataModelAccess } from './data-model-access.js';
import { modelPathOf } from './data-model-files.service.js';
import { withGitErrors } from './git-errors.js';
import type { UploadService } from './upload.service.js';

const stagedReadConcurrency = 16;

interface UploadChangesInput {
  transaction: { id: string };
  files: Record<string, { hash: string }>;
  autoRemoveFiles: boolean;
  branchName?: string;
}

interface FinishInput extends UploadChangesInput {
  commitMessage?: string;
}

/**
 * Finishing an upload: every listed file must have been staged with that hash or already be in the
 * branch with it; the changes become ONE commit (plus removals with autoRemoveFiles) and ONE build.
 * Validating one compiles the model those changes would make, and changes nothing.
 */
export class UploadCommitService {
  constructor(
    private readonly access: DataModelAccess,
    private readonly uploads: UploadService,
    private readonly builds: BuildsService,
  ) {}

  async finish(principal: Principal, deploymentId: number, input: FinishInput) {
    const { model, transaction, branch, head, listed, changes } = await this.changesOf(
      principal,
      deploymentId,
      input,
    );
    await this.uploads.markFinished(transaction.id);
    const lastHash = await withGitErrors(() =>
      this.access.gitStore.commitToBranch(model.repositoryId, {
        branch,
        expectedHead: head,
        changes,
        message: input.commitMessage ?? `Upload of ${listed.size} file(s)`,
        author: authorOf(principal),
        rebaseOnRace: true,
      }),
    ).catch(async (error: unknown) => {
      await this.uploads.reopen(transaction.id);
      throw error;
    });
    const { gitStore } = this.access;
    // Recorded before the staged files go: if the build cannot be, the branch moves back and the
    // transaction reopens, so finishing again works.
    const buildId = await triggerBuildOrRestoreRef(gitStore, this.builds, model, {
      branch,
      previous: await headBefore(gitStore, model, lastHash, head),
      next: lastHash,
    }).catch(async (error: unknown) => {
      await this.uploads.reopen(transaction.id);
      throw error;
    });
    await this.uploads.discardStaged(transaction.id);
    return { lastHash, buildId };
  }

  /** The branch's files at its head with the upload's changes applied, compiled with every error. */
  async validate(principal: Principal, deploymentId: number, input: UploadChangesInput) {
    const { model, branch, head, changes } = await this.changesOf(principal, deploymentId, input);
    const files = new Map(
      (await this.access.gitStore.readFiles(model.repositoryId, head)).map((file) => [
        file.path,
        file.content,
      ]),
    );
    for (const change of changes) {
      if (change.content === null) files.delete(change.path);
      else files.set(change.path, change.content);
    }
    const compilation = compileModel([...files].map(([path, content]) => ({ path, content })));
    return {
      branchName: branch,
      valid: compilation.errors.length === 0,
      errors: compilation.errors.map((error) => ({
        message: error.message,
        fileName: error.fileName,
        ...(error.line === undefined ? {} : { line: error.line }),
      })),
      cubesCount: compilation.cubesCount,
    };
  }

  /** What finishing would commit: checked against the transaction, its branch and what was staged. */
  private async changesOf(principal: Principal, deploymentId: number, input: UploadChangesInput) {
    const model = await this.access.load(principal, deploymentId, 'SchemaUpdateDevBranches');
    const transaction = await this.uploads.open(principal, deploymentId, input.transaction.id);
    if (input.branchName !== undefined && input.branchName !== transaction.branchName) {
      throw new AppError(
        'BAD_REQUEST',
        `the transaction was started for branch ${transaction.branchName}, not ${input.branchName}`,
      );
    }
    // The right is checked again: the caller's dev mode or role may have changed since start.
    const branch = await this.uploads.targetBranch(principal, model, transaction.branchName);
    const head = await this.access.headOf(model.repositoryId, branch);
    const current = new Map(
      (await this.access.gitStore.listFileHashes(model.repositoryId, head)).map((file) => [
        file.path,
        file.contentSha1,
      ]),
    );
    const currentHashes = new Set(current.values());
    const staged = new Map((await this.uploads.stagedFiles(transaction.id)).map((file) => [file.hash, file]));
    const listed = new Map(Object.entries(input.files).map(([path, file]) => [modelPathOf(path), file.hash]));
    const changed = [...listed].filter(([path, hash]) => current.get(path) !== hash);
    const missing = changed.filter(([, hash]) => !staged.has(hash) && !currentHashes.has(hash));
    if (missing.length > 0) {
      const paths = missing.map(([path]) => path);
      throw new AppError('BAD_REQUEST', `these files were not uploaded: ${paths.join(', ')}`, {
        missing: paths,
      });
    }
    // A first deploy stages hundreds of small files: read a few at a time rather than one after another.
    const changes: FileChange[] = await mapConcurrently(
      changed,
      stagedReadConcurrency,
      async ([path, hash]) => ({
        path,
        content: staged.has(hash)
          ? new Uint8Array(await this.uploads.readStaged(transaction.id, hash))
          : await this.contentWithHash(model.repositoryId, head, current, hash),
      }),
    );
    if (input.autoRemoveFiles) {
      for (const path of current.keys()) if (!listed.has(path)) changes.push({ path, content: null });
    }
    return { model, transaction, branch, head, listed, changes };
  }

  private async contentWithHash(
    repositoryId: string,
    head: string,
    current: ReadonlyMap<string, string>,
    hash: string,
  ): Promise<Uint8Array> {
    const source = [...current].find(([, fileHash]) => fileHash === hash)?.[0];
    const content = source ? await this.access.gitStore.readFile(repositoryId, head, source) : null;
    if (!content) throw new AppError('BAD_REQUEST', `no file with hash ${hash} is in the branch`);
    return content;
  }
}
