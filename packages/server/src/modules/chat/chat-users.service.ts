import { and, eq, gt, inArray, isNotNull, lte, or } from 'drizzle-orm';
import type { Database } from '../../platform/database/database.js';
import type { ChatUser } from './chat-session.js';
import { type ChatUserRow, chatUsersTable } from './chat-users.tables.js';
import type { ExternalUsersService } from './external-users.service.js';

/** SPEC.md "Limits": ephemeral users never live longer than a week. */
export const maximumEphemeralTtlSeconds = 7 * 24 * 3600;

export interface ExternalUserRequest {
  externalId: string;
  email: string | null;
  /** Default true. */
  isEphemeral?: boolean;
  /** Default (and at most) one week. */
  ephemeralTtlSeconds?: number;
}

/** A chat user as other modules list them (embedding lists its tenants' users). */
export interface ChatUserRecord {
  id: number;
  /** Exactly one of the two is set. */
  externalId: string | null;
  internalId: string | null;
  email: string | null;
  isEphemeral: boolean;
  createdAt: Date;
  /** Null for a kept user. */
  expiresAt: Date | null;
}
/**
 * Work another module does in the transaction that provisions the user (embedding writes its tenant,
 * groups and session there): when it throws, the user's row rolls back with it.
 */
export type WithinProvisioning = (transaction: Database, user: ChatUser) => Promise<void>;

export interface ChatUsersOptions {
  /** The clock expiry is measured with; tests move it. */
  now?: () => Date;
}

function toChatUser(row: ChatUserRow): ChatUser {
  return { id: row.id, externalId: row.externalId, internalId: row.internalId, email: row.email };
}

const deleteSliceSize = 10_000;
async function withinDone(
  transaction: Database,
  user: ChatUser,
  within: WithinProvisioning | undefined,
): Promise<ChatUser> {
  if (within) await within(transaction, user);
  return user;
}

// lastSeenAt is a statistic: a returning user's row is written at most this often.
const lastSeenWriteMilliseconds = 60_000;

/**
 * Whether provisioning would leave the row as it is (bar lastSeenAt, refreshed once a minute): alive,
 * the same e-mail, kept or ephemeral as asked, and no earlier expiry from a smaller TTL.
 */
function isProvisionedAs(
  row: ChatUserRow,
  request: ExternalUserRequest,
  isEphemeral: boolean,
  ttlSeconds: number,
  now: Date,
): boolean {
  if (row.expiresAt !== null && row.expiresAt <= now) return false;
  if (request.email !== null && request.email !== row.email) return false;
  if (row.lastSeenAt.getTime() <= now.getTime() - lastSeenWriteMilliseconds) return false;
  if (!row.isEphemeral) return true;
  if (!isEphemeral) return false;
  return row.expiresAt !== null && row.expiresAt.getTime() <= row.createdAt.getTime() + ttlSeconds * 1000;
}

/**
 * The users chat threads belong to. External users are provisioned on first sight, ephemeral unless the
 * caller says otherwise; an expired one is removed and, if it comes back, is a new user (a new id, so the
 * old threads are no longer theirs).
 */
export class ChatUsersService {
  private readonly now: () => Date;

