import { isReservedGroupName } from '@platform/contract';
import { and, eq } from 'drizzle-orm';
import { everythingChanged } from '../../platform/change-feed/change-feed.js';
import type { Database } from '../../platform/database/database.js';
import { userGroupMembersTable, userGroupsTable } from './identity.tables.js';

/** The groups of one user: ids for resource policies, names for access policies of a model. */
export interface GroupMemberships {
  ids: readonly number[];
  names: readonly string[];
}

interface CachedMemberships {
  memberships: GroupMemberships;
  /** When the entry must be read from the store again (ms since epoch): bounds a lost notification. */
  recheckAt: number;
}

const topicKind = 'user-groups';
const userTopicKind = 'user';
const maximumCachedUsers = 10_000;

/** Published (after commit) whenever an account's groups change names, members or existence. */
export function userGroupsTopic(accountId: number): string {
  return `${topicKind}:${accountId}`;
}

/**
 * A user's groups, cached per process: every data-API query and every content request asks, and the
 * answer changes rarely. A change to an account's groups publishes `user-groups:<accountId>` on the
 * change feed, which drops that account's entries in every process. A read that started before a change
 * is not kept (the account's generation moved on meanwhile), so no stale answer outlives the change.
 */
export class GroupMembershipsCache {
  private readonly entries = new Map<number, Map<number, CachedMemberships>>();
  private readonly generations = new Map<number, number>();
  private epoch = 0;
  private size = 0;

  constructor(
    private readonly database: Database,
    private readonly cacheMilliseconds: number,
  ) {}

  async of(accountId: number, userId: number): Promise<GroupMemberships> {
    const now = Date.now();
    const cached = this.entries.get(accountId)?.get(userId);
    if (cached && cached.recheckAt > now) return cached.memberships;
    const generation = this.generations.get(accountId) ?? 0;
    const epoch = this.epoch;
    const rows = await this.database
      .select({ id: userGroupsTable.id, name: userGroupsTable.name })
      .from(userGroupMembersTable)
      .innerJoin(userGroupsTable, eq(userGroupsTable.id, userGroupMembersTable.groupId))
      .where(and(eq(userGroupsTable.accountId, accountId), eq(userGroupMembersTable.userId, userId)));
    const memberships: GroupMemberships = {
      ids: rows.map((row) => row.id),
      // A name that reads as a role (refused on writes) never reaches access policies, so that no group
      // lifts its members to a role's policies.
      names: rows.map((row) => row.name).filter((name) => !isReservedGroupName(name)),
    };
    if (epoch === this.epoch && generation === (this.generations.get(accountId) ?? 0)) {
      this.remember(accountId, userId, { memberships, recheckAt: now + this.cacheMilliseconds });
    }
    return memberships;
  }

  /** Listener for the change feed: `user-groups:<accountId>`, `user:<id>` (a deleted user), or `*`. */
  handleChange(topic: string): void {
    if (topic === everythingChanged) {
      this.epoch += 1;
      this.entries.clear();
      this.size = 0;
      return;
    }
    const [kind, id] = topic.split(':');
    if (kind === topicKind) this.forgetAccount(Number(id));
    if (kind === userTopicKind) {
      for (const users of this.entries.values()) if (users.delete(Number(id))) this.size -= 1;
    }
  }

  private forgetAccount(accountId: number): void {
    this.generations.set(accountId, (this.generations.get(accountId) ?? 0) + 1);
    this.size -= this.entries.get(accountId)?.size ?? 0;
    this.entries.delete(accountId);
  }

  private remember(accountId: number, userId: number, entry: CachedMemberships): void {
    if (this.size >= maximumCachedUsers) {
      this.entries.clear();
      this.size = 0;
    }
    let users = this.entries.get(accountId);
    if (!users) {
      users = new Map();
      this.entries.set(accountId, users);
    }
    if (!users.has(userId)) this.size += 1;
    users.set(userId, entry);
  }
}
