import type { Branch } from '@platform/contract';
import { and, asc, eq } from 'drizzle-orm';
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
    const recorded = new Map(
      (
        await this.database.select().from(branchesTable).where(eq(branchesTable.deploymentId, deploymentId))
      ).map((row) => [row.name, row]),
    );
    return {
      items: branches.map((branch) => ({
        id: branch.name,
        name: branch.name,
        parentBranch: recorded.get(branch.name)?.parentBranch ?? null,
        lastHash: branch.head,
        isStagingEnvironmentEnabled: recorded.get(branch.name)?.isStagingEnvironmentEnabled ?? false,
      })),
    };
  }

  async create(
    principal: Principal,
    deploymentId: number,
    body: { name: string; from?: string; enterDevMode?: boolean },
  ): Promise<Branch & { branchName: string }> {
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
    return {
      id: body.name,
      name: body.name,
      parentBranch,
      lastHash: head,
      isStagingEnvironmentEnabled: false,
      branchName: body.name,
    };
  }

  /** The branch (the deploy branch too) gets a staging environment, or loses it; it must exist. */
  async setStagingEnvironment(
    principal: Principal,
    deploymentId: number,
    body: { branchName: string; enabled: boolean },
  ) {
    const model = await this.access.load(principal, deploymentId, 'SchemaUpdate');
    await this.access.headOf(model.repositoryId, body.branchName);
    await this.database
      .insert(branchesTable)
      .values({
        deploymentId,
        name: body.branchName,
        parentBranch: null,
        isStagingEnvironmentEnabled: body.enabled,
      })
      .onConflictDoUpdate({
        target: [branchesTable.deploymentId, branchesTable.name],
        set: { isStagingEnvironmentEnabled: body.enabled },
      });
    return { branchName: body.branchName, isStagingEnvironmentEnabled: body.enabled };
  }

  /** The branches whose staging environment is on, for the environments of the deployment. */
  async stagingBranches(deploymentId: number): Promise<string[]> {
    const rows = await this.database
      .select({ name: branchesTable.name })
      .from(branchesTable)
      .where(
        and(
          eq(branchesTable.deploymentId, deploymentId),
          eq(branchesTable.isStagingEnvironmentEnabled, true),
        ),
      )
      .orderBy(asc(branchesTable.name));
    return rows.map((row) => row.name);
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