  constructor(
    private readonly database: Database,
    private readonly externalUsers: ExternalUsersService,
    options: ChatUsersOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /**
   * Finds or creates the external user; `isEphemeral: false` keeps them (and counts against the cap).
   * `within` runs in the same transaction, after the user's row is written.
   */
  async provisionExternal(
    accountId: number,
    request: ExternalUserRequest,
    within?: WithinProvisioning,
  ): Promise<ChatUser> {
    const now = this.now();
    const isEphemeral = request.isEphemeral ?? true;
    const ttlSeconds = Math.min(
      request.ephemeralTtlSeconds ?? maximumEphemeralTtlSeconds,
      maximumEphemeralTtlSeconds,
    );
    const [current] = await this.database
      .select()
      .from(chatUsersTable)
      .where(and(eq(chatUsersTable.accountId, accountId), eq(chatUsersTable.externalId, request.externalId)));
    // Most requests come from a user already provisioned as asked: one read, no lock, no write.
    if (!within && current && isProvisionedAs(current, request, isEphemeral, ttlSeconds, now))
      return toChatUser(current);
    // Read before the transaction: the settings are read outside it (one connection on PGlite).
    const limit = await this.externalUsers.limitOf(accountId);
    return this.database.transaction(async (transaction) => {
      await this.externalUsers.lock(transaction, accountId);
      await transaction
        .delete(chatUsersTable)
        .where(
          and(
            eq(chatUsersTable.accountId, accountId),
            eq(chatUsersTable.isEphemeral, true),
            lte(chatUsersTable.expiresAt, now),
          ),
        );
      const [existing] = await transaction
        .select()
        .from(chatUsersTable)
        .where(
          and(eq(chatUsersTable.accountId, accountId), eq(chatUsersTable.externalId, request.externalId)),
        );
      const email = request.email ?? existing?.email ?? null;
      if (!existing) {
        if (!isEphemeral) await this.externalUsers.assertRoomFor(transaction, accountId, limit);
        const [created] = await transaction
          .insert(chatUsersTable)
          .values({
            accountId,
            externalId: request.externalId,
            email,
            isEphemeral,
            expiresAt: isEphemeral ? new Date(now.getTime() + ttlSeconds * 1000) : null,
            createdAt: now,
            lastSeenAt: now,
          })
          .returning();
        if (!created) throw new Error('inserting a chat user returned no row');
        return withinDone(transaction, toChatUser(created), within);
      }
      // A kept user stays kept; an ephemeral one becomes kept on request. An ephemeral user's lifetime
      // counts from creation and is never extended, only shortened by a smaller TTL.
      const isKept = !existing.isEphemeral || !isEphemeral;
      if (isKept && existing.isEphemeral) {
        await this.externalUsers.assertRoomFor(transaction, accountId, limit);
      }
      const expiresAt = isKept
        ? null
        : new Date(
            Math.min(
              existing.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY,
              existing.createdAt.getTime() + ttlSeconds * 1000,
            ),
          );
      const [updated] = await transaction
        .update(chatUsersTable)
        .set({ email, isEphemeral: !isKept, expiresAt, lastSeenAt: now })
        .where(eq(chatUsersTable.id, existing.id))
        .returning();
      if (!updated) throw new Error('updating a chat user returned no row');
      return withinDone(transaction, toChatUser(updated), within);
    });
  }

  /**
   * The chat user of an account user (`internalId`), created on first use; never ephemeral. `within`
   * runs in the same transaction, after the user's row is written.
   */
  async provisionInternal(accountId: number, email: string, within?: WithinProvisioning): Promise<ChatUser> {
    if (within) {
      return this.database.transaction(async (transaction) =>
        withinDone(transaction, await this.upsertInternal(transaction, accountId, email), within),
      );
    }
    return this.upsertInternal(this.database, accountId, email);
  }

  private async upsertInternal(database: Database, accountId: number, email: string): Promise<ChatUser> {
    const internalId = email.toLowerCase();
    const now = this.now();
    const [row] = await database
      .insert(chatUsersTable)
      .values({
        accountId,
        internalId,
        email: internalId,
        isEphemeral: false,
        createdAt: now,
        lastSeenAt: now,
      })
      .onConflictDoUpdate({
        target: [chatUsersTable.accountId, chatUsersTable.internalId],
        targetWhere: isNotNull(chatUsersTable.internalId),
        set: { lastSeenAt: now },
      })
      .returning();
    if (!row) throw new Error('provisioning an internal chat user returned no row');
    return toChatUser(row);
  }

  /** An existing, unexpired user, or null: abort looks users up and never creates them. */
  async find(
    accountId: number,
    identity: { externalId: string } | { internalId: string },
  ): Promise<ChatUser | null> {
    const now = this.now();
    const [row] = await this.database
      .select()
      .from(chatUsersTable)
      .where(
        and(
          eq(chatUsersTable.accountId, accountId),
          'externalId' in identity
            ? eq(chatUsersTable.externalId, identity.externalId)
            : eq(chatUsersTable.internalId, identity.internalId.toLowerCase()),
          or(eq(chatUsersTable.isEphemeral, false), gt(chatUsersTable.expiresAt, now)),
        ),
      );
    return row ? toChatUser(row) : null;
  }

  /**
   * The account's users among these ids that have not expired, by id. `database` is the caller's
   * transaction when it reads inside one.
   */
  async usersByIds(
    accountId: number,
    chatUserIds: readonly number[],
    database: Database = this.database,
  ): Promise<Map<number, ChatUserRecord>> {
    const users = new Map<number, ChatUserRecord>();
    if (chatUserIds.length === 0) return users;
    const rows = await database
      .select()
      .from(chatUsersTable)
      .where(
        and(
          eq(chatUsersTable.accountId, accountId),
          inArray(chatUsersTable.id, [...chatUserIds]),
          or(eq(chatUsersTable.isEphemeral, false), gt(chatUsersTable.expiresAt, this.now())),
        ),
      );
    for (const row of rows) {
      users.set(row.id, {
        id: row.id,
        externalId: row.externalId,
        internalId: row.internalId,
        email: row.email,
        isEphemeral: row.isEphemeral,
        createdAt: row.createdAt,
        expiresAt: row.expiresAt,
      });
    }
    return users;
  }

  /** The ids of the account's unexpired external users with these (lowercased) external ids, by external id. */
  async externalUserIdsOf(
    accountId: number,
    externalIds: readonly string[],
    database: Database = this.database,
  ): Promise<Map<string, number>> {
    const ids = new Map<string, number>();
    if (externalIds.length === 0) return ids;
    const rows = await database
      .select({ id: chatUsersTable.id, externalId: chatUsersTable.externalId })
      .from(chatUsersTable)
      .where(
        and(
          eq(chatUsersTable.accountId, accountId),
          inArray(chatUsersTable.externalId, [...externalIds]),
          or(eq(chatUsersTable.isEphemeral, false), gt(chatUsersTable.expiresAt, this.now())),
        ),
      );
    for (const row of rows) if (row.externalId !== null) ids.set(row.externalId, row.id);
    return ids;
  }

  /**
   * Removes the account's expired ephemeral users now rather than at the next provisioning, so that a
   * list counted from rows keyed on them (embed tenants' users) leaves them out. Their threads go too.
   */
  async removeExpired(accountId: number): Promise<void> {
    await this.database
      .delete(chatUsersTable)
      .where(
        and(
          eq(chatUsersTable.accountId, accountId),
          eq(chatUsersTable.isEphemeral, true),
          lte(chatUsersTable.expiresAt, this.now()),
        ),
      );
  }

  /**
   * Deletes external users of the account inside the caller's transaction, serialised with provisioning:
   * `chatUserIdsOf` names them once no provisioning can add one (a session placing a user in a tenant
   * being deleted waits, or has committed and is seen). Their threads and every row keyed on them (ON
   * DELETE CASCADE) go with them, and a kept user no longer counts against `externalUsersLimit`.
   * Account users (internalId) are never deleted.
   */
  async deleteExternalUsers(
    transaction: Database,
    accountId: number,
    chatUserIdsOf: () => Promise<readonly number[]>,
  ): Promise<void> {
    await this.externalUsers.lock(transaction, accountId);
    const chatUserIds = await chatUserIdsOf();
    // In slices: a statement takes at most 65,535 parameters, and ephemeral users have no cap.
    for (let start = 0; start < chatUserIds.length; start += deleteSliceSize) {
      const slice = chatUserIds.slice(start, start + deleteSliceSize);
      await transaction
        .delete(chatUsersTable)
        .where(
          and(
            eq(chatUsersTable.accountId, accountId),
            isNotNull(chatUsersTable.externalId),
            inArray(chatUsersTable.id, slice),
          ),
        );
    }
  }
}
