import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { maximumUploadBytes } from '@platform/contract';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { AppError } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import type { Principal } from '../identity/principal.js';
import { type UploadTransactionRow, uploadFilesTable, uploadTransactionsTable } from './data-model.tables.js';
import type { DataModelAccess, ModelDeployment } from './data-model-access.js';
import { checkSizes, modelPathOf } from './data-model-files.service.js';
import type { DevModeService } from './dev-mode.service.js';
import { sha1Of } from './file-tree.js';

const transactionLifetimeMilliseconds = 60 * 60 * 1000;

function usable(transaction: UploadTransactionRow | undefined, transactionId: string): UploadTransactionRow {
  if (!transaction || transaction.expiresAt.getTime() <= Date.now()) {
    throw new AppError('NOT_FOUND', `upload transaction ${transactionId} not found or expired`);
  }
  if (transaction.finishedAt) {
    throw new AppError('CONFLICT', `upload transaction ${transactionId} is already finished`);
  }
  return transaction;
}

/**
 * The first half of the CLI's chunked upload: a transaction bound to a deployment, a credential and a
 * branch, and its staged files (bytes on disk, named by hash, listed in the store). Nothing reaches the
 * branch until the transaction is finished (UploadCommitService).
 */
export class UploadService {
  constructor(
    private readonly database: Database,
    private readonly access: DataModelAccess,
    private readonly devMode: DevModeService,
    private readonly options: { uploadsDirectory: string },
  ) {}

  async start(principal: Principal, deploymentId: number, branchName?: string) {
    const model = await this.access.load(principal, deploymentId, 'SchemaUpdateDevBranches');
    const branch = await this.targetBranch(principal, model, branchName);
    await this.access.headOf(model.repositoryId, branch);
    await this.removeExpired();
    const id = randomUUID();
    await this.database.insert(uploadTransactionsTable).values({
      id,
      deploymentId,
      credentialId: principal.credential.id,
      branchName: branch,
      expiresAt: new Date(Date.now() + transactionLifetimeMilliseconds),
    });
    return { transaction: { id }, deploymentName: model.deployment.name };
  }

  /**
   * Uploading to the deploy branch is how the CLI deploys, so it needs SchemaUpdate; any other branch
   * must be the caller's dev-mode branch.
   */
  async targetBranch(principal: Principal, model: ModelDeployment, branchName?: string): Promise<string> {
    const deployBranch = model.deployment.deployBranchName;
    if ((branchName ?? deployBranch) === deployBranch) {
      await this.access.require(principal, model.deployment.id, 'SchemaUpdate');
      return deployBranch;
    }
    return this.devMode.writeBranch(principal, model, branchName);
  }

  /**
   * No deployment load here on the usual path, unlike the other calls: `open` finds the transaction only
   * for this deployment and this credential, start checked both (account, role, key scope, which never
   * changes for a key), the HTTP layer checks the role's right on every call, and deleting the deployment
   * deletes the transaction (foreign key cascade). A deploy stages hundreds of files, so each store
   * round trip saved here is saved hundreds of times.
   */
  async stage(
    principal: Principal,
    deploymentId: number,
    input: { transaction: { id: string }; fileName: string; file: Uint8Array },
  ) {
    // A key scoped to other deployments gets the full check, which refuses it (403) and audits the denial.
    const scope = principal.credential.deploymentIds;
    if (scope !== null && !scope.includes(deploymentId)) {
      await this.access.load(principal, deploymentId, 'SchemaUpdateDevBranches');
    }
    const path = modelPathOf(input.fileName);
    checkSizes([{ path, size: input.file.byteLength }]);
    const { transaction, previous } = await this.openForFile(
      principal,
      deploymentId,
      input.transaction.id,
      path,
    );
    const hash = sha1Of(input.file);
    const directory = this.directoryOf(transaction.id);
    await mkdir(directory, { recursive: true });
    await writeFile(join(directory, hash), input.file);
    await this.putStagedFile(transaction.id, path, { hash, size: input.file.byteLength });
    if ((await this.recomputeTotal(transaction.id)) > maximumUploadBytes) {
      // Over the limit: the file's row goes back to what it was, so the transaction stays as before.
      if (previous) await this.putStagedFile(transaction.id, path, previous);
      else await this.removeStagedFile(transaction.id, path);
      await this.recomputeTotal(transaction.id);
      throw new AppError(
        'BAD_REQUEST',
        `the upload exceeds the limit of ${maximumUploadBytes} bytes per upload; file ${path} was not staged`,
      );
    }
    return { success: true as const, hash };
  }

  private async putStagedFile(transactionId: string, path: string, file: { hash: string; size: number }) {
    await this.database
      .insert(uploadFilesTable)
      .values({ transactionId, fileName: path, ...file })
      .onConflictDoUpdate({ target: [uploadFilesTable.transactionId, uploadFilesTable.fileName], set: file });
  }

