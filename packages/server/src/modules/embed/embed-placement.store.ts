import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { AppError } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import {
  embedGroupMembersTable,
  embedGroupsTable,
  embedSessionsTable,
  embedTenantsTable,
  embedUsersTable,
} from './embed.tables.js';
import type { EmbedSessionClaims } from './embed-token.signer.js';

/** Where a session puts its external user: their tenant, its groups, and their memberships there. */
export interface EmbedPlacement {
  /** Null: the user is in no tenant (and in no tenant's groups). */
  embedTenantName: string | null;
  /** Sets the tenant's display name when given; left out, the tenant keeps its own. */
  tenantDisplayName?: string;
  /** Groups of the tenant to create when missing. */
  groupDefinitions: ReadonlyArray<{ name: string; description?: string | null | undefined }>;
  /** The names of the tenant's groups the user is in, replacing their memberships; left out, they stay. */
  tenantGroups?: readonly string[];
  /** The user's display name when given; left out, the user keeps theirs. */
  displayName?: string;
}

/** A session to store: only the hash of its id is kept. */
export interface StoredSession {
  idHash: string;
  claims: EmbedSessionClaims;
  expiresAt: Date;
  /** Set for a session exchanged the moment it is made (a customer's own token). */
  exchangedAt: Date | null;
}

/** The ids of a tenant's groups, as a subquery. */
function groupIdsOf(transaction: Database, tenantId: number) {
  return transaction
    .select({ id: embedGroupsTable.id })
    .from(embedGroupsTable)
    .where(eq(embedGroupsTable.tenantId, tenantId));
}

function unknownGroups(names: readonly string[], tenantName: string): AppError {
  const quoted = names.map((name) => `"${name}"`).join(', ');
  return new AppError(
    'BAD_REQUEST',
    `invalid request: tenantGroups: ${quoted} ${names.length === 1 ? 'is not a group' : 'are not groups'} of embed tenant "${tenantName}" (define ${names.length === 1 ? 'it' : 'them'} in tenantGroupDefinitions or through the groups API)`,
  );
}

/**
 * Writes what a session says about its user, inside the transaction that provisions the user (the chat
 * module's), so that a refusal half-way (an unknown group) leaves nothing written: not the user, not the
 * tenant, not its groups, not the session.
 */
export class EmbedPlacementStore {
  /** The tenant (created on first use), its defined groups, the user's row and memberships. */
  async place(
    transaction: Database,
    accountId: number,
    chatUserId: number,
    placement: EmbedPlacement,
  ): Promise<void> {
    const tenantId =
      placement.embedTenantName === null
        ? null
        : await this.tenantIdOf(transaction, accountId, placement.embedTenantName, placement);
    await transaction
      .insert(embedUsersTable)
      .values({ chatUserId, tenantId, displayName: placement.displayName ?? null })
      .onConflictDoUpdate({
        target: embedUsersTable.chatUserId,
        set: {
          tenantId,
          ...(placement.displayName === undefined ? {} : { displayName: placement.displayName }),
        },
      });
    // A user is in one tenant: memberships in another tenant's groups go when they move.
    await transaction
      .delete(embedGroupMembersTable)
      .where(
        and(
          eq(embedGroupMembersTable.chatUserId, chatUserId),
          tenantId === null
            ? undefined
            : notInArray(embedGroupMembersTable.groupId, groupIdsOf(transaction, tenantId)),
        ),
      );
    if (tenantId !== null && placement.embedTenantName !== null && placement.tenantGroups !== undefined) {
      await this.replaceMemberships(
        transaction,
        tenantId,
        placement.embedTenantName,
        chatUserId,
        placement.tenantGroups,
      );
    }
  }

  async insertSession(transaction: Database, accountId: number, session: StoredSession): Promise<void> {
    await transaction.insert(embedSessionsTable).values({
      idHash: session.idHash,
      accountId,
      deploymentId: session.claims.deploymentId,
      claims: session.claims,
      expiresAt: session.expiresAt,
      exchangedAt: session.exchangedAt,
    });
    // An external user's latest claims, for notifications rendered for them later (an account user has
    // no embed_users row: their own rights apply).
    await transaction
      .update(embedUsersTable)
      .set({ lastClaims: session.claims })
      .where(eq(embedUsersTable.chatUserId, session.claims.chatUserId));
  }

  private async tenantIdOf(
    transaction: Database,
    accountId: number,
    name: string,
    placement: EmbedPlacement,
  ): Promise<number> {
    const displayName = placement.tenantDisplayName ?? null;
    const [tenant] = await transaction
      .insert(embedTenantsTable)
      .values({ accountId, name, displayName })
      .onConflictDoUpdate({
        target: [embedTenantsTable.accountId, embedTenantsTable.name],
        // Without a display name the tenant keeps its own (the update only returns the row).
        set: { displayName: sql`coalesce(excluded.display_name, ${embedTenantsTable.displayName})` },
      })
      .returning({ id: embedTenantsTable.id });
    if (!tenant) throw new Error('upserting an embed tenant returned no row');
    const definitions = [...new Map(placement.groupDefinitions.map((group) => [group.name, group])).values()];
    if (definitions.length > 0) {
      await transaction
        .insert(embedGroupsTable)
        .values(
          definitions.map((group) => ({
            tenantId: tenant.id,
            name: group.name,
            description: group.description ?? null,
          })),
        )
        .onConflictDoNothing({ target: [embedGroupsTable.tenantId, embedGroupsTable.name] });
    }
    return tenant.id;
  }

  private async replaceMemberships(
    transaction: Database,
    tenantId: number,
    tenantName: string,
    chatUserId: number,
    names: readonly string[],
  ): Promise<void> {
    const wanted = [...new Set(names)];
    const groups =
      wanted.length === 0
        ? []
        : await transaction
            .select({ id: embedGroupsTable.id, name: embedGroupsTable.name })
            .from(embedGroupsTable)
            .where(and(eq(embedGroupsTable.tenantId, tenantId), inArray(embedGroupsTable.name, wanted)));
    const found = new Set(groups.map((group) => group.name));
    const missing = wanted.filter((name) => !found.has(name));
    if (missing.length > 0) throw unknownGroups(missing, tenantName);
    await transaction
      .delete(embedGroupMembersTable)
      .where(
        and(
          eq(embedGroupMembersTable.chatUserId, chatUserId),
          inArray(embedGroupMembersTable.groupId, groupIdsOf(transaction, tenantId)),
        ),
      );
    if (groups.length > 0) {
      await transaction
        .insert(embedGroupMembersTable)
        .values(groups.map((group) => ({ groupId: group.id, chatUserId })))
        .onConflictDoNothing();
    }
  }
}
