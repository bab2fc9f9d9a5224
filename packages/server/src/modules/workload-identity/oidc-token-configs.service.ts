import type * as contract from '@platform/contract';
import { defaultOidcTokenLifetimeSeconds } from '@platform/contract';
import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import type * as z from 'zod';
import { AppError, notFound } from '../../errors/app-error.js';
import type { ChangeFeed } from '../../platform/change-feed/change-feed.js';
import type { Database } from '../../platform/database/database.js';
import { pageOf, pageWindowOf } from '../../platform/paging/cursor.js';
import type { DeploymentAccessService } from '../deployments/deployment-access.service.js';
import type { AuthorizationService } from '../identity/authorization.service.js';
import { assertCredentialWithin } from '../identity/credential-rights.js';
import type { Principal } from '../identity/principal.js';
import { oidcTokenConfigsTopic } from './oidc-token-configs-topic.js';
import { type OidcTokenConfigRow, oidcTokenConfigsTable } from './workload-identity.tables.js';
import { coversDeployment } from './workload-tokens.provider.js';

type ListQuery = z.output<typeof contract.ListOidcTokenConfigsQuery>;
type CreateInput = z.output<typeof contract.CreateOidcTokenConfigInput>;
type UpdateInput = z.output<typeof contract.UpdateOidcTokenConfigInput>;

// The first key of the two-key advisory lock that serialises configuration changes per account.
const configsLockClass = 655_031_847;

type ConfigFields = Pick<
  OidcTokenConfigRow,
  'name' | 'audience' | 'targetEnvVar' | 'deploymentIds' | 'isEnabled' | 'lifetimeSeconds'
>;

