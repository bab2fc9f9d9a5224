import type { Tool } from 'ai';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { createAgentTools } from '../../src/modules/chat/tools/create-agent-tools.js';
import type { AgentDataAccess } from '../../src/modules/data-api/agent-data-access.js';
import type { ChatDataIdentity } from '../../src/modules/data-api/data-api-caller.js';
import { deploymentsTable } from '../../src/modules/deployments/deployments.tables.js';
import type { TestServer } from '../support/test-server.js';

/** The account and user behind the server's admin key. */
export async function currentUser(server: TestServer): Promise<{ accountId: number; userId: number }> {
  const answer = await server.request({ method: 'GET', url: '/api/v1/users/me' });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const body = answer.body as { id: number; account: { id: number } };
  return { accountId: body.account.id, userId: body.id };
}

export function dataAccessFor(
  server: TestServer,
  target: { accountId: number; deploymentId: number; identity: ChatDataIdentity; timezone?: string },
): AgentDataAccess {
  return server.container.services.agentData.accessFor({
    accountId: target.accountId,
    deploymentId: target.deploymentId,
    branchName: null,
    identity: target.identity,
    timezone: target.timezone ?? 'UTC',
  });
}

/** Calls a tool as the model loop would, with a JSON round trip: the chat stream stores results as JSON. */
export async function callTool(tool: Tool, input: unknown): Promise<Record<string, unknown>> {
  if (!tool.execute) throw new Error('the tool has no execute function');
  const output = await tool.execute(input as never, { toolCallId: 'call-1', messages: [] });
  return JSON.parse(JSON.stringify(output)) as Record<string, unknown>;
}

/** The two tools of one data access, each called with its input. */
export function toolsOf(data: AgentDataAccess) {
  const tools = createAgentTools(data);
  return {
    platformMeta: (searchQuery: string) => callTool(tools.platformMeta, { searchQuery }),
    platformSqlApi: (sqlQuery: string, extra: Record<string, string> = {}) =>
      callTool(tools.platformSqlApi, { sqlQuery, ...extra }),
  };
}

/** Rows of a raw SQL query on a deployment's warehouse, bypassing the semantic layer. */
export async function warehouseRows(server: TestServer, deploymentId: number, sql: string) {
  const { warehouses } = server.container.services;
  const { store } = server.container.platform;
  const [deployment] = await store.database
    .select({ id: deploymentsTable.id, accountId: deploymentsTable.accountId })
    .from(deploymentsTable)
    .where(eq(deploymentsTable.id, deploymentId));
  if (!deployment) throw new Error(`no deployment ${deploymentId}`);
  const warehouse = await warehouses.open(deploymentId, await warehouses.settingsOf(deployment));
  return (await warehouse.query(sql, [])).rows;
}

/** The first value of a raw SQL query's first row, as a number. */
export async function warehouseNumber(server: TestServer, deploymentId: number, sql: string) {
  const [row] = await warehouseRows(server, deploymentId, sql);
  return Number(row?.[0]);
}
