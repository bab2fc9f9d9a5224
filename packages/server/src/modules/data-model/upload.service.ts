import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { maximumUploadBytes } from '@platform/contract';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { AppError } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import type { Principal } from '../identity/principal.js';
import { uploadFilesTable, uploadTransactionsTable } from './data-model.tables.js';
import type { DataModelAccess, ModelDeployment } from './data-model-access.js';
import { checkSizes, modelPathOf } from './data-model-files.service.js';
import type { DevModeService } from './dev-mode.service.js';
import { sha1Of } from './file-tree.js';

const transactionLifetimeMilliseconds = 60 * 60 * 1000;

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

  async stage(
    principal: Principal,
    deploymentId: number,
    input: { transaction: { id: string }; fileName: string; file: Uint8Array },
  ) {
    await this.access.load(principal, deploymentId, 'SchemaUpdateDevBranches');
    const path = modelPathOf(input.fileName);
    checkSizes([{ path, size: input.file.byteLength }]);
    const transaction = await this.open(principal, deploymentId, input.transaction.id);
    const hash = sha1Of(input.file);
    const directory = this.directoryOf(transaction.id);
    await mkdir(directory, { recursive: true });
    await writeFile(join(directory, hash), input.file);
    await this.database.transaction(async (executor) => {
      const [previous] = await executor
        .delete(uploadFilesTable)
        .where(and(eq(uploadFilesTable.transactionId, transaction.id), eq(uploadFilesTable.fileName, path)))
        .returning({ size: uploadFilesTable.size });
      const growth = input.file.byteLength - (previous?.size ?? 0);
      const [updated] = await executor
        .update(uploadTransactionsTable)
        .set({ totalBytes: sql`${uploadTransactionsTable.totalBytes} + ${growth}` })
        .where(eq(uploadTransactionsTable.id, transaction.id))
        .returning({ totalBytes: uploadTransactionsTable.totalBytes });
      if ((updated?.totalBytes ?? 0) > maximumUploadBytes) {
        throw new AppError(
          'BAD_REQUEST',
          `the upload exceeds the limit of ${maximumUploadBytes} bytes per upload; file ${path} was not staged`,
        );
      }
      await executor
        .insert(uploadFilesTable)
        .values({ transactionId: transaction.id, fileName: path, hash, size: input.file.byteLength });
    });
    return { success: true as const, hash };
  }

  /** The caller's unfinished, unexpired transaction on this deployment: 404 otherwise, 409 once finished. */
  async open(principal: Principal, deploymentId: number, transactionId: string) {
    const [transaction] = await this.database
      .select()
      .from(uploadTransactionsTable)
      .where(
        and(
          eq(uploadTransactionsTable.id, transactionId),
          eq(uploadTransactionsTable.deploymentId, deploymentId),
          eq(uploadTransactionsTable.credentialId, principal.credential.id),
        ),
      );
    if (!transaction || transaction.expiresAt.getTime() <= Date.now()) {
      throw new AppError('NOT_FOUND', `upload transaction ${transactionId} not found or expired`);
    }
    if (transaction.finishedAt) {
      throw new AppError('CONFLICT', `upload transaction ${transactionId} is already finished`);
    }
    return transaction;
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
