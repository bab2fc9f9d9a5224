import type { Branch } from '@platform/contract';
import { eq } from 'drizzle-orm';
import { AppError } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import type { Principal } from '../identity/principal.js';
import { branchesTable } from './data-model.tables.js';
import type { DataModelAccess } from './data-model-access.js';
import { type DevModeService, personalBranchOf } from './dev-mode.service.js';
import { withGitErrors } from './git-errors.js';

const personalBranchPattern = /^dev-[0-9]+$/;

/** The branches of a deployment's repository; git holds them, the store adds each one's parent. */
export class BranchesService {
  constructor(
    private readonly database: Database,
    private readonly access: DataModelAccess,
    private readonly devMode: DevModeService,
  ) {}

  async list(principal: Principal, deploymentId: number): Promise<{ items: Branch[] }> {
    const model = await this.access.load(principal, deploymentId, 'SchemaRead');
    const branches = await this.access.gitStore.listBranches(model.repositoryId);
    const parents = new Map(
      (
        await this.database
          .select({ name: branchesTable.name, parentBranch: branchesTable.parentBranch })
          .from(branchesTable)
          .where(eq(branchesTable.deploymentId, deploymentId))
      ).map((row) => [row.name, row.parentBranch]),
    );
    return {
      items: branches.map((branch) => ({
        id: branch.name,
        name: branch.name,
        parentBranch: parents.get(branch.name) ?? null,
        lastHash: branch.head,
      })),
    };
  }

  async create(
    principal: Principal,
    deploymentId: number,
    body: { name: string; from?: string; enterDevMode?: boolean },
  ): Promise<Branch> {
    const model = await this.access.load(principal, deploymentId, 'SchemaUpdateDevBranches');
    // Personal branches are named after credentials; taking another's name would let two share one.
    if (personalBranchPattern.test(body.name) && body.name !== personalBranchOf(principal)) {
      throw new AppError('BAD_REQUEST', `branch names like ${body.name} are reserved for dev mode`);
    }
    const parentBranch = body.from ?? model.deployment.deployBranchName;
    const { gitStore } = this.access;
    const head = await withGitErrors(async () => {
      if ((await gitStore.resolveBranch(model.repositoryId, body.name)) !== null) {
        throw new AppError('CONFLICT', `branch ${body.name} already exists`);
      }
      const from = await this.access.headOf(model.repositoryId, parentBranch);
      await gitStore.createBranch(model.repositoryId, body.name, from);
      return from;
    });
    await this.devMode.recordBranch(deploymentId, body.name, parentBranch);
    if (body.enterDevMode) await this.devMode.activate(principal, deploymentId, body.name, parentBranch);
    return { id: body.name, name: body.name, parentBranch, lastHash: head };
  }

  async delete(principal: Principal, deploymentId: number, branchName: string) {
    const model = await this.access.load(principal, deploymentId, 'SchemaUpdate');
    if (branchName === model.deployment.deployBranchName) {
      throw new AppError('BAD_REQUEST', `branch ${branchName} is the deploy branch and cannot be deleted`);
    }
    await this.access.headOf(model.repositoryId, branchName);
    await withGitErrors(() => this.access.gitStore.deleteBranch(model.repositoryId, branchName));
    await this.devMode.endSessionsOn(deploymentId, branchName);
    return { success: true as const };
  }
}
