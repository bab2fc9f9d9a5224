import type {
  BuildStatusSnapshot,
  DeployApi,
  FinishUploadInput,
  UploadValidation,
} from '../../src/deploy/deploy-api.js';
import type { BuildError } from '../../src/deploy/deploy-progress.js';
import { sha1Hex } from '../../src/deploy/model-files.js';

/**
 * An in-memory build API with the server's upload semantics: uploads are staged per transaction, finish
 * commits them, removes absent files when asked, and runs a "build" that fails on files containing `broken`;
 * validating an upload runs that build on the files finishing would make.
 */
export class FakeDeployApi implements DeployApi {
  readonly files = new Map<string, string>();
  readonly calls: string[] = [];
  private readonly staged = new Map<string, Map<string, string>>();
  private status: BuildStatusSnapshot = {
    status: 'none',
    branchName: 'main',
    errorText: null,
    filesHash: null,
    updatedAt: null,
  };
  private commits = 0;
  /** Status reads that still answer `building` after a finish, to exercise the polling. */
  buildingReads = 0;

  async fileHashes(): Promise<unknown> {
    this.calls.push('fileHashes');
    const answer: Record<string, { hash: string }> = {};
    for (const [path, content] of this.files) answer[`/${path}`] = { hash: sha1Hex(Buffer.from(content)) };
    return answer;
  }

  async startUpload(): Promise<{ id: string }> {
    this.calls.push('startUpload');
    const id = `transaction-${this.staged.size + 1}`;
    this.staged.set(id, new Map());
    return { id };
  }

  async uploadFile(transaction: { id: string }, path: string, bytes: Uint8Array): Promise<string> {
    this.calls.push(`uploadFile ${path}`);
    this.staged.get(transaction.id)?.set(path, Buffer.from(bytes).toString());
    return sha1Hex(bytes);
  }

  async validateUpload(input: Omit<FinishUploadInput, 'commitMessage'>): Promise<UploadValidation> {
    this.calls.push('validateUpload');
    const errors = this.buildErrors(this.filesAfter(input));
    return { valid: errors.length === 0, errors };
  }

  async finishUpload(input: FinishUploadInput): Promise<{ lastHash: string; buildId: number }> {
    this.calls.push('finishUpload');
    const after = this.filesAfter(input);
    this.files.clear();
    for (const [path, content] of after) this.files.set(path, content);
    this.commits += 1;
    const lastHash = `commit-${this.commits}`;
    const errors = this.buildErrors();
    this.status = {
      status: errors.length > 0 ? 'failed' : 'built',
      branchName: input.branchName ?? 'main',
      errorText: errors.length > 0 ? 'the model does not compile' : null,
      filesHash: lastHash,
      updatedAt: new Date(this.commits * 1000).toISOString(),
    };
    this.buildingReads = 2;
    return { lastHash, buildId: this.commits };
  }

  async buildStatus(): Promise<BuildStatusSnapshot> {
    this.calls.push('buildStatus');
    if (this.buildingReads > 0) {
      this.buildingReads -= 1;
      return { ...this.status, status: 'building' };
    }
    return this.status;
  }

  async validationErrors(): Promise<BuildError[]> {
    this.calls.push('validationErrors');
    return this.buildErrors();
  }

  /** The files the branch holds once the upload is finished. */
  private filesAfter(input: Omit<FinishUploadInput, 'commitMessage'>): Map<string, string> {
    const files = new Map(this.files);
    for (const [path, content] of this.staged.get(input.transaction.id) ?? []) files.set(path, content);
    if (input.autoRemoveFiles) {
      for (const path of [...files.keys()]) if (!(path in input.files)) files.delete(path);
    }
    return files;
  }

  private buildErrors(files: ReadonlyMap<string, string> = this.files): BuildError[] {
    return [...files]
      .filter(([, content]) => content.includes('broken'))
      .map(([path, content]) => ({
        fileName: path,
        line: content.split('\n').findIndex((line) => line.includes('broken')) + 1,
        message: 'unknown key broken',
      }));
  }
}
