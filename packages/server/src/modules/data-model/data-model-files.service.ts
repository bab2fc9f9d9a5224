import { maximumModelFileBytes, maximumUploadBytes } from '@platform/contract';
import { AppError } from '../../errors/app-error.js';
import { normaliseModelPath } from '../../platform/git-store/model-path.js';
import type { Principal } from '../identity/principal.js';
import { authorOf, type DataModelAccess, type ModelDeployment } from './data-model-access.js';
import type { DevModeService } from './dev-mode.service.js';
import { fileTreeOf } from './file-tree.js';
import { withGitErrors } from './git-errors.js';

type FileChange = { path: string; content: Uint8Array | null };

export function modelPathOf(path: string): string {
  return withPathErrors(() => normaliseModelPath(path));
}

function withPathErrors<Result>(work: () => Result): Result {
  try {
    return work();
  } catch (error) {
    throw new AppError('BAD_REQUEST', (error as Error).message);
  }
}

/** Refuses a file over the per-file limit and a batch over the per-upload limit, each with its number. */
export function checkSizes(files: ReadonlyArray<{ path: string; size: number }>): void {
  let total = 0;
  for (const file of files) {
    if (file.size > maximumModelFileBytes) {
      throw new AppError(
        'BAD_REQUEST',
        `file ${file.path} is ${file.size} bytes; the limit is ${maximumModelFileBytes} bytes per file`,
      );
    }
    total += file.size;
  }
  if (total > maximumUploadBytes) {
    throw new AppError(
      'BAD_REQUEST',
      `the files add up to ${total} bytes; the limit is ${maximumUploadBytes} bytes per upload`,
    );
  }
}

/** Reading and editing the files of a branch. Every edit is one commit on the caller's dev-mode branch. */
export class DataModelFilesService {
  constructor(
    private readonly access: DataModelAccess,
    private readonly devMode: DevModeService,
  ) {}

  async list(
    principal: Principal,
    deploymentId: number,
    query: { branchName?: string; withContent?: boolean },
  ) {
    const model = await this.access.load(principal, deploymentId, 'SchemaRead');
    const branchName = query.branchName ?? model.deployment.deployBranchName;
    const lastHash = await this.access.headOf(model.repositoryId, branchName);
    const { gitStore } = this.access;
    const files = query.withContent
      ? (await gitStore.readFiles(model.repositoryId, lastHash)).map((file) => ({
          path: file.path,
          content: Buffer.from(file.content).toString('utf8'),
        }))
      : await gitStore.listFiles(model.repositoryId, lastHash);
    return { branchName, lastHash, files: fileTreeOf(files) };
  }

  async hashes(principal: Principal, deploymentId: number, branchName?: string) {
    const model = await this.access.load(principal, deploymentId, 'SchemaRead');
    const head = await this.access.headOf(
      model.repositoryId,
      branchName ?? model.deployment.deployBranchName,
    );
    // Hashes are remembered by blob oid in the store: a deploy's check reads trees, not every file.
    const files = await this.access.gitStore.listFileHashes(model.repositoryId, head);
    return Object.fromEntries(files.map((file) => [file.path, { hash: file.contentSha1 }]));
  }

  async write(
    principal: Principal,
    deploymentId: number,
    body: { files: Array<{ path: string; content: string }>; branchName?: string; lastHash?: string },
  ) {
    const changes = body.files.map((file) => ({
      path: modelPathOf(file.path),
      content: new Uint8Array(Buffer.from(file.content, 'utf8')),
    }));
    checkSizes(changes.map((change) => ({ path: change.path, size: change.content.byteLength })));
    return this.commit(principal, deploymentId, body, changes, `Update ${describe(changes)}`);
  }

  async delete(
    principal: Principal,
    deploymentId: number,
    body: { files: Array<{ path: string }>; branchName?: string; lastHash?: string },
  ) {
    const changes = body.files.map((file) => ({ path: modelPathOf(file.path), content: null }));
    return this.commit(principal, deploymentId, body, changes, `Delete ${describe(changes)}`);
  }

  async rename(
    principal: Principal,
    deploymentId: number,
    body: { files: Array<{ path: string; newPath: string }>; branchName?: string; lastHash?: string },
  ) {
    const moves = body.files.map((file) => ({ from: modelPathOf(file.path), to: modelPathOf(file.newPath) }));
    const model = await this.access.load(principal, deploymentId, 'SchemaUpdateDevBranches');
    const branch = await this.devMode.writeBranch(principal, model, body.branchName);
    const head = body.lastHash ?? (await this.access.headOf(model.repositoryId, branch));
    const changes: FileChange[] = [];
    for (const move of moves) {
      const content = await this.access.gitStore.readFile(model.repositoryId, head, move.from);
      if (!content) throw new AppError('NOT_FOUND', `file /${move.from} not found on branch ${branch}`);
      changes.push({ path: move.from, content: null }, { path: move.to, content });
    }
    const message = `Rename ${moves.map((move) => `${move.from} to ${move.to}`).join(', ')}`;
    return this.commitOn(principal, model, branch, head, changes, message, body.lastHash !== undefined);
  }

  private async commit(
    principal: Principal,
    deploymentId: number,
    body: { branchName?: string; lastHash?: string },
    changes: FileChange[],
    message: string,
  ) {
    const model = await this.access.load(principal, deploymentId, 'SchemaUpdateDevBranches');
    const branch = await this.devMode.writeBranch(principal, model, body.branchName);
    const head = body.lastHash ?? (await this.access.headOf(model.repositoryId, branch));
    return this.commitOn(principal, model, branch, head, changes, message, body.lastHash !== undefined);
  }

  /**
   * With the caller's `lastHash` a moved branch is a 409 (the caller decides); without it, the store
   * replays the change on the new head, so two writers of different files both land.
   */
  private async commitOn(
    principal: Principal,
    model: ModelDeployment,
    branch: string,
    expectedHead: string,
    changes: FileChange[],
    message: string,
    isExpectedHeadFromCaller: boolean,
  ) {
    await withGitErrors(() =>
      this.access.gitStore.commitToBranch(model.repositoryId, {
        branch,
        expectedHead,
        changes,
        message,
        author: authorOf(principal),
        rebaseOnRace: !isExpectedHeadFromCaller,
      }),
    );
    return { success: true as const };
  }
}

function describe(changes: ReadonlyArray<{ path: string }>): string {
  const names = changes.slice(0, 3).map((change) => change.path);
  return changes.length > 3 ? `${names.join(', ')} and ${changes.length - 3} more` : names.join(', ');
}
