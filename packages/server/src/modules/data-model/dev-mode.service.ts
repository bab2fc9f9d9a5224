import { and, asc, eq, sql } from 'drizzle-orm';
import { AppError } from '../../errors/app-error.js';
import type { ChangeFeed } from '../../platform/change-feed/change-feed.js';
import type { Database } from '../../platform/database/database.js';
import type { Principal } from '../identity/principal.js';
import { type ActiveDevSessions, devModeTopic } from './active-dev-sessions.js';
import { branchesTable, type DevSessionRow, devSessionsTable } from './data-model.tables.js';
import type { DataModelAccess, ModelDeployment } from './data-model-access.js';
import { withGitErrors } from './git-errors.js';

export function personalBranchOf(principal: Principal): string {
  return `dev-${principal.credential.id}`;
}

export function notDevModeBranch(branchName: string): AppError {
  return new AppError('BAD_REQUEST', `Branch ${branchName} is not a dev-mode branch`);
}

/**
 * Dev mode belongs to a credential (API-NOTES.md): each has a personal branch forked from the branch it
 * asked for, and only that credential writes to it while its dev mode is on. Every change to a session
 * publishes `dev-mode:<deployment>` once written, so the sessions every process keeps follow at once.
 */
export class DevModeService {
  constructor(
    private readonly database: Database,
    private readonly access: DataModelAccess,
    private readonly changeFeed: ChangeFeed,
    private readonly sessions: ActiveDevSessions,
  ) {}

  async start(principal: Principal, deploymentId: number, requestedBranch?: string) {
    const model = await this.access.load(principal, deploymentId, 'SchemaUpdateDevBranches');
    const parentBranch = requestedBranch ?? model.deployment.deployBranchName;
    const branchName = personalBranchOf(principal);
    const { gitStore } = this.access;
    await withGitErrors(async () => {
      if ((await gitStore.resolveBranch(model.repositoryId, branchName)) === null) {
        const from = await this.access.headOf(model.repositoryId, parentBranch);
        await gitStore.createBranch(model.repositoryId, branchName, from);
      }
    });
    await this.recordBranch(deploymentId, branchName, parentBranch);
    await this.activate(principal, deploymentId, branchName, parentBranch);
    return { active: true as const, branchName, parentBranch };
  }

  async stop(principal: Principal, deploymentId: number) {
    await this.access.load(principal, deploymentId, 'SchemaUpdateDevBranches');
    await this.database
      .update(devSessionsTable)
      .set({ isActive: false, updatedAt: new Date() })
      .where(
        and(
          eq(devSessionsTable.deploymentId, deploymentId),
          eq(devSessionsTable.credentialId, principal.credential.id),
        ),
      );
    await this.changeFeed.publish(devModeTopic(deploymentId));
    return { active: false as const };
  }

  /** Makes `branchName` the credential's dev-mode branch (also used by createBranch with enterDevMode). */
  async activate(principal: Principal, deploymentId: number, branchName: string, parentBranch: string) {
    await this.database
      .insert(devSessionsTable)
      .values({
        deploymentId,
        credentialId: principal.credential.id,
        branchName,
        parentBranch,
        isActive: true,
      })
      .onConflictDoUpdate({
        target: [devSessionsTable.deploymentId, devSessionsTable.credentialId],
        set: { branchName, parentBranch, isActive: true, updatedAt: sql`now()` },
      });
    await this.changeFeed.publish(devModeTopic(deploymentId));
  }

  async recordBranch(deploymentId: number, name: string, parentBranch: string | null): Promise<void> {
    await this.database
      .insert(branchesTable)
      .values({ deploymentId, name, parentBranch })
      .onConflictDoUpdate({
        target: [branchesTable.deploymentId, branchesTable.name],
        set: { parentBranch },
      });
  }

  /** The credential's session while its dev mode is on, else null; from memory between changes. */
  activeSession(principal: Principal, deploymentId: number): Promise<DevSessionRow | null> {
    const credentialId = principal.credential.id;
    return this.sessions.sessionOf(deploymentId, credentialId, () =>
      this.readActiveSession(deploymentId, credentialId),
    );
  }

  private async readActiveSession(deploymentId: number, credentialId: number): Promise<DevSessionRow | null> {
    const [row] = await this.database
      .select()
      .from(devSessionsTable)
      .where(
        and(
          eq(devSessionsTable.deploymentId, deploymentId),
          eq(devSessionsTable.credentialId, credentialId),
          eq(devSessionsTable.isActive, true),
        ),
      );
    return row ?? null;
  }

  /**
   * The branch a write goes to: the caller's active dev-mode branch. Naming any other branch, or writing
   * without dev mode, is refused with the message clients know.
   */
  async writeBranch(principal: Principal, model: ModelDeployment, requested?: string): Promise<string> {
    const session = await this.activeSession(principal, model.deployment.id);
    const target = requested ?? session?.branchName ?? model.deployment.deployBranchName;
    if (!session || session.branchName !== target) throw notDevModeBranch(target);
    return target;
  }

  /** Every credential's dev-mode branch that is on, oldest credential first (the development environments). */
  async activeSessions(deploymentId: number): Promise<DevSessionRow[]> {
    return this.database
      .select()
      .from(devSessionsTable)
      .where(and(eq(devSessionsTable.deploymentId, deploymentId), eq(devSessionsTable.isActive, true)))
      .orderBy(asc(devSessionsTable.credentialId));
  }

  /** Forgets every session on a deleted branch, so no credential keeps writing into nothing. */
  async endSessionsOn(deploymentId: number, branchName: string): Promise<void> {
    await this.database
      .update(devSessionsTable)
      .set({ isActive: false, updatedAt: new Date() })
      .where(
        and(eq(devSessionsTable.deploymentId, deploymentId), eq(devSessionsTable.branchName, branchName)),
      );
    await this.changeFeed.publish(devModeTopic(deploymentId));
    await this.database
      .delete(branchesTable)
      .where(and(eq(branchesTable.deploymentId, deploymentId), eq(branchesTable.name, branchName)));
  }
}
