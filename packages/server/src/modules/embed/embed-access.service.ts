import type { EmbedAccess, UpdateEmbedAccessInput } from '@platform/contract';
import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { AppError, notFound } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import type { DashboardEmbeddingService } from '../dashboards/dashboard-embedding.service.js';
import type {
  EmbeddableDashboard,
  EmbedViewerClaims,
  EmbedViewerGate,
} from '../dashboards/dashboard-viewer.js';
import type { Principal } from '../identity/principal.js';
import {
  embedAccessTable,
  embedGroupMembersTable,
  embedGroupsTable,
  embedTenantsTable,
} from './embed.tables.js';
import { decideEmbedAccess } from './embed-access-decision.js';

type DashboardEmbedding = Pick<DashboardEmbeddingService, 'ofWorkbook' | 'setOfWorkbook'>;

/**
 * Who among embed users may open which workbook's dashboard: the rules of `embed-access` (per tenant,
 * per tenant group, or for every embed user; `read` or `none`), and the decision the dashboards module
 * asks for every embed token that opens a dashboard or runs one of its widgets.
 */
export class EmbedAccessService implements EmbedViewerGate {
  constructor(
    private readonly database: Database,
    private readonly dashboards: DashboardEmbedding,
  ) {}

  /**
   * Opens only a dashboard of the token's account and deployment that allows embedding, when the most
   * specific rule matching the user says `read`. Group memberships are read now, so a change counts at once.
   */
  async requireOpen(claims: EmbedViewerClaims, dashboard: EmbeddableDashboard): Promise<void> {
    const label = `dashboard ${dashboard.publicId}`;
    if (dashboard.accountId !== claims.accountId || dashboard.deploymentId !== claims.deploymentId) {
      throw new AppError('FORBIDDEN', `this embed token is not valid for ${label}`);
    }
    if (!dashboard.allowEmbed) throw new AppError('FORBIDDEN', `${label} does not allow embedding`);
    const decision = decideEmbedAccess(await this.matchingRules(claims, dashboard.workbookId));
    if (decision === 'read') return;
    throw new AppError(
      'FORBIDDEN',
      decision === 'none'
        ? `the embed access of ${label} refuses this user`
        : `no embed access rule of ${label} lets this user open it`,
    );
  }

  async get(principal: Principal, deploymentId: number, workbookId: number): Promise<EmbedAccess> {
    const embedding = await this.dashboards.ofWorkbook(principal, deploymentId, workbookId);
    return this.accessOf(principal.accountId, workbookId, embedding?.allowEmbed ?? false);
  }

  /** Upserts one rule; `allowEmbed`, when sent, switches the workbook's dashboard (404 while it has none). */
  async update(
    principal: Principal,
    deploymentId: number,
    workbookId: number,
    input: UpdateEmbedAccessInput,
  ): Promise<EmbedAccess> {
    let embedding = await this.dashboards.ofWorkbook(principal, deploymentId, workbookId);
    const target = await this.targetOf(principal.accountId, input);
    if (input.allowEmbed !== undefined) {
      embedding = await this.dashboards.setOfWorkbook(principal, deploymentId, workbookId, input.allowEmbed);
    }
    await this.database.execute(sql`
      insert into embed_access (account_id, deployment_id, workbook_id, tenant_id, group_id, action)
      values (${principal.accountId}, ${deploymentId}, ${workbookId}, ${target.tenantId}, ${target.groupId}, ${input.action})
      on conflict (workbook_id, coalesce(tenant_id, 0), coalesce(group_id, 0))
      do update set action = excluded.action, updated_at = now()`);
    return this.accessOf(principal.accountId, workbookId, embedding?.allowEmbed ?? false);
  }

  /** The tenant and group a rule is for: 404 naming an unknown one, 400 for a group of another tenant. */
  private async targetOf(
    accountId: number,
    input: UpdateEmbedAccessInput,
  ): Promise<{ tenantId: number | null; groupId: number | null }> {
    if (input.embedTenantName === undefined) return { tenantId: null, groupId: null };
    const [tenant] = await this.database
      .select({ id: embedTenantsTable.id })
      .from(embedTenantsTable)
      .where(
        and(eq(embedTenantsTable.accountId, accountId), eq(embedTenantsTable.name, input.embedTenantName)),
      );
    if (!tenant) throw notFound(`embed tenant "${input.embedTenantName}"`);
    if (input.groupId === undefined) return { tenantId: tenant.id, groupId: null };
    const [group] = await this.database
      .select({ tenantId: embedGroupsTable.tenantId, tenantName: embedTenantsTable.name })
      .from(embedGroupsTable)
      .innerJoin(embedTenantsTable, eq(embedTenantsTable.id, embedGroupsTable.tenantId))
      .where(and(eq(embedGroupsTable.id, input.groupId), eq(embedTenantsTable.accountId, accountId)));
    if (!group) throw notFound(`embed group ${input.groupId}`);
    if (group.tenantId !== tenant.id) {
      throw new AppError(
        'BAD_REQUEST',
        `group ${input.groupId} belongs to embed tenant "${group.tenantName}", not "${input.embedTenantName}"`,
      );
    }
    return { tenantId: tenant.id, groupId: input.groupId };
  }

  /** The rules of the workbook that match the user: every embed user's, their tenant's, their groups'. */
  private async matchingRules(claims: EmbedViewerClaims, workbookId: number) {
    const forTenant: SQL[] = [];
    if (claims.embedTenantName !== null) {
      const memberships = this.database
        .select({ groupId: embedGroupMembersTable.groupId })
        .from(embedGroupMembersTable)
        .where(eq(embedGroupMembersTable.chatUserId, claims.chatUserId));
      forTenant.push(
        and(
          eq(embedTenantsTable.name, claims.embedTenantName),
          or(isNull(embedAccessTable.groupId), inArray(embedAccessTable.groupId, memberships)),
        ) as SQL,
      );
    }
    return this.database
      .select({
        tenantId: embedAccessTable.tenantId,
        groupId: embedAccessTable.groupId,
        action: embedAccessTable.action,
      })
      .from(embedAccessTable)
      .leftJoin(embedTenantsTable, eq(embedTenantsTable.id, embedAccessTable.tenantId))
      .where(
        and(
          eq(embedAccessTable.workbookId, workbookId),
          eq(embedAccessTable.accountId, claims.accountId),
          or(isNull(embedAccessTable.tenantId), ...forTenant),
        ),
      );
  }

  private async accessOf(accountId: number, workbookId: number, allowEmbed: boolean): Promise<EmbedAccess> {
    const rows = await this.database
      .select({
        tenantName: embedTenantsTable.name,
        groupId: embedAccessTable.groupId,
        action: embedAccessTable.action,
      })
      .from(embedAccessTable)
      .leftJoin(embedTenantsTable, eq(embedTenantsTable.id, embedAccessTable.tenantId))
      .where(and(eq(embedAccessTable.workbookId, workbookId), eq(embedAccessTable.accountId, accountId)))
      .orderBy(asc(embedTenantsTable.name), sql`${embedAccessTable.groupId} nulls first`);
    const everyone = rows.find((row) => row.tenantName === null);
    return {
      allowEmbed,
      allEmbedUsers: { enabled: everyone !== undefined, action: everyone?.action ?? null, groupId: null },
      tenants: rows.flatMap((row) =>
        row.tenantName === null
          ? []
          : [{ embedTenantName: row.tenantName, groupId: row.groupId, action: row.action }],
      ),
    };
  }
}
