import { and, eq, sql } from 'drizzle-orm';
import { notFound } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import { type AgentRow, agentsTable } from './agents.tables.js';

// The first number of the two-key advisory lock that serialises default-agent changes per deployment.
const defaultAgentLockClass = 581_204_377;

/** An agent of a deployment, or NOT_FOUND (also for another deployment's agent, so ids do not leak). */
export async function findAgentRow(
  database: Database,
  deploymentId: number,
  agentId: string,
): Promise<AgentRow> {
  const [row] = await database
    .select()
    .from(agentsTable)
    .where(and(eq(agentsTable.id, agentId), eq(agentsTable.deploymentId, deploymentId)));
  if (!row) throw notFound(`agent ${agentId}`);
  return row;
}

/**
 * Serialises the writers of one deployment's agents until the transaction ends, so "the first agent is
 * the default" and "deleting the default promotes the oldest" hold when requests race.
 */
export async function lockDeploymentAgents(database: Database, deploymentId: number): Promise<void> {
  await database.execute(sql`SELECT pg_advisory_xact_lock(${defaultAgentLockClass}, ${deploymentId})`);
}
