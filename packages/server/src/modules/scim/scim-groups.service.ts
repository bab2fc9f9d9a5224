import {
  type ScimGroup,
  type ScimGroupInput,
  type ScimPatchOperation,
  scimMaximumResults,
  scimSchemaUrns,
  type UserGroup,
} from '@platform/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type * as z from 'zod';
import { AppError } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import type { IdentityServices } from '../identity/identity.module.js';
import type { Principal } from '../identity/principal.js';
import { type ScimGroupRow, scimGroupsTable } from './scim.tables.js';
import { invalidValue, withUniqueness } from './scim-error.js';
import { listWindowOf, parseEqualityFilter } from './scim-filter.js';
import { displayNameOf, memberIdOf, patchedGroupState, type ScimGroupState } from './scim-group-state.js';

type GroupInput = z.output<typeof ScimGroupInput>;
type Members = Map<number, Array<{ id: number; email: string }>>;

const groupFilterAttributes = ['displayname', 'externalid'] as const;

/** A member id of no user of the account is the client's bad value (400), not a missing resource. */
async function withMembersChecked<Result>(change: () => Promise<Result>): Promise<Result> {
  try {
    return await change();
  } catch (error) {
    const missing =
      error instanceof AppError ? (error.details as { userIds?: unknown } | undefined)?.userIds : undefined;
    if (Array.isArray(missing))
      throw invalidValue(`member ${missing.join(', ')} is not a user of this account`);
    throw error;
  }
}

/**
 * SCIM groups (RFC 7643 §4.2) onto identity's user groups: `displayName` is the group's name, members
 * are user ids. The provider's `externalId` is kept in `scim_groups`.
 */
export class ScimGroupsService {
  constructor(
    private readonly database: Database,
    private readonly identity: Pick<IdentityServices, 'users' | 'userGroups' | 'userGroupMembers'>,
    private readonly publicUrl: () => string,
  ) {}

  async list(
    principal: Principal,
    query: {
      filter?: string | undefined;
      startIndex?: number | undefined;
      count?: number | undefined;
      excludedAttributes?: string | undefined;
    },
  ) {
    const window = listWindowOf(query, scimMaximumResults);
    const { userGroups } = this.identity;
    let page: { total: number; items: UserGroup[] };
    if (query.filter === undefined) {
      page = await userGroups.listWindow(principal, window);
    } else {
      const filter = parseEqualityFilter(query.filter, groupFilterAttributes);
      if (filter.attribute === 'displayname') {
        page = await userGroups.listWindow(principal, { ...window, name: filter.value });
      } else {
        const rows = await this.database
          .select({ groupId: scimGroupsTable.groupId })
          .from(scimGroupsTable)
          .where(
            and(
              eq(scimGroupsTable.accountId, principal.accountId),
              eq(scimGroupsTable.externalId, filter.value),
            ),
          );
        page = await userGroups.listWindow(principal, {
          ...window,
          groupIds: rows.map((row) => row.groupId),
        });
      }
    }
    const groupIds = page.items.map((group) => group.id);
    const members = isMembersExcluded(query.excludedAttributes)
      ? null
      : await this.identity.userGroupMembers.membersOf(principal, groupIds);
    const attributes = await this.attributesOf(groupIds);
    return {
      schemas: [scimSchemaUrns.listResponse],
      totalResults: page.total,
      startIndex: window.startIndex,
      itemsPerPage: page.items.length,
      Resources: page.items.map((group) => this.toScimGroup(group, attributes.get(group.id), members)),
    };
  }

  async get(principal: Principal, groupId: number, excludedAttributes?: string): Promise<ScimGroup> {
    const group = await this.identity.userGroups.get(principal, groupId);
    const members = isMembersExcluded(excludedAttributes)
      ? null
      : await this.identity.userGroupMembers.membersOf(principal, [groupId]);
    return this.toScimGroup(group, (await this.attributesOf([groupId])).get(groupId), members);
  }

  /** The members are checked before the group is made, so a bad member leaves no group behind. */
  async create(principal: Principal, input: GroupInput): Promise<ScimGroup> {
    const memberIds = [...new Set((input.members ?? []).map(memberIdOf))];
    await this.requireUsers(principal, memberIds);
    const group = await withUniqueness(() =>
      this.identity.userGroups.create(principal, { name: input.displayName }),
    );
    if (memberIds.length > 0)
      await withMembersChecked(() => this.identity.userGroupMembers.add(principal, group.id, memberIds));
    await this.saveAttributes(principal, group.id, input.externalId || null);
    return this.get(principal, group.id);
  }