export function toOidcTokenConfig(row: OidcTokenConfigRow): contract.OidcTokenConfig {
  return {
    id: row.id,
    name: row.name,
    audience: row.audience,
    targetEnvVar: row.targetEnvVar,
    deploymentIds: row.deploymentIds,
    isEnabled: row.isEnabled,
    lifetimeSeconds: row.lifetimeSeconds,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function normalisedIds(ids: readonly number[] | null): number[] | null {
  return ids === null ? null : [...new Set(ids)].sort((left, right) => left - right);
}

/** The deployments both configurations cover, or true when both cover every deployment. */
function sharedDeployments(left: ConfigFields, right: ConfigFields): number[] | true {
  if (left.deploymentIds === null && right.deploymentIds === null) return true;
  if (left.deploymentIds === null) return right.deploymentIds ?? [];
  return left.deploymentIds.filter((id) => coversDeployment(right, id));
}

/**
 * OIDC token configurations: which deployments' warehouse connections get a platform-signed token, in which
 * variable, for which audience. Whoever writes one has the platform mint credentials for those deployments
 * for as long as it stays, so it takes an admin's rights on them, without expiry (credential-rights.ts).
 */
export class OidcTokenConfigsService {
  constructor(
    private readonly database: Database,
    private readonly authorization: AuthorizationService,
    private readonly deploymentAccess: DeploymentAccessService,
    private readonly changeFeed: ChangeFeed,
  ) {}

  async list(principal: Principal, query: ListQuery) {
    this.authorizeAccount(principal);
    const { afterId, size, offset } = pageWindowOf(query);
    const rows = await this.database
      .select()
      .from(oidcTokenConfigsTable)
      .where(
        and(
          eq(oidcTokenConfigsTable.accountId, principal.accountId),
          afterId === null ? undefined : gt(oidcTokenConfigsTable.id, afterId),
        ),
      )
      .orderBy(asc(oidcTokenConfigsTable.id))
      .offset(offset)
      .limit(size + 1);
    const page = pageOf(rows, size);
    return { items: page.rows.map(toOidcTokenConfig), pageInfo: page.pageInfo };
  }

  async get(principal: Principal, configId: number): Promise<contract.OidcTokenConfig> {
    this.authorizeAccount(principal);
    return toOidcTokenConfig(await this.find(this.database, principal.accountId, configId));
  }

  /** For the token operation: the caller's configuration row, checked like `get`. */
  async findForCaller(principal: Principal, configId: number): Promise<OidcTokenConfigRow> {
    this.authorizeAccount(principal);
    return this.find(this.database, principal.accountId, configId);
  }

  async create(principal: Principal, input: CreateInput): Promise<contract.OidcTokenConfig> {
    this.authorizeAccount(principal);
    const fields: ConfigFields = {
      name: input.name,
      audience: input.audience,
      targetEnvVar: input.targetEnvVar,
      deploymentIds: normalisedIds(input.deploymentIds ?? null),
      isEnabled: input.isEnabled ?? true,
      lifetimeSeconds: input.lifetimeSeconds ?? defaultOidcTokenLifetimeSeconds,
    };
    await this.checkDeployments(principal, fields.deploymentIds);
    const row = await this.database.transaction(async (transaction) => {
      await this.lock(transaction, principal.accountId);
      await this.checkNoOverlap(transaction, principal.accountId, fields, null);
      const [inserted] = await transaction
        .insert(oidcTokenConfigsTable)
        .values({ accountId: principal.accountId, ...fields })
        .returning();
      if (!inserted) throw new Error('the OIDC token configuration was not stored');
      return inserted;
    });
    await this.changeFeed.publish(oidcTokenConfigsTopic(principal.accountId));
    return toOidcTokenConfig(row);
  }

  /** Fields left out keep their value. */
  async update(
    principal: Principal,
    configId: number,
    input: UpdateInput,
  ): Promise<contract.OidcTokenConfig> {
    this.authorizeAccount(principal);
    const deploymentIds = input.deploymentIds === undefined ? undefined : normalisedIds(input.deploymentIds);
    // Checked before the transaction: the deployment directory reads outside it (PGlite has one connection).
    if (deploymentIds !== undefined) await this.checkDeployments(principal, deploymentIds);
    const row = await this.database.transaction(async (transaction) => {
      await this.lock(transaction, principal.accountId);
      const current = await this.find(transaction, principal.accountId, configId);
      // Changing what a configuration covers is as strong as both what it covered and what it will cover.
      this.assertMayWrite(principal, current.deploymentIds);
      const fields: ConfigFields = {
        name: input.name ?? current.name,
        audience: input.audience ?? current.audience,
        targetEnvVar: input.targetEnvVar ?? current.targetEnvVar,
        deploymentIds: deploymentIds === undefined ? current.deploymentIds : deploymentIds,
        isEnabled: input.isEnabled ?? current.isEnabled,
        lifetimeSeconds: input.lifetimeSeconds ?? current.lifetimeSeconds,
      };
      await this.checkNoOverlap(transaction, principal.accountId, fields, configId);
      const [updated] = await transaction
        .update(oidcTokenConfigsTable)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(oidcTokenConfigsTable.id, configId))
        .returning();
      if (!updated) throw notFound(`OIDC token configuration ${configId}`);
      return updated;
    });
    await this.changeFeed.publish(oidcTokenConfigsTopic(principal.accountId));
    return toOidcTokenConfig(row);
  }

  async delete(principal: Principal, configId: number): Promise<{ success: true }> {
    this.authorizeAccount(principal);
    await this.database.transaction(async (transaction) => {
      const current = await this.find(transaction, principal.accountId, configId);
      this.assertMayWrite(principal, current.deploymentIds);
      await transaction.delete(oidcTokenConfigsTable).where(eq(oidcTokenConfigsTable.id, configId));
    });
    await this.changeFeed.publish(oidcTokenConfigsTopic(principal.accountId));
    return { success: true };
  }

  private authorizeAccount(principal: Principal): void {
    this.authorization.authorize(principal, 'SecretsManage', {
      type: 'account',
      accountId: principal.accountId,
    });
  }

  private assertMayWrite(principal: Principal, deploymentIds: readonly number[] | null): void {
    assertCredentialWithin(
      principal,
      { role: 'admin', deploymentIds, expiresAt: null },
      'an OIDC token configuration (the platform mints tokens for its deployments as long as it stays)',
    );
  }

  private async checkDeployments(
    principal: Principal,
    deploymentIds: readonly number[] | null,
  ): Promise<void> {
    if (deploymentIds !== null) {
      const missing = await this.deploymentAccess.missingIds(principal.accountId, deploymentIds);
      if (missing.length > 0) {
        throw new AppError('BAD_REQUEST', `deploymentIds: no deployment with id ${missing.join(', ')}`);
      }
    }
    this.assertMayWrite(principal, deploymentIds);
  }

  private async lock(transaction: Database, accountId: number): Promise<void> {
    await transaction.execute(sql`SELECT pg_advisory_xact_lock(${configsLockClass}, ${accountId})`);
  }

  /** Two enabled configurations filling one variable of one deployment would fight over it: a 409. */
  private async checkNoOverlap(
    transaction: Database,
    accountId: number,
    fields: ConfigFields,
    exceptId: number | null,
  ): Promise<void> {
    if (!fields.isEnabled) return;
    const others = await transaction
      .select()
      .from(oidcTokenConfigsTable)
      .where(
        and(
          eq(oidcTokenConfigsTable.accountId, accountId),
          eq(oidcTokenConfigsTable.isEnabled, true),
          eq(oidcTokenConfigsTable.targetEnvVar, fields.targetEnvVar),
          exceptId === null ? undefined : ne(oidcTokenConfigsTable.id, exceptId),
        ),
      );
    for (const other of others) {
      const shared = sharedDeployments(fields, other);
      if (shared === true || shared.length > 0) {
        const where = shared === true ? 'every deployment' : `deployment ${shared.join(', ')}`;
        throw new AppError(
          'CONFLICT',
          `OIDC token configuration ${other.id} (${other.name}) already fills ${fields.targetEnvVar} for ${where}: pick another targetEnvVar or other deployments, or disable one`,
          { configId: other.id },
        );
      }
    }
  }

  private async find(database: Database, accountId: number, configId: number): Promise<OidcTokenConfigRow> {
    const [row] = await database
      .select()
      .from(oidcTokenConfigsTable)
      .where(and(eq(oidcTokenConfigsTable.id, configId), eq(oidcTokenConfigsTable.accountId, accountId)));
    if (!row) throw notFound(`OIDC token configuration ${configId}`);
    return row;
  }
}
