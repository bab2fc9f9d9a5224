import { randomUUID } from 'node:crypto';
import type * as contract from '@platform/contract';
import { and, asc, eq } from 'drizzle-orm';
import type * as z from 'zod';
import { AppError } from '../../errors/app-error.js';
import type { ChangeFeed } from '../../platform/change-feed/change-feed.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import type { Database } from '../../platform/database/database.js';
import type { DeploymentAccessService } from '../deployments/deployment-access.service.js';
import type { Principal } from '../identity/principal.js';
import { mergeModelColumns, toAgent } from './agent.mapper.js';
import { findAgentRow, lockDeploymentAgents } from './agents.repository.js';
import { type AgentRow, agentsTable } from './agents.tables.js';
import { agentsTopic } from './agents-topic.js';

type CreateAgentInput = z.output<typeof contract.CreateAgentInput>;
type UpdateAgentInput = z.output<typeof contract.UpdateAgentInput>;

/**
 * The agents of a deployment. Every deployment with agents has exactly one default (the one the
 * deployment form of the chat path uses): the first agent becomes it, `isDefault: true` moves it, and
 * deleting it promotes the oldest remaining agent. The model's API key is stored encrypted and never
 * read back.
 */
export class AgentsService {
  constructor(
    private readonly database: Database,
    private readonly access: DeploymentAccessService,
    private readonly secretBox: SecretBox,
    private readonly changeFeed: ChangeFeed,
  ) {}

  async list(principal: Principal, deploymentId: number) {
    const deployment = await this.access.load(principal, deploymentId, 'DeploymentRead');
    const rows = await this.database
      .select()
      .from(agentsTable)
      .where(eq(agentsTable.deploymentId, deploymentId))
      .orderBy(asc(agentsTable.createdAt), asc(agentsTable.id));
    return { items: rows.map((row) => toAgent(row, deployment.name)) };
  }

  async get(principal: Principal, deploymentId: number, agentId: string) {
    const deployment = await this.access.load(principal, deploymentId, 'DeploymentRead');
    return toAgent(await findAgentRow(this.database, deploymentId, agentId), deployment.name);
  }

  async create(principal: Principal, deploymentId: number, input: CreateAgentInput) {
    const deployment = await this.access.load(principal, deploymentId, 'DeploymentManage');
    const model = mergeModelColumns(null, input.model, this.secretBox);
    const row = await this.database.transaction(async (transaction) => {
      await lockDeploymentAgents(transaction, deploymentId);
      const [existing] = await transaction
        .select({ id: agentsTable.id })
        .from(agentsTable)
        .where(eq(agentsTable.deploymentId, deploymentId))
        .limit(1);
      const isDefault = !existing || input.isDefault === true;
      if (isDefault) await clearDefault(transaction, deploymentId);
      const [created] = await transaction
        .insert(agentsTable)
        .values({
          id: randomUUID(),
          accountId: deployment.accountId,
          deploymentId,
          name: input.name,
          instructions: input.instructions ?? null,
          ...model,
          isDefault,
        })
        .returning();
      return created as AgentRow;
    });
    await this.changeFeed.publish(agentsTopic(principal.accountId));
    return toAgent(row, deployment.name);
  }

  async update(principal: Principal, deploymentId: number, agentId: string, input: UpdateAgentInput) {
    const deployment = await this.access.load(principal, deploymentId, 'DeploymentManage');
    const row = await this.database.transaction(async (transaction) => {
      await lockDeploymentAgents(transaction, deploymentId);
      const current = await findAgentRow(transaction, deploymentId, agentId);
      if (input.isDefault === false && current.isDefault) {
        throw new AppError(
          'BAD_REQUEST',
          'isDefault: a deployment always has a default agent; set isDefault: true on another agent instead',
        );
      }
      const isDefault = current.isDefault || input.isDefault === true;
      if (isDefault && !current.isDefault) await clearDefault(transaction, deploymentId);
      const [updated] = await transaction
        .update(agentsTable)
        .set({
          ...(input.name === undefined ? {} : { name: input.name }),
          ...(input.instructions === undefined ? {} : { instructions: input.instructions }),
          ...mergeModelColumns(current, input.model, this.secretBox),
          isDefault,
          updatedAt: new Date(),
        })
        .where(eq(agentsTable.id, agentId))
        .returning();
      return updated as AgentRow;
    });
    await this.changeFeed.publish(agentsTopic(principal.accountId));
    return toAgent(row, deployment.name);
  }

  /** Its API keys go with it (the store cascades); the change feed drops the Chat API's cached copies. */
  async delete(principal: Principal, deploymentId: number, agentId: string): Promise<undefined> {
    await this.access.load(principal, deploymentId, 'DeploymentManage');
    await this.database.transaction(async (transaction) => {
      await lockDeploymentAgents(transaction, deploymentId);
      const current = await findAgentRow(transaction, deploymentId, agentId);
      await transaction.delete(agentsTable).where(eq(agentsTable.id, agentId));
      if (!current.isDefault) return;
      const [oldest] = await transaction
        .select({ id: agentsTable.id })
        .from(agentsTable)
        .where(eq(agentsTable.deploymentId, deploymentId))
        .orderBy(asc(agentsTable.createdAt), asc(agentsTable.id))
        .limit(1);
      if (oldest) {
        await transaction
          .update(agentsTable)
          .set({ isDefault: true, updatedAt: new Date() })
          .where(eq(agentsTable.id, oldest.id));
      }
    });
    await this.changeFeed.publish(agentsTopic(principal.accountId));
    return undefined;
  }
}

async function clearDefault(database: Database, deploymentId: number): Promise<void> {
  await database
    .update(agentsTable)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(and(eq(agentsTable.deploymentId, deploymentId), eq(agentsTable.isDefault, true)));
}
