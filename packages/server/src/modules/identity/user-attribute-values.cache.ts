import type { UserAttributeValue } from '@platform/contract';
import { and, asc, eq } from 'drizzle-orm';
import { everythingChanged } from '../../platform/change-feed/change-feed.js';
import type { Database } from '../../platform/database/database.js';
import { AccountUserCache } from './account-user.cache.js';
import {
  type UserAttributeRow,
  userAttributesTable,
  userAttributeValuesTable,
} from './user-attributes.tables.js';

/** One attribute of the account with the user's own value, or null when the user has none. */
export interface UserAttributeWithValue {
  attribute: UserAttributeRow;
  ownValue: UserAttributeValue | null;
}

const topicKind = 'user-attributes';
const userTopicKind = 'user';

/** Published (after commit) whenever an account's attributes, their defaults or any user's values change. */
export function userAttributesTopic(accountId: number): string {
  return `${topicKind}:${accountId}`;
}

/** Every attribute of the account with the user's own value: one read for a user. */
export async function readUserAttributeValues(
  database: Database,
  accountId: number,
  userId: number,
): Promise<UserAttributeWithValue[]> {
  const rows = await database
    .select({ attribute: userAttributesTable, ownValue: userAttributeValuesTable.value })
    .from(userAttributesTable)
    .leftJoin(
      userAttributeValuesTable,
      and(
        eq(userAttributeValuesTable.userAttributeId, userAttributesTable.id),
        eq(userAttributeValuesTable.userId, userId),
      ),
    )
    .where(eq(userAttributesTable.accountId, accountId))
    .orderBy(asc(userAttributesTable.id));
  return rows.map((row) => ({ attribute: row.attribute, ownValue: row.ownValue ?? null }));
}

/**
 * What access policies read as `userAttributes.<name>` for an account user, cached per process: every
 * data-API query, chat answer and report run asks. A write publishes `user-attributes:<accountId>`, which
 * drops the account's entries in every process, so a new value applies from the next query on.
 */
export class UserAttributeValuesCache {
  private readonly cache: AccountUserCache<Readonly<Record<string, UserAttributeValue>>>;

  constructor(database: Database, cacheMilliseconds: number) {
    this.cache = new AccountUserCache(cacheMilliseconds, async (accountId, userId) => {
      const values: Record<string, UserAttributeValue> = {};
      for (const { attribute, ownValue } of await readUserAttributeValues(database, accountId, userId)) {
        const value = ownValue ?? attribute.defaultValue;
        // An attribute with neither a value nor a default stays absent: policies read it as unset.
        if (value !== null) values[attribute.name] = value;
      }
      return values;
    });
  }

  /** The user's value of each attribute, the default where they have none. */
  of(accountId: number, userId: number): Promise<Readonly<Record<string, UserAttributeValue>>> {
    return this.cache.of(accountId, userId);
  }

  /** Listener for the change feed: `user-attributes:<accountId>`, `user:<id>` (a deleted user), or `*`. */
  handleChange(topic: string): void {
    if (topic === everythingChanged) {
      this.cache.forgetEverything();
      return;
    }
    const [kind, id] = topic.split(':');
    if (kind === topicKind) this.cache.forgetAccount(Number(id));
    if (kind === userTopicKind) this.cache.forgetUser(Number(id));
  }
}
