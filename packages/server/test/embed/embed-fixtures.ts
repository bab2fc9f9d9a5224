import {
  embedGroupMembersTable,
  embedGroupsTable,
  embedTenantsTable,
  embedUsersTable,
} from '../../src/modules/embed/embed.tables.js';
import type { TestServer } from '../support/test-server.js';
import { adminAccountId } from './embed-viewer-fixtures.js';

export interface EmbedUserFixture {
  externalId: string;
  email?: string;
  displayName?: string;
  /** Default true, as generate-session's default. */
  isEphemeral?: boolean;
  /** Names of the tenant's groups the user is in. */
  groups?: string[];
}

export interface EmbedTenantFixture {
  name: string;
  displayName?: string;
  /** Default the admin's account. */
  accountId?: number;
  groups?: Array<{ name: string; description?: string }>;
  users?: EmbedUserFixture[];
}

export interface InsertedEmbedTenant {
  tenantId: number;
  groupIds: Map<string, number>;
  chatUserIds: Map<string, number>;
}

/**
 * An embed tenant with groups and users, as generate-session leaves them: the users are the Chat API's
 * external users (provisioned through the chat module), placed in the tenant and its groups.
 */
export async function insertEmbedTenant(
  server: TestServer,
  fixture: EmbedTenantFixture,
): Promise<InsertedEmbedTenant> {
  const database = server.container.platform.store.database;
  const accountId = fixture.accountId ?? (await adminAccountId(server));
  const [tenant] = await database
    .insert(embedTenantsTable)
    .values({ accountId, name: fixture.name, displayName: fixture.displayName ?? null })
    .returning();
  if (!tenant) throw new Error(`could not insert embed tenant ${fixture.name}`);
  const groupIds = new Map<string, number>();
  for (const group of fixture.groups ?? []) {
    const [row] = await database
      .insert(embedGroupsTable)
      .values({ tenantId: tenant.id, name: group.name, description: group.description ?? null })
      .returning();
    if (!row) throw new Error(`could not insert embed group ${group.name}`);
    groupIds.set(group.name, row.id);
  }
  const chatUserIds = new Map<string, number>();
  for (const user of fixture.users ?? []) {
    const chatUser = await server.container.services.chatUsers.provisionExternal(accountId, {
      externalId: user.externalId,
      email: user.email ?? null,
      isEphemeral: user.isEphemeral ?? true,
    });
    chatUserIds.set(user.externalId, chatUser.id);
    await database
      .insert(embedUsersTable)
      .values({ chatUserId: chatUser.id, tenantId: tenant.id, displayName: user.displayName ?? null });
    for (const name of user.groups ?? []) {
      const groupId = groupIds.get(name);
      if (groupId === undefined) throw new Error(`no group ${name} in the fixture`);
      await database.insert(embedGroupMembersTable).values({ groupId, chatUserId: chatUser.id });
    }
  }
  return { tenantId: tenant.id, groupIds, chatUserIds };
}
