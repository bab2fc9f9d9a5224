import type { CreationStep } from '@platform/contract';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import type { Principal } from '../identity/principal.js';
import { advanceCreationStep, type CreationStepMove, resetCreationStep } from './creation-step.machine.js';
import { toDeployment } from './deployment.mapper.js';
import type { DeploymentAccessService } from './deployment-access.service.js';
import type { DeploymentLogsService } from './deployment-logs.service.js';
import { type DeploymentRow, deploymentsTable } from './deployments.tables.js';

/** Moves a deployment's set-up wizard along the flow of its creation method (creation-step.machine.ts). */
export class CreationStepService {
  constructor(
    private readonly database: Database,
    private readonly access: DeploymentAccessService,
    private readonly logs: DeploymentLogsService,
    private readonly config: { publicUrl: string },
  ) {}

  async advance(principal: Principal, deploymentId: number) {
    const row = await this.access.load(principal, deploymentId, 'DeploymentManage');
    return this.apply(row, advanceCreationStep(row.creationMethod, row.creationStep));
  }

  async reset(principal: Principal, deploymentId: number, target?: CreationStep) {
    const row = await this.access.load(principal, deploymentId, 'DeploymentManage');
    return this.apply(row, resetCreationStep(row.creationMethod, row.creationStep, target));
  }

  private async apply(row: DeploymentRow, move: CreationStepMove) {
    if (!move.isAllowed) throw new AppError('CONFLICT', move.reason);
    if (move.step === row.creationStep) return toDeployment(row, this.config.publicUrl);
    const updated = await this.database.transaction(async (transaction) => {
      // Only from the step that was read: two wizard requests at once cannot both move it.
      const [moved] = await transaction
        .update(deploymentsTable)
        .set({ creationStep: move.step, updatedAt: new Date() })
        .where(and(eq(deploymentsTable.id, row.id), eq(deploymentsTable.creationStep, row.creationStep)))
        .returning();
      if (!moved) {
        throw new AppError(
          'CONFLICT',
          `the creation step of deployment ${row.id} changed meanwhile; try again`,
        );
      }
      await this.logs.appendEvent(
        row.id,
        `creation step moved from ${row.creationStep} to ${move.step}`,
        transaction,
      );
      return moved;
    });
    await this.access.changed(row.accountId);
    return toDeployment(updated, this.config.publicUrl);
  }
}
