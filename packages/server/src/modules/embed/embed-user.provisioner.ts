import type { ChatUser } from '../chat/chat-session.js';
import type { ChatUsersService, ExternalUserRequest } from '../chat/chat-users.service.js';
import type { EmbedPlacement, EmbedPlacementStore, StoredSession } from './embed-placement.store.js';

/**
 * Provisions the user of an embed session. The chat module provisions the user (one pool of external
 * users with the Chat API) in its own transaction, under the lock that keeps the kept-user cap exact;
 * the tenant, its groups, the memberships and the session are written inside that same transaction
 * (`within`), so a refusal there (an unknown group) or any failure rolls the user back too: nothing is
 * ever half-written, and no compensation is needed.
 */
export class EmbedUserProvisioner {
  constructor(
    private readonly chatUsers: Pick<ChatUsersService, 'provisionExternal' | 'provisionInternal'>,
    private readonly placements: EmbedPlacementStore,
  ) {}

  async external(
    accountId: number,
    request: ExternalUserRequest,
    placement: EmbedPlacement,
    sessionOf: (chatUserId: number) => StoredSession,
  ): Promise<ChatUser> {
    return this.chatUsers.provisionExternal(accountId, request, async (transaction, user) => {
      await this.placements.place(transaction, accountId, user.id, placement);
      await this.placements.insertSession(transaction, accountId, sessionOf(user.id));
    });
  }

  /** An account user is in no embed tenant: only the session is written with their chat user. */
  async internal(
    accountId: number,
    email: string,
    sessionOf: (chatUserId: number) => StoredSession,
  ): Promise<ChatUser> {
    return this.chatUsers.provisionInternal(accountId, email, (transaction, user) =>
      this.placements.insertSession(transaction, accountId, sessionOf(user.id)),
    );
  }
}
