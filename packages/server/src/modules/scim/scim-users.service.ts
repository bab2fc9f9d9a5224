import {
  type ScimPatchOperation,
  type ScimUser,
  type ScimUserInput,
  scimMaximumResults,
  scimSchemaUrns,
  type User,
} from '@platform/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type * as z from 'zod';
import type { Database } from '../../platform/database/database.js';
import type { IdentityServices } from '../identity/identity.module.js';
import type { Principal } from '../identity/principal.js';
import { type ScimUserRow, scimUsersTable } from './scim.tables.js';
import { withUniqueness } from './scim-error.js';
import { listWindowOf, parseEqualityFilter } from './scim-filter.js';
import { identityNameOf, patchedUserState, type ScimUserState, userNameOf } from './scim-user-state.js';

type UserInput = z.output<typeof ScimUserInput>;

const userFilterAttributes = ['username', 'externalid', 'emails.value'] as const;

function laterOf(first: string, second: Date | undefined): string {
  return second && second.toISOString() > first ? second.toISOString() : first;
}

/**
 * SCIM users (RFC 7643 §4.1) onto identity's users: `userName` is the e-mail, `active` the status (a
 * deactivated user can neither sign in nor use their keys), the name identity's one name. The provider's
 * `externalId` and the given and family names as sent are kept in `scim_users`.
 */
export class ScimUsersService {
  constructor(
    private readonly database: Database,
    private readonly identity: Pick<IdentityServices, 'users'>,
    private readonly publicUrl: () => string,
  ) {}

  async list(
    principal: Principal,
    query: { filter?: string | undefined; startIndex?: number | undefined; count?: number | undefined },
  ) {
    const window = listWindowOf(query, scimMaximumResults);
    let page: { total: number; items: User[] };
    if (query.filter === undefined) {
      page = await this.identity.users.listWindow(principal, window);
    } else {
      const filter = parseEqualityFilter(query.filter, userFilterAttributes);
      if (filter.attribute === 'externalid') {
        const rows = await this.database
          .select({ userId: scimUsersTable.userId })
          .from(scimUsersTable)
          .where(
            and(
              eq(scimUsersTable.accountId, principal.accountId),
              eq(scimUsersTable.externalId, filter.value),
            ),
          );
        page = await this.identity.users.listWindow(principal, {
          ...window,
          userIds: rows.map((row) => row.userId),
        });
      } else {
        const user = await this.identity.users.findByEmail(principal, filter.value);
        const matches = user ? [user] : [];
        page = { total: matches.length, items: matches.slice(window.offset, window.offset + window.limit) };
      }
    }
    const attributes = await this.attributesOf(page.items.map((user) => user.id));
    return {
      schemas: [scimSchemaUrns.listResponse],
      totalResults: page.total,
      startIndex: window.startIndex,
      itemsPerPage: page.items.length,
      Resources: page.items.map((user) => this.toScimUser(user, attributes.get(user.id))),
    };
  }

  async get(principal: Principal, userId: number): Promise<ScimUser> {
    const user = await this.identity.users.get(principal, userId);
    return this.toScimUser(user, (await this.attributesOf([userId])).get(userId));
  }

  async create(principal: Principal, input: UserInput): Promise<ScimUser> {
    const state = stateOfInput(input, { active: true });
    const created = await withUniqueness(() =>
      this.identity.users.create(principal, {
        email: state.userName,
        name: identityNameOf(state),
        role: 'viewer',
      }),
    );
    const user = state.active
      ? created
      : await this.identity.users.update(principal, created.id, { status: 'inactive' });
    // Answered from what was written, without reading it back: providers create users by the thousand.
    return this.toScimUser(user, await this.saveAttributes(principal, user.id, state));
  }

  /** PUT: the attributes sent replace the user's; `active` absent leaves the status as it is. */
  async replace(principal: Principal, userId: number, input: UserInput): Promise<ScimUser> {
    const before = await this.stateOf(principal, userId);
    return this.save(principal, userId, before, stateOfInput(input, before));
  }