  /** PUT: the name, externalId and members become the ones sent (no members: none). */
  async replace(principal: Principal, groupId: number, input: GroupInput): Promise<ScimGroup> {
    const before = await this.stateOf(principal, groupId);
    return this.save(principal, groupId, before, {
      displayName: displayNameOf(input.displayName),
      externalId: input.externalId || null,
      memberIds: new Set((input.members ?? []).map(memberIdOf)),
    });
  }

  async patch(principal: Principal, groupId: number, operations: readonly ScimPatchOperation[]) {
    const before = await this.stateOf(principal, groupId);
    return this.save(principal, groupId, before, patchedGroupState(before, operations));
  }

  async delete(principal: Principal, groupId: number): Promise<void> {
    await this.identity.userGroups.delete(principal, groupId);
  }

  private async stateOf(principal: Principal, groupId: number): Promise<ScimGroupState> {
    const group = await this.get(principal, groupId);
    return {
      displayName: group.displayName,
      externalId: group.externalId ?? null,
      memberIds: new Set((group.members ?? []).map((member) => Number(member.value))),
    };
  }

  /** Writes what changed: the name, then the members (one transaction), then what SCIM keeps. */
  private async save(principal: Principal, groupId: number, before: ScimGroupState, after: ScimGroupState) {
    const { userGroups, userGroupMembers } = this.identity;
    if (after.displayName !== before.displayName)
      await withUniqueness(() => userGroups.update(principal, groupId, { name: after.displayName }));
    const isMembersChanged =
      after.memberIds.size !== before.memberIds.size ||
      [...after.memberIds].some((id) => !before.memberIds.has(id));
    if (isMembersChanged)
      await withMembersChecked(() => userGroupMembers.replace(principal, groupId, [...after.memberIds]));
    if (after.externalId !== before.externalId)
      await this.saveAttributes(principal, groupId, after.externalId);
    return this.get(principal, groupId);
  }

  private async requireUsers(principal: Principal, userIds: readonly number[]): Promise<void> {
    if (userIds.length === 0) return;
    const found = await this.identity.users.listWindow(principal, {
      offset: 0,
      limit: userIds.length,
      userIds,
    });
    const known = new Set(found.items.map((user) => user.id));
    const missing = userIds.filter((id) => !known.has(id));
    if (missing.length > 0) throw invalidValue(`member ${missing.join(', ')} is not a user of this account`);
  }

  private async saveAttributes(principal: Principal, groupId: number, externalId: string | null) {
    const values = { externalId, updatedAt: new Date() };
    await this.database
      .insert(scimGroupsTable)
      .values({ groupId, accountId: principal.accountId, ...values })
      .onConflictDoUpdate({ target: scimGroupsTable.groupId, set: values });
  }

  private async attributesOf(groupIds: readonly number[]): Promise<Map<number, ScimGroupRow>> {
    if (groupIds.length === 0) return new Map();
    const rows = await this.database
      .select()
      .from(scimGroupsTable)
      .where(inArray(scimGroupsTable.groupId, [...groupIds]));
    return new Map(rows.map((row) => [row.groupId, row]));
  }

  private toScimGroup(
    group: UserGroup,
    attributes: ScimGroupRow | undefined,
    members: Members | null,
  ): ScimGroup {
    const lastModified =
      attributes && attributes.updatedAt.toISOString() > group.updatedAt
        ? attributes.updatedAt.toISOString()
        : group.updatedAt;
    return {
      schemas: [scimSchemaUrns.group],
      id: String(group.id),
      ...(attributes?.externalId ? { externalId: attributes.externalId } : {}),
      displayName: group.name,
      ...(members
        ? {
            members: (members.get(group.id) ?? []).map((member) => ({
              value: String(member.id),
              display: member.email,
              $ref: `${this.publicUrl()}/api/scim/v2/Users/${member.id}`,
            })),
          }
        : {}),
      meta: {
        resourceType: 'Group',
        created: group.createdAt,
        lastModified,
        location: `${this.publicUrl()}/api/scim/v2/Groups/${group.id}`,
      },
    };
  }
}

function isMembersExcluded(excludedAttributes: string | undefined): boolean {
  return (excludedAttributes ?? '')
    .split(',')
    .some((attribute) => attribute.trim().toLowerCase() === 'members');
}
