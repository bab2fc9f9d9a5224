import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/database/database.js';
import { lockDeploymentAgents } from './agents.repository.js';
import { agentsTable } from './agents.tables.js';

export const demoAgentName = 'Demo analyst';

/**
 * The demo deployment answers chat from the first start: it gets a default agent on the server's
 * default model. Creating it again is a no-op, so a repeated or concurrent bootstrap adds nothing.
 */
export class DemoAgentService {
  constructor(private readonly database: Database) {}

  /** Returns whether this call created the agent. */
  async ensure(accountId: number, deploymentId: number): Promise<boolean> {
    return this.database.transaction(async (transaction) => {
      await lockDeploymentAgents(transaction, deploymentId);
      const [existing] = await transaction
        .select({ id: agentsTable.id })
        .from(agentsTable)
        .where(eq(agentsTable.deploymentId, deploymentId))
        .limit(1);
      if (existing) return false;
      await transaction.insert(agentsTable).values({
        id: randomUUID(),
        accountId,
        deploymentId,
        name: demoAgentName,
        instructions: null,
        isDefault: true,
      });
      return true;
    });
  }
}