  async patch(principal: Principal, userId: number, operations: readonly ScimPatchOperation[]) {
    const before = await this.stateOf(principal, userId);
    return this.save(principal, userId, before, patchedUserState(before, operations));
  }

  async delete(principal: Principal, userId: number): Promise<void> {
    await this.identity.users.delete(principal, userId);
  }

  private async stateOf(principal: Principal, userId: number): Promise<ScimUserState> {
    const scimUser = await this.get(principal, userId);
    return {
      userName: scimUser.userName,
      givenName: scimUser.name.givenName ?? null,
      familyName: scimUser.name.familyName ?? null,
      displayName: scimUser.displayName ?? null,
      active: scimUser.active,
      externalId: scimUser.externalId ?? null,
    };
  }

  /** Writes what changed: identity's e-mail, then its name and status, then what SCIM keeps. */
  private async save(principal: Principal, userId: number, before: ScimUserState, after: ScimUserState) {
    const { users } = this.identity;
    if (after.userName !== before.userName.toLowerCase())
      await withUniqueness(() => users.changeEmail(principal, userId, after.userName));
    const name = identityNameOf(after);
    const isNameChanged = name !== identityNameOf(before);
    if (isNameChanged || after.active !== before.active) {
      await users.update(principal, userId, {
        ...(isNameChanged ? { name } : {}),
        ...(after.active !== before.active ? { status: after.active ? 'active' : 'inactive' } : {}),
      });
    }
    await this.saveAttributes(principal, userId, after);
    return this.get(principal, userId);
  }

  private async saveAttributes(
    principal: Principal,
    userId: number,
    state: ScimUserState,
  ): Promise<ScimUserRow> {
    const values = {
      externalId: state.externalId,
      givenName: state.givenName,
      familyName: state.familyName,
      updatedAt: new Date(),
    };
    const row = { userId, accountId: principal.accountId, ...values };
    await this.database
      .insert(scimUsersTable)
      .values(row)
      .onConflictDoUpdate({ target: scimUsersTable.userId, set: values });
    return row;
  }

  private async attributesOf(userIds: readonly number[]): Promise<Map<number, ScimUserRow>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.database
      .select()
      .from(scimUsersTable)
      .where(inArray(scimUsersTable.userId, [...userIds]));
    return new Map(rows.map((row) => [row.userId, row]));
  }

  private toScimUser(user: User, attributes: ScimUserRow | undefined): ScimUser {
    // The names as sent hold while identity's name is still theirs (the management API may rename the user).
    const joined = [attributes?.givenName, attributes?.familyName].filter((part) => part).join(' ');
    const isSentName = attributes !== undefined && joined !== '' && joined === user.name;
    const givenName = isSentName ? attributes.givenName : user.firstName;
    const familyName = isSentName ? attributes.familyName : user.lastName;
    return {
      schemas: [scimSchemaUrns.user],
      id: String(user.id),
      ...(attributes?.externalId ? { externalId: attributes.externalId } : {}),
      userName: user.email,
      name: {
        ...(givenName ? { givenName } : {}),
        ...(familyName ? { familyName } : {}),
        ...(user.name ? { formatted: user.name } : {}),
      },
      ...(user.name ? { displayName: user.name } : {}),
      emails: [{ value: user.email, type: 'work', primary: true }],
      active: user.status === 'active',
      meta: {
        resourceType: 'User',
        created: user.createdAt,
        lastModified: laterOf(user.updatedAt, attributes?.updatedAt),
        location: `${this.publicUrl()}/api/scim/v2/Users/${user.id}`,
      },
    };
  }
}

/** The state a POST or PUT body describes; `active` absent keeps `defaults.active`. */
function stateOfInput(input: UserInput, defaults: { active: boolean }): ScimUserState {
  return {
    userName: userNameOf(input.userName),
    givenName: input.name?.givenName || null,
    familyName: input.name?.familyName || null,
    displayName: input.displayName || input.name?.formatted || null,
    active: input.active ?? defaults.active,
    externalId: input.externalId || null,
  };
}
