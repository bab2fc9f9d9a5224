import {
  type CompiledModel,
  compileDataModel,
  compileModelFiles,
  createMetadataSearchIndex,
  type MetadataSearchIndex,
} from '@platform/semantic';
import { AppError } from '../../errors/app-error.js';
import { describeCompileError } from '../data-model/compile-model.js';
import type { ModelSourceService } from '../data-model/model-source.service.js';
import type { QueryTarget } from './data-api-access.service.js';

/** One commit's model, compiled once and shared by every query on it. */
export interface ModelVersion {
  commit: string;
  compiled: CompiledModel;
  /** Built on first use: only metadata search (the chat agent) needs it. */
  searchIndex(): MetadataSearchIndex;
}

type Compilation = { version: ModelVersion } | { errors: string[] };

const defaultMaximumEntries = 32;
const errorsShown = 3;

function versionOf(commit: string, compiled: CompiledModel): ModelVersion {
  let searchIndex: MetadataSearchIndex | null = null;
  return {
    commit,
    compiled,
    searchIndex() {
      searchIndex ??= createMetadataSearchIndex(compiled);
      return searchIndex;
    },
  };
}

/**
 * Compiled models per (deployment, commit), least recently used dropped first. A branch's new commit
 * is a new key, so a change to the model is never served stale; a model with errors is remembered as
 * such, so a broken branch is not recompiled on every request, and answers from its last good commit.
 */
export class CompiledModelCache {
  private readonly entries = new Map<string, Promise<Compilation>>();

  constructor(
    private readonly modelSource: ModelSourceService,
    private readonly maximumEntries = defaultMaximumEntries,
  ) {}

  /**
   * The model of the target's branch as it is now; while its head does not compile, the branch's last
   * commit that does (a failed deploy keeps the previous model serving); a 400 when none does.
   */
  async modelOf(target: QueryTarget): Promise<ModelVersion> {
    const commit = await this.modelSource.headOf(target.deployment, target.branchName);
    const compilation = await this.compilationOf(target, commit);
    if ('version' in compilation) return compilation.version;
    const lastValid = await this.modelSource.lastValidCommitBefore(target.deployment, commit);
    if (lastValid !== null) {
      const previous = await this.compilationOf(target, lastValid);
      if ('version' in previous) return previous.version;
    }
    const more = compilation.errors.length - errorsShown;
    throw new AppError(
      'BAD_REQUEST',
      `the data model on branch ${target.branchName} has errors: ${compilation.errors.slice(0, errorsShown).join('; ')}${more > 0 ? ` (and ${more} more)` : ''}`,
    );
  }

  /** For a deleted deployment. */
  evict(deploymentId: number): void {
    for (const key of this.entries.keys()) {
      if (key.startsWith(`${deploymentId}:`)) this.entries.delete(key);
    }
  }

  private compilationOf(target: QueryTarget, commit: string): Promise<Compilation> {
    const key = `${target.deployment.id}:${commit}`;
    const cached = this.entries.get(key);
    if (cached) {
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    const compilation = this.compile(target, commit);
    this.entries.set(key, compilation);
    // A failed read (not a model error) must not stay cached: the next request tries again.
    compilation.catch(() => {
      if (this.entries.get(key) === compilation) this.entries.delete(key);
    });
    while (this.entries.size > this.maximumEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
    return compilation;
  }

  private async compile(target: QueryTarget, commit: string): Promise<Compilation> {
    const files = await this.modelSource.filesAt(target.deployment, commit);
    const result = compileModelFiles(files);
    if (result.errors.length > 0) return { errors: result.errors.map(describeCompileError) };
    return { version: versionOf(commit, compileDataModel(result.model)) };
  }
}
