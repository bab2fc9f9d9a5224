import { compileModel } from './compile-model.js';
import type { DataModelAccess } from './data-model-access.js';

/** How far back a branch's history is searched for a model that compiles. */
const maximumCommitsSearched = 100;
const maximumRemembered = 1_000;

type DeploymentRef = { id: number; deployBranchName: string };

/** A Map that forgets its oldest entries past a size: what it remembers never changes, only grows. */
function remember<Value>(entries: Map<string, Value>, key: string, value: Value): Value {
  entries.set(key, value);
  while (entries.size > maximumRemembered) {
    const oldest = entries.keys().next();
    if (oldest.done) break;
    entries.delete(oldest.value);
  }
  return value;
}

/**
 * Which commit of a branch the data API answers from: the head when its model compiles, else the newest
 * commit before it on the branch's first-parent line (the branch's own earlier heads) whose model does
 * and holds a cube or view,
 * so that a commit that fails to build never takes a deployment down. A commit's model and its parents
 * never change, so whether it compiles and where the search from it ends are remembered per commit.
 */
export class ServedCommits {
  private readonly compilations = new Map<string, Promise<{ isValid: boolean; isEmpty: boolean }>>();
  private readonly lastValid = new Map<string, Promise<string | null>>();

  constructor(private readonly access: DataModelAccess) {}

  /** The branch's head and the commit served for it (null when no commit of its recent history compiles). */
  async servedCommitOf(deployment: DeploymentRef, branchName: string) {
    const repositoryId = await this.access.ensureRepository(deployment);
    const head = await this.access.headOf(repositoryId, branchName);
    const served = (await this.compilationOf(repositoryId, head)).isValid
      ? head
      : await this.lastValidBefore(repositoryId, head);
    return { head, served };
  }

  /** The newest first-parent ancestor of `commit` whose model compiles and is not empty, or null. */
  async lastValidCommitBefore(deployment: DeploymentRef, commit: string): Promise<string | null> {
    return this.lastValidBefore(await this.access.ensureRepository(deployment), commit);
  }

  private lastValidBefore(repositoryId: string, commit: string): Promise<string | null> {
    const key = `${repositoryId}:${commit}`;
    const known = this.lastValid.get(key);
    if (known) return known;
    const search = this.search(repositoryId, commit);
    // A failed read (not an answer) is not remembered: the next request searches again.
    search.catch(() => this.lastValid.delete(key));
    return remember(this.lastValid, key, search);
  }

  private async search(repositoryId: string, commit: string): Promise<string | null> {
    let candidate = await this.access.gitStore.firstParentOf(repositoryId, commit);
    for (let searched = 0; candidate !== null && searched < maximumCommitsSearched; searched += 1) {
      // An empty model (a new deployment's first commit) is not worth serving instead of naming the errors.
      const { isValid, isEmpty } = await this.compilationOf(repositoryId, candidate);
      if (isValid && !isEmpty) return candidate;
      candidate = await this.access.gitStore.firstParentOf(repositoryId, candidate);
    }
    return null;
  }

  private compilationOf(repositoryId: string, commit: string) {
    const key = `${repositoryId}:${commit}`;
    const known = this.compilations.get(key);
    if (known) return known;
    const check = this.access.gitStore.readFiles(repositoryId, commit).then((files) => {
      const compilation = compileModel(files);
      return {
        isValid: compilation.errors.length === 0,
        isEmpty: compilation.cubesCount + compilation.viewsCount === 0,
      };
    });
    check.catch(() => this.compilations.delete(key));
    return remember(this.compilations, key, check);
  }
}
