import type { Principal } from '../identity/principal.js';
import { compileModel } from './compile-model.js';
import type { DataModelAccess } from './data-model-access.js';

/** Compiles a branch now and answers every error; a model with errors is still an answer, not a failure. */
export class ModelValidationService {
  constructor(private readonly access: DataModelAccess) {}

  async validate(principal: Principal, deploymentId: number, branchName?: string) {
    const model = await this.access.load(principal, deploymentId, 'SchemaRead');
    const branch = branchName ?? model.deployment.deployBranchName;
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
}