  private async removeStagedFile(transactionId: string, path: string) {
    await this.database
      .delete(uploadFilesTable)
      .where(and(eq(uploadFilesTable.transactionId, transactionId), eq(uploadFilesTable.fileName, path)));
  }

  /**
   * The total is summed from the rows, after the row is written, by a statement of its own: it then sees
   * every file committed before it, so concurrent uploads of one transaction cannot all slip under the
   * limit (the last of them to be checked sees them all), and a total never drifts from the rows.
   */
  private async recomputeTotal(transactionId: string): Promise<number> {
    const [updated] = await this.database
      .update(uploadTransactionsTable)
      .set({
        totalBytes: sql`(SELECT COALESCE(SUM(${uploadFilesTable.size}), 0) FROM ${uploadFilesTable} WHERE ${uploadFilesTable.transactionId} = ${transactionId})`,
      })
      .where(eq(uploadTransactionsTable.id, transactionId))
      .returning({ totalBytes: uploadTransactionsTable.totalBytes });
    return Number(updated?.totalBytes ?? 0);
  }

  /** The caller's unfinished, unexpired transaction on this deployment: 404 otherwise, 409 once finished. */
  async open(principal: Principal, deploymentId: number, transactionId: string) {
    const [transaction] = await this.database
      .select()
      .from(uploadTransactionsTable)
      .where(this.isCallersTransaction(principal, deploymentId, transactionId));
    return usable(transaction, transactionId);
  }

  /** `open`, and in the same round trip the row of the file staged at `path` before, if any. */
  private async openForFile(principal: Principal, deploymentId: number, transactionId: string, path: string) {
    const [row] = await this.database
      .select({
        transaction: uploadTransactionsTable,
        hash: uploadFilesTable.hash,
        size: uploadFilesTable.size,
      })
      .from(uploadTransactionsTable)
      .leftJoin(
        uploadFilesTable,
        and(
          eq(uploadFilesTable.transactionId, uploadTransactionsTable.id),
          eq(uploadFilesTable.fileName, path),
        ),
      )
      .where(this.isCallersTransaction(principal, deploymentId, transactionId));
    const transaction = usable(row?.transaction, transactionId);
    const previous = row?.hash != null && row.size != null ? { hash: row.hash, size: row.size } : null;
    return { transaction, previous };
  }

  private isCallersTransaction(principal: Principal, deploymentId: number, transactionId: string) {
    return and(
      eq(uploadTransactionsTable.id, transactionId),
      eq(uploadTransactionsTable.deploymentId, deploymentId),
      eq(uploadTransactionsTable.credentialId, principal.credential.id),
    );
  }

  async stagedFiles(transactionId: string) {
    return this.database
      .select()
      .from(uploadFilesTable)
      .where(eq(uploadFilesTable.transactionId, transactionId));
  }

  readStaged(transactionId: string, hash: string): Promise<Buffer> {
    return readFile(join(this.directoryOf(transactionId), hash));
  }

  /** Marks the transaction finished only if nobody else did: a second finish is a 409. */
  async markFinished(transactionId: string): Promise<void> {
    const rows = await this.database
      .update(uploadTransactionsTable)
      .set({ finishedAt: new Date() })
      .where(and(eq(uploadTransactionsTable.id, transactionId), isNull(uploadTransactionsTable.finishedAt)))
      .returning({ id: uploadTransactionsTable.id });
    if (rows.length === 0) {
      throw new AppError('CONFLICT', `upload transaction ${transactionId} is already finished`);
    }
  }

  /** A finish whose commit failed leaves the transaction open, so the client can retry it. */
  async reopen(transactionId: string): Promise<void> {
    await this.database
      .update(uploadTransactionsTable)
      .set({ finishedAt: null })
      .where(eq(uploadTransactionsTable.id, transactionId));
  }

  async discardStaged(transactionId: string): Promise<void> {
    await rm(this.directoryOf(transactionId), { recursive: true, force: true });
  }

  /** Expired transactions (finished or not) lose their staged bytes; their rows go with them. */
  private async removeExpired(): Promise<void> {
    const expired = await this.database
      .delete(uploadTransactionsTable)
      .where(lt(uploadTransactionsTable.expiresAt, new Date()))
      .returning({ id: uploadTransactionsTable.id });
    for (const row of expired) await this.discardStaged(row.id);
  }

  private directoryOf(transactionId: string): string {
    // Ids are UUIDs we made; anything else never reaches the disk.
    if (!/^[0-9a-f-]{36}$/.test(transactionId)) {
      throw new AppError('NOT_FOUND', `upload transaction ${transactionId} not found or expired`);
    }
    return join(this.options.uploadsDirectory, transactionId);
  }
}
