import { asc, eq } from 'drizzle-orm';
import { everythingChanged } from '../../platform/change-feed/change-feed.js';
import type { Database } from '../../platform/database/database.js';
import { type DeploymentRow, deploymentsTable } from './deployments.tables.js';

const topicPrefix = 'deployments:';
// Accounts with more deployments than this are read from the store every time (none are expected).
const maximumCachedDeployments = 1000;
const maximumCachedAccounts = 10_000;

/** Whether a change-feed topic says some account's deployments (or everything) changed. */
export function isDeploymentsTopic(topic: string): boolean {
  return topic === everythingChanged || topic.startsWith(topicPrefix);
}

export function deploymentsTopic(accountId: number): string {
  return `${topicPrefix}${accountId}`;
}

/**
 * Each account's deployments, kept in memory between changes: lists are read far more often than
 * deployments change. Every change publishes `deployments:<account>` on the change feed, which evicts
 * the account here and in every other process. A load that overlaps an eviction is not kept (the
 * generation check), so the cache never holds rows older than the last change it heard of. The time
 * limit only bounds the damage of a notification lost on the way.
 */
export class DeploymentDirectory {
  private readonly byAccount = new Map<number, { rows: DeploymentRow[]; loadedAt: number }>();
  private readonly generations = new Map<number, number>();
  private epoch = 0;

  constructor(
    private readonly database: Database,
    private readonly lifetimeMilliseconds: number,
  ) {}

  async rowsOf(accountId: number): Promise<DeploymentRow[]> {
    const cached = this.byAccount.get(accountId);
    if (cached && Date.now() - cached.loadedAt < this.lifetimeMilliseconds) return cached.rows;
    const generation = this.generations.get(accountId) ?? 0;
    const epoch = this.epoch;
    const rows = await this.database
      .select()
      .from(deploymentsTable)
      .where(eq(deploymentsTable.accountId, accountId))
      .orderBy(asc(deploymentsTable.id));
    const isStillCurrent = epoch === this.epoch && generation === (this.generations.get(accountId) ?? 0);
    if (isStillCurrent && rows.length <= maximumCachedDeployments) this.remember(accountId, rows);
    return rows;
  }

  /** Listener for the change feed. */
  handleChange(topic: string): void {
    if (topic === everythingChanged) {
      this.epoch += 1;
      this.byAccount.clear();
      return;
    }
    if (!topic.startsWith(topicPrefix)) return;
    const accountId = Number(topic.slice(topicPrefix.length));
    this.generations.set(accountId, (this.generations.get(accountId) ?? 0) + 1);
    this.byAccount.delete(accountId);
  }

  private remember(accountId: number, rows: DeploymentRow[]): void {
    if (!this.byAccount.has(accountId) && this.byAccount.size >= maximumCachedAccounts) {
      const oldest = this.byAccount.keys().next();
      if (!oldest.done) this.byAccount.delete(oldest.value);
    }
    this.byAccount.set(accountId, { rows, loadedAt: Date.now() });
  }
}
