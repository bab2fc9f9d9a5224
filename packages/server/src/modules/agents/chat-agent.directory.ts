import { and, eq, sql } from 'drizzle-orm';
import { notFound } from '../../errors/app-error.js';
import { everythingChanged } from '../../platform/change-feed/change-feed.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import { openUrl } from '../../platform/crypto/url-credentials.js';
import type { Database } from '../../platform/database/database.js';
import { isDeploymentsTopic } from '../deployments/deployment-directory.js';
import type { AccountReference, AccountsService } from '../identity/accounts.service.js';
import { hashApiKeyToken } from '../identity/api-key-token.js';
import { type AgentRow, agentApiKeysTable, agentsTable } from './agents.tables.js';
import { isAgentsTopic } from './agents-topic.js';
import type { ChatAgent, ChatAuthSettings } from './chat-agent.js';
import type { ChatAuthSettingsService } from './chat-auth-settings.service.js';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const deploymentIdPattern = /^[0-9]{1,10}$/;
const maximumId = 2_147_483_647;

// A notification lost on the way is forgotten after this long; normally the change feed evicts at once.
const cacheMilliseconds = 60_000;
// lastUsedAt is a statistic: written at most this often per key and process.
const lastUsedWriteMilliseconds = 60_000;

/**
 * What the Chat API needs from this module, before any principal exists: the agent a chat path names,
 * the deployment's default agent, the agent an API key belongs to, and the deployment's token settings.
 * Agents and keys found are kept in memory, since every chat request needs them before its first line;
 * a change to an account's agents or keys (`agents:<account>`) or deployments (`deployments:<account>`)
 * drops them in every process, so a deleted agent or key stops answering at once. Misses are not kept:
 * a key created a moment ago works on its first use.
 */
export class ChatAgentDirectory {
  private readonly found = new Map<string, { expiresAt: number; value: Promise<unknown> }>();
  private readonly lastUsedWrites = new Map<number, number>();

  constructor(
    private readonly database: Database,
    private readonly secretBox: SecretBox,
    private readonly accounts: AccountsService,
    private readonly chatAuthSettings: ChatAuthSettingsService,
  ) {}

  /** Drops every kept agent and key: topics name accounts, and agents change rarely. */
  handleChange(topic: string): void {
    if (isAgentsTopic(topic) || isDeploymentsTopic(topic) || topic === everythingChanged) this.found.clear();
  }

  agentForChat(accountName: string, agentId: string): Promise<ChatAgent> {
    return this.remembered(`agent\n${accountName}\n${agentId}`, () => this.readAgent(accountName, agentId));
  }

  defaultAgentForChat(accountName: string, deploymentId: string): Promise<ChatAgent> {
    return this.remembered(`default\n${accountName}\n${deploymentId}`, () =>
      this.readDefaultAgent(accountName, deploymentId),
    );
  }

  /** The agent of an `Api-Key` credential, or null when no such key exists (any more). */
  async authenticateAgentKey(token: string): Promise<{ agentId: string; accountId: number } | null> {
    const key = await this.remembered(`key\n${hashApiKeyToken(token)}`, () => this.readKey(token));
    if (key) this.noteUse(key.id);
    return key ? { agentId: key.agentId, accountId: key.accountId } : null;
  }

  /** A kept answer, or a fresh read whose answer is kept unless it failed or found nothing. */
  private remembered<Value>(cacheKey: string, read: () => Promise<Value>): Promise<Value> {
    const now = Date.now();
    const entry = this.found.get(cacheKey);
    if (entry && entry.expiresAt > now) return entry.value as Promise<Value>;
    const value = read();
    this.found.set(cacheKey, { expiresAt: now + cacheMilliseconds, value });
    value.then(
      (result) => {
        if (result === null) this.forget(cacheKey, value);
      },
      () => this.forget(cacheKey, value),
    );
    return value;
  }

  private forget(cacheKey: string, value: Promise<unknown>): void {
    if (this.found.get(cacheKey)?.value === value) this.found.delete(cacheKey);
  }

  private async readAgent(accountName: string, agentId: string): Promise<ChatAgent> {
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
  private async readDefaultAgent(accountName: string, deploymentId: string): Promise<ChatAgent> {
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

  private async readKey(token: string) {
    const [row] = await this.database
      .select({
        id: agentApiKeysTable.id,
        agentId: agentApiKeysTable.agentId,
        accountId: agentApiKeysTable.accountId,
      })
      .from(agentApiKeysTable)
      .where(eq(agentApiKeysTable.tokenHash, hashApiKeyToken(token)));
    return row ?? null;
  }

  /**
   * Records the key's use without holding up the request: at most one write a minute per key and
   * process, and only when the stored time is older, so a busy chat does not turn into a write each.
   */
  private noteUse(keyId: number): void {
    const now = Date.now();
    if ((this.lastUsedWrites.get(keyId) ?? 0) > now - lastUsedWriteMilliseconds) return;
    this.lastUsedWrites.set(keyId, now);
    void this.database
      .update(agentApiKeysTable)
      .set({ lastUsedAt: sql`now()` })
      .where(
        and(
          eq(agentApiKeysTable.id, keyId),
          sql`(${agentApiKeysTable.lastUsedAt} IS NULL OR ${agentApiKeysTable.lastUsedAt} < now() - interval '1 minute')`,
        ),
      )
      // A lost statistic is not worth failing or delaying a chat request for; the next use writes it.
      .catch(() => this.lastUsedWrites.delete(keyId));
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
        baseUrl:
          row.modelBaseUrl === null
            ? null
            : openUrl(
                { maskedUrl: row.modelBaseUrl, secretEncrypted: row.modelBaseUrlSecretEncrypted },
                this.secretBox,
              ),
        model: row.modelName,
        apiKey: row.modelApiKeyEncrypted === null ? null : this.secretBox.decrypt(row.modelApiKeyEncrypted),
      },
    };
  }
}
