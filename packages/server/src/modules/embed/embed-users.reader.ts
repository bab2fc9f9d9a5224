import type * as contract from '@platform/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type * as z from 'zod';
import type { Database } from '../../platform/database/database.js';
import type { ChatUsersService } from '../chat/chat-users.service.js';
import { embedGroupMembersTable, embedGroupsTable } from './embed.tables.js';

export type EmbedUser = z.input<typeof contract.EmbedUser>;

/** What embedding asks of the Chat API's users: embed users are its external users (one pool, one cap). */
export type EmbedChatUsers = Pick<
  ChatUsersService,
  'usersByIds' | 'externalUserIdsOf' | 'removeExpired' | 'deleteExternalUsers'
>;

/** An `embed_users` row as a list reads it, keyed by its chat user for paging. */
export interface EmbedUserRow {
  id: number;
  displayName: string | null;
}

/**
 * Turns a page of a tenant's users (its `embed_users` rows) into the API's users: who they are comes
 * from the chat module, which groups of the tenant they are in from ours. A user the chat module no
 * longer has alive (it expired meanwhile) is left out.
 */
export class EmbedUsersReader {
  constructor(
    private readonly database: Database,
    private readonly chatUsers: EmbedChatUsers,
  ) {}

  async describe(accountId: number, tenantId: number, rows: readonly EmbedUserRow[]): Promise<EmbedUser[]> {
    const ids = rows.map((row) => row.id);
    if (ids.length === 0) return [];
    const [people, memberships] = await Promise.all([
      this.chatUsers.usersByIds(accountId, ids),
      this.database
        .select({ chatUserId: embedGroupMembersTable.chatUserId, name: embedGroupsTable.name })
        .from(embedGroupMembersTable)
        .innerJoin(embedGroupsTable, eq(embedGroupsTable.id, embedGroupMembersTable.groupId))
        .where(and(eq(embedGroupsTable.tenantId, tenantId), inArray(embedGroupMembersTable.chatUserId, ids)))
        .orderBy(asc(embedGroupsTable.name)),
    ]);
    const groupsOf = new Map<number, string[]>();
    for (const membership of memberships) {
      const names = groupsOf.get(membership.chatUserId) ?? [];
      names.push(membership.name);
      groupsOf.set(membership.chatUserId, names);
    }
    const users: EmbedUser[] = [];
    for (const row of rows) {
      const person = people.get(row.id);
      // Sessions put external users in tenants only (an account user is in none).
      if (!person || person.externalId === null) continue;
      users.push({
        externalId: person.externalId,
        email: person.email,
        displayName: row.displayName,
        groups: groupsOf.get(row.id) ?? [],
        createdAt: person.createdAt.toISOString(),
        expiresAt: person.expiresAt?.toISOString() ?? null,
      });
    }
    return users;
  }
}
