import type { Action } from '@platform/contract';
import { and, eq } from 'drizzle-orm';
import { notFound } from '../../errors/app-error.js';
import type { ChangeFeed } from '../../platform/change-feed/change-feed.js';
import type { Database } from '../../platform/database/database.js';
import type { AuthorizationService } from '../identity/authorization.service.js';
import type { Principal } from '../identity/principal.js';
import { type DeploymentDirectory, deploymentsTopic } from './deployment-directory.js';
import { type DeploymentRow, deploymentsTable } from './deployments.tables.js';

/**
 * The one way to reach a deployment on behalf of a caller: found only within the caller's account (so
 * another account's id is a 404), then checked for the action on that deployment (role, key scope).
 * Other modules use it to resolve the deployment their resources belong to.
 */
export class DeploymentAccessService {
  private readonly deletionListeners: Array<(deploymentId: number) => Promise<void>> = [];

  constructor(
    private readonly database: Database,
    private readonly authorization: AuthorizationService,
    private readonly directory: DeploymentDirectory,
    private readonly changeFeed: ChangeFeed,
  ) {}

  /** Reads the store itself: callers that go on to change the deployment need its current row. */
  async load(principal: Principal, deploymentId: number, action: Action): Promise<DeploymentRow> {
    const [row] = await this.database
      .select()
      .from(deploymentsTable)
      .where(and(eq(deploymentsTable.id, deploymentId), eq(deploymentsTable.accountId, principal.accountId)));
    if (!row) throw notFound(`deployment ${deploymentId}`);
    this.authorization.authorize(principal, action, {
      type: 'deployment',
      id: row.id,
      accountId: row.accountId,
    });
    return row;
  }

  /**
   * As `load`, from the account's directory (in memory, evicted by the change feed in every process) for
   * reads on a hot path that change nothing of the deployment: the data API answers each query with it.
   */
  async loadListed(principal: Principal, deploymentId: number, action: Action): Promise<DeploymentRow> {
    const row = (await this.directory.rowsOf(principal.accountId)).find(
      (candidate) => candidate.id === deploymentId,
    );
    if (!row) throw notFound(`deployment ${deploymentId}`);
    this.authorization.authorize(principal, action, {
      type: 'deployment',
      id: row.id,
      accountId: row.accountId,
    });
    return row;
  }

  /**
   * For work the server does on its own behalf, where no caller is there to check (a background job
   * resumed after a restart, a webhook verified by its shared secret). Null when the deployment is gone.
   */
  async loadForSystem(deploymentId: number): Promise<DeploymentRow | null> {
    const [row] = await this.database
      .select()
      .from(deploymentsTable)
      .where(eq(deploymentsTable.id, deploymentId));
    return row ?? null;
  }

  /** The account's deployments the caller may see (a scoped key sees its deployments only), by id. */
  async visible(principal: Principal): Promise<DeploymentRow[]> {
    const rows = await this.directory.rowsOf(principal.accountId);
    const scope = principal.credential.deploymentIds;
    return scope === null ? rows : rows.filter((row) => scope.includes(row.id));
  }

  /** The ids among `deploymentIds` that name no deployment of the account. */
  async missingIds(accountId: number, deploymentIds: readonly number[]): Promise<number[]> {
    const existing = new Set((await this.directory.rowsOf(accountId)).map((row) => row.id));
    return deploymentIds.filter((id) => !existing.has(id));
  }

  /** Every write to an account's deployments calls this once committed. */
  changed(accountId: number): Promise<void> {
    return this.changeFeed.publish(deploymentsTopic(accountId));
  }

  /**
   * What other modules keep outside the store for a deployment (its git repository) is removed through
   * these listeners, after the rows are gone: a crash in between leaves only unreachable files.
   */
  onDeleted(listener: (deploymentId: number) => Promise<void>): void {
    this.deletionListeners.push(listener);
  }

  async deleted(accountId: number, deploymentId: number): Promise<void> {
    await this.changed(accountId);
    for (const listener of this.deletionListeners) await listener(deploymentId);
  }
}
