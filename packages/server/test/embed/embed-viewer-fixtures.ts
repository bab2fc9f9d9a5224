import { randomBytes } from 'node:crypto';
import {
  embedGroupMembersTable,
  embedGroupsTable,
  embedTenantsTable,
  embedUsersTable,
} from '../../src/modules/embed/embed.tables.js';
import type { EmbedSessionClaims } from '../../src/modules/embed/embed-token.signer.js';
import type { TestServer } from '../support/test-server.js';

/** The account of the server's admin key. */
export async function adminAccountId(server: TestServer): Promise<number> {
  const me = await server.request({ method: 'GET', url: '/api/v1/users/me' });
  return (me.body as { account: { id: number } }).account.id;
}

/** An embed tenant of the account, written to the embed module's tables (the tenants API is elsewhere). */
export async function createEmbedTenant(
  server: TestServer,
  accountId: number,
  name: string,
): Promise<number> {
  const [tenant] = await server.container.platform.store.database
    .insert(embedTenantsTable)
    .values({ accountId, name })
    .returning({ id: embedTenantsTable.id });
  if (!tenant) throw new Error(`could not create embed tenant ${name}`);
  return tenant.id;
}

export async function createEmbedGroup(server: TestServer, tenantId: number, name: string): Promise<number> {
  const [group] = await server.container.platform.store.database
    .insert(embedGroupsTable)
    .values({ tenantId, name })
    .returning({ id: embedGroupsTable.id });
  if (!group) throw new Error(`could not create embed group ${name}`);
  return group.id;
}

export interface EmbedUserOptions {
  accountId: number;
  deploymentId: number;
  /** The tenant's name and id; none: a user of no tenant. */
  tenant?: { id: number; name: string };
  /** Groups of the tenant the user is in. */
  groupIds?: number[];
  groups?: string[];
  securityContext?: Record<string, unknown>;
  userAttributes?: Record<string, string>;
  branchName?: string;
  /** A token that expired an hour ago. */
  isExpired?: boolean;
}

/**
 * An embed user as generate-session would leave one (a chat user, their embed row, their tenant-group
 * memberships) and an embed token for them, signed by the server's own signer.
 */
export async function createEmbedViewer(
  server: TestServer,
  options: EmbedUserOptions,
): Promise<{ chatUserId: number; token: string; claims: EmbedSessionClaims }> {
  const { services, platform } = server.container;
  const externalId = `embed-${randomBytes(5).toString('hex')}`;
  const user = await services.chatUsers.provisionExternal(options.accountId, { externalId, email: null });
  const database = platform.store.database;
  await database
    .insert(embedUsersTable)
    .values({ chatUserId: user.id, tenantId: options.tenant?.id ?? null });
  for (const groupId of options.groupIds ?? []) {
    await database.insert(embedGroupMembersTable).values({ groupId, chatUserId: user.id });
  }
  const claims: EmbedSessionClaims = {
    accountId: options.accountId,
    deploymentId: options.deploymentId,
    chatUserId: user.id,
    user: { kind: 'external', externalId },
    email: null,
    displayName: null,
    embedTenantName: options.tenant?.name ?? null,
    groups: options.groups ?? [],
    securityContext: options.securityContext ?? {},
    userAttributes: options.userAttributes ?? {},
    settings: { showDashboardChat: false, locale: 'en-US', timezone: 'UTC' },
    branchName: options.branchName ?? null,
  };
  const issuedAt = new Date(Date.now() - (options.isExpired ? 2 * 3600 * 1000 : 0));
  const token = await services.embedTokens.sign(claims, randomBytes(16).toString('hex'), 3600, issuedAt);
  return { chatUserId: user.id, token, claims };
}
