import { and, eq, sql } from 'drizzle-orm';
import { notFound } from '../../errors/app-error.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import type { Database } from '../../platform/database/database.js';
import type { AccountReference, AccountsService } from '../identity/accounts.service.js';
import { hashApiKeyToken } from '../identity/api-key-token.js';
import { type AgentRow, agentApiKeysTable, agentsTable } from './agents.tables.js';
import type { ChatAgent, ChatAuthSettings } from './chat-agent.js';
import type { ChatAuthSettingsService } from './chat-auth-settings.service.js';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const deploymentIdPattern = /^[0-9]{1,10}$/;
const maximumId = 2_147_483_647;

/**
 * What the Chat API needs from this module, before any principal exists: the agent a chat path names,
 * the deployment's default agent, the agent an API key belongs to, and the deployment's token settings.
 * Nothing is cached: a deleted agent or key stops answering at once in every process.
 */
export class ChatAgentDirectory {
  constructor(
    private readonly database: Database,
    private readonly secretBox: SecretBox,
    private readonly accounts: AccountsService,
    private readonly chatAuthSettings: ChatAuthSettingsService,
  ) {}

  async agentForChat(accountName: string, agentId: string): Promise<ChatAgent> {
    const account = await this.accounts.accountByName(accountName);
    if (!account || !uuidPattern.test(agentId)) throw notFound(`agent ${agentId}`);
    const [row] = await this.database
      .select()
      .from(agentsTable)
      .where(and(eq(agentsTable.id, agentId.toLowerCase()), eq(agentsTable.accountId, account.id)));
    if (!row) throw notFound(`agent ${agentId}`);
    return this.toChatAgent(row, account);
  }

  /** NOT_FOUND also for a deployment that does not exist: the agents table cascades with deployments. */
  async defaultAgentForChat(accountName: string, deploymentId: string): Promise<ChatAgent> {
    const account = await this.accounts.accountByName(accountName);
    const id = deploymentIdPattern.test(deploymentId) ? Number(deploymentId) : Number.NaN;
    if (!account || !(id >= 1 && id <= maximumId)) throw notFound(`deployment ${deploymentId}`);
    const [row] = await this.database
      .select()
      .from(agentsTable)
      .where(
        and(
          eq(agentsTable.deploymentId, id),
          eq(agentsTable.accountId, account.id),
          eq(agentsTable.isDefault, true),
        ),
      );
    if (!row) throw notFound(`default agent of deployment ${deploymentId}`);
    return this.toChatAgent(row, account);
  }

  /** The agent of an `Api-Key` credential, or null when no such key exists (any more). */
  async authenticateAgentKey(token: string): Promise<{ agentId: string; accountId: number } | null> {
    const [row] = await this.database
      .select({
        id: agentApiKeysTable.id,
        agentId: agentApiKeysTable.agentId,
        accountId: agentApiKeysTable.accountId,
      })
      .from(agentApiKeysTable)
      .where(eq(agentApiKeysTable.tokenHash, hashApiKeyToken(token)));
    if (!row) return null;
    // At most one write a minute per key, so a busy chat does not turn every request into a write.
    await this.database
      .update(agentApiKeysTable)
      .set({ lastUsedAt: sql`now()` })
      .where(
        and(
          eq(agentApiKeysTable.id, row.id),
          sql`(${agentApiKeysTable.lastUsedAt} IS NULL OR ${agentApiKeysTable.lastUsedAt} < now() - interval '1 minute')`,
        ),
      );
    return { agentId: row.agentId, accountId: row.accountId };
  }

  chatAuthSettingsOf(deploymentId: number): Promise<ChatAuthSettings> {
    return this.chatAuthSettings.settingsOf(deploymentId);
  }

  private toChatAgent(row: AgentRow, account: AccountReference): ChatAgent {
    return {
      id: row.id,
      accountId: account.id,
      accountName: account.name,
      deploymentId: row.deploymentId,
      name: row.name,
      instructions: row.instructions,
      model: {
        provider: row.modelProvider,
        baseUrl: row.modelBaseUrl,
        model: row.modelName,
        apiKey: row.modelApiKeyEncrypted === null ? null : this.secretBox.decrypt(row.modelApiKeyEncrypted),
      },
    };
  }
}
