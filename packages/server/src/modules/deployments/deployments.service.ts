import type * as contract from '@platform/contract';
import { eq } from 'drizzle-orm';
import type * as z from 'zod';
import { AppError, notFound } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import { isUniqueViolation } from '../../platform/database/unique-violation.js';
import { pageOf, pageWindowOf } from '../../platform/paging/cursor.js';
import type { AuthorizationService } from '../identity/authorization.service.js';
import type { Principal } from '../identity/principal.js';
import { creationFlows, describeFlow, firstCreationStep } from './creation-step.machine.js';
import { toDeployment, toDeploymentSettings } from './deployment.mapper.js';
import type { DeploymentAccessService } from './deployment-access.service.js';
import type { DeploymentLogsService } from './deployment-logs.service.js';
import { planDeploymentUpdate } from './deployment-update.plan.js';
import { deploymentsTable } from './deployments.tables.js';
import { assertRegionAvailable, defaultRegionOf } from './regions.service.js';

type CreateDeploymentInput = z.output<typeof contract.CreateDeploymentInput>;
type UpdateDeploymentInput = z.output<typeof contract.UpdateDeploymentInput>;
type ListDeploymentsQuery = z.output<typeof contract.ListDeploymentsQuery>;

/** What the service reads from the configuration, at call time: the public URL can change after listen. */
export interface DeploymentsConfig {
  publicUrl: string;
  regions: readonly string[];
}

function duplicateName(name: string): AppError {
  return new AppError('CONFLICT', `a deployment named "${name}" already exists in this account`);
}

/** Creating, reading, changing and deleting deployments; each change is written to the deployment's log. */
export class DeploymentsService {
  constructor(
    private readonly database: Database,
    private readonly access: DeploymentAccessService,
    private readonly authorization: AuthorizationService,
    private readonly logs: DeploymentLogsService,
    private readonly config: DeploymentsConfig,
  ) {}

  /** A key scoped to some deployments lists only those. Served from the deployment directory's cache. */
  async list(principal: Principal, query: ListDeploymentsQuery) {
    const { afterId, size, offset } = pageWindowOf(query);
    const matching = (await this.access.visible(principal)).filter(
      (row) =>
        (afterId === null || row.id > afterId) &&
        (query.creationStep === undefined || query.creationStep.includes(row.creationStep)),
    );
    const page = pageOf(matching.slice(offset, offset + size + 1), size);
    return {
      items: page.rows.map((row) => toDeployment(row, this.config.publicUrl)),
      pageInfo: page.pageInfo,
    };
  }

  async get(principal: Principal, deploymentId: number) {
    return toDeployment(
      await this.access.load(principal, deploymentId, 'DeploymentRead'),
      this.config.publicUrl,
    );
  }

  async getSettings(principal: Principal, deploymentId: number) {
    const row = await this.access.load(principal, deploymentId, 'DeploymentRead');
    return toDeploymentSettings(row, this.config.publicUrl);
  }

  async create(principal: Principal, input: CreateDeploymentInput) {
    this.authorization.authorize(principal, 'DeploymentManage', {
      type: 'account',
      accountId: principal.accountId,
    });
    // The new deployment would be outside the key's scope: the key could not even read it back.
    if (principal.credential.deploymentIds !== null) {
      throw new AppError('FORBIDDEN', 'an API key scoped to some deployments cannot create deployments');
    }
    const region = input.region ?? defaultRegionOf(this.config.regions);
    assertRegionAvailable(region, this.config.regions);
    const creationStep = input.creationStep ?? firstCreationStep;
    if (!creationFlows[input.creationMethod].includes(creationStep)) {
      throw new AppError(
        'BAD_REQUEST',
        `creationStep ${creationStep} is not part of the ${describeFlow(input.creationMethod)}`,
      );
    }
    try {
      const row = await this.database.transaction(async (transaction) => {
        const [created] = await transaction
          .insert(deploymentsTable)
          .values({
            accountId: principal.accountId,
            name: input.name,
            creationStep,
            cloudProvider: input.cloudProvider,
            targetPlatform: input.targetPlatform,
            isManaged: input.isManaged,
            creationMethod: input.creationMethod,
            deployMode: input.deployMode,
            region,
          })
          .returning();
        if (!created) throw new Error('the deployment insert returned no row');
        await this.logs.appendEvent(
          created.id,
          `deployment "${created.name}" created (creation method ${created.creationMethod}, region ${created.region})`,
          transaction,
        );
        return created;
      });
      await this.access.changed(principal.accountId);
      return toDeploymentSettings(row, this.config.publicUrl);
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicateName(input.name);
      throw error;
    }
  }

  /** A partial merge: fields left out keep their value. */
  async update(principal: Principal, deploymentId: number, input: UpdateDeploymentInput) {
    const existing = await this.access.load(principal, deploymentId, 'DeploymentManage');
    const plan = planDeploymentUpdate(existing, input, this.config.regions);
    if (plan.events.length === 0) return toDeploymentSettings(existing, this.config.publicUrl);
    try {
      const row = await this.database.transaction(async (transaction) => {
        const [updated] = await transaction
          .update(deploymentsTable)
          .set({ ...plan.changes, updatedAt: new Date() })
          .where(eq(deploymentsTable.id, deploymentId))
          .returning();
        // Deleted by another request since it was loaded.
        if (!updated) throw notFound(`deployment ${deploymentId}`);
        for (const event of plan.events) await this.logs.appendEvent(deploymentId, event, transaction);
        return updated;
      });
      await this.access.changed(principal.accountId);
      return toDeploymentSettings(row, this.config.publicUrl);
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicateName(input.name ?? existing.name);
      throw error;
    }
  }

  /** Environment variables and log lines go with the deployment (ON DELETE CASCADE). */
  async delete(principal: Principal, deploymentId: number): Promise<{ success: true }> {
    await this.access.load(principal, deploymentId, 'DeploymentManage');
    await this.database.delete(deploymentsTable).where(eq(deploymentsTable.id, deploymentId));
    await this.access.deleted(principal.accountId, deploymentId);
    return { success: true };
  }
}
