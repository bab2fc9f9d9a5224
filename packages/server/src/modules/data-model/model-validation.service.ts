import { AppError } from '../../errors/app-error.js';
import type { Principal } from '../identity/principal.js';
import { compileModel } from './compile-model.js';
import type { DataModelAccess } from './data-model-access.js';
import type { DevModeService } from './dev-mode.service.js';

/** Compiles a branch now and answers every error; a model with errors is still an answer, not a failure. */
export class ModelValidationService {
  constructor(
    private readonly access: DataModelAccess,
    private readonly devMode: DevModeService,
  ) {}

  /** `devMode` validates the caller's own dev-mode branch, what `platform deploy --dev-mode` wrote to. */
  async validate(
    principal: Principal,
    deploymentId: number,
    query: { branchName?: string | undefined; devMode?: boolean | undefined },
  ) {
    const model = await this.access.load(principal, deploymentId, 'SchemaRead');
    const branch = query.devMode
      ? await this.devModeBranch(principal, deploymentId, query.branchName)
      : (query.branchName ?? model.deployment.deployBranchName);
    const head = await this.access.headOf(model.repositoryId, branch);
    const compilation = compileModel(await this.access.gitStore.readFiles(model.repositoryId, head));
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

  private async devModeBranch(principal: Principal, deploymentId: number, branchName: string | undefined) {
    if (branchName !== undefined) {
      throw new AppError('BAD_REQUEST', 'give either branchName or devMode=true, not both');
    }
    const session = await this.devMode.activeSession(principal, deploymentId);
    if (!session) {
      throw new AppError(
        'BAD_REQUEST',
        'dev mode is not on for this credential: start it with POST .../dev-mode, or give branchName',
      );
    }
    return session.branchName;
  }
}
