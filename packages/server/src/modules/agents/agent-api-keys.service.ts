import type * as contract from '@platform/contract';
import { and, asc, eq } from 'drizzle-orm';
import type * as z from 'zod';
import { notFound } from '../../errors/app-error.js';
import type { ChangeFeed } from '../../platform/change-feed/change-feed.js';
import type { Database } from '../../platform/database/database.js';
import type { DeploymentAccessService } from '../deployments/deployment-access.service.js';
import { apiKeyTokenPrefix, generateApiKeyToken, hashApiKeyToken } from '../identity/api-key-token.js';
import { assertCredentialWithin, type CredentialRights } from '../identity/credential-rights.js';
import type { Principal } from '../identity/principal.js';
import { findAgentRow } from './agents.repository.js';
import { type AgentApiKeyRow, agentApiKeysTable } from './agents.tables.js';
import { agentsTopic } from './agents-topic.js';

type CreateAgentApiKeyInput = z.output<typeof contract.CreateAgentApiKeyInput>;

/**
 * What an agent key can do: its holder chats as any user of the account (`internalId`, with that user's
 * rights) or with any groups, `admin` included, on the agent's deployment: an admin's rights there.
 */
export function agentApiKeyRights(deploymentId: number): CredentialRights {
  return { role: 'admin', deploymentIds: [deploymentId] };
}

function toAgentApiKey(row: AgentApiKeyRow): contract.AgentApiKey {
  return {
    id: row.id,
    name: row.name,
    tokenPrefix: row.tokenPrefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/**
 * The API keys of an agent: what an application sends to the Chat API as `Authorization: Api-Key`.
 * Like management keys they are `sk-` plus 256 random bits and only their SHA-256 is stored.
 */
export class AgentApiKeysService {
  constructor(
    private readonly database: Database,
    private readonly access: DeploymentAccessService,
    private readonly changeFeed: ChangeFeed,
  ) {}

  async list(principal: Principal, deploymentId: number, agentId: string) {
    await this.access.load(principal, deploymentId, 'DeploymentRead');
    await findAgentRow(this.database, deploymentId, agentId);
    const rows = await this.database
      .select()
      .from(agentApiKeysTable)
      .where(eq(agentApiKeysTable.agentId, agentId))
      .orderBy(asc(agentApiKeysTable.id));
    return { items: rows.map(toAgentApiKey) };
  }

  async create(
    principal: Principal,
    deploymentId: number,
    agentId: string,
    input: CreateAgentApiKeyInput | undefined,
  ) {
    const deployment = await this.access.load(principal, deploymentId, 'DeploymentManage');
    // Agent keys never expire: a key that does cannot make one.
    assertCredentialWithin(
      principal,
      { ...agentApiKeyRights(deploymentId), expiresAt: null },
      'a new agent API key',
    );
    const agent = await findAgentRow(this.database, deploymentId, agentId);
    const token = generateApiKeyToken();
    const [row] = await this.database
      .insert(agentApiKeysTable)
      .values({
        agentId,
        accountId: deployment.accountId,
        name: input?.name ?? `${agent.name} key`,
        tokenHash: hashApiKeyToken(token),
        tokenPrefix: apiKeyTokenPrefix(token),
      })
      .returning();
    const created = row as AgentApiKeyRow;
    return { id: created.id, name: created.name, token };
  }

  /** Takes effect at once everywhere: the change feed drops the key from every process's Chat API cache. */
  async delete(
    principal: Principal,
    deploymentId: number,
    agentId: string,
    keyId: number,
  ): Promise<undefined> {
    await this.access.load(principal, deploymentId, 'DeploymentManage');
    assertCredentialWithin(principal, agentApiKeyRights(deploymentId), `deleting agent API key ${keyId}`);
    await findAgentRow(this.database, deploymentId, agentId);
    const deleted = await this.database
      .delete(agentApiKeysTable)
      .where(and(eq(agentApiKeysTable.id, keyId), eq(agentApiKeysTable.agentId, agentId)))
      .returning({ id: agentApiKeysTable.id });
    if (deleted.length === 0) throw notFound(`agent API key ${keyId}`);
    await this.changeFeed.publish(agentsTopic(principal.accountId));
    return undefined;
  }
}
