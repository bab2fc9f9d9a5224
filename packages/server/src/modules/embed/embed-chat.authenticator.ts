import { AppError } from '../../errors/app-error.js';
import type { EmbedTokenAuthenticator, EmbedTokenCaller } from '../chat/chat-authentication.service.js';
import type { ChatUsersService } from '../chat/chat-users.service.js';
import { assertEmbeddingEnabled, type EmbedTenantSettings } from './embed-session-id.js';
import type { EmbedTokenClaims, EmbedTokenSigner } from './embed-token.signer.js';

/** What resolving an account user of a token asks of the identity module. */
export interface EmbedChatIdentity {
  settingsOf(accountId: number): Promise<EmbedTenantSettings>;
  activeUserIdByEmail(accountId: number, email: string): Promise<number | null>;
}

function userGone(message: string): AppError {
  return new AppError('UNAUTHORIZED', `${message}: generate a new embed session`);
}

/**
 * Embed tokens as the Chat API takes them (registered with `chatAuthentication.useEmbedTokens`): the
 * token's chat user is the one its session provisioned (their threads are theirs), and what their
 * queries see is what the session said (groups, security context, user attributes), or, for an account
 * user, their own role's rights.
 */
export class EmbedChatAuthenticator implements EmbedTokenAuthenticator {
  constructor(
    private readonly signer: EmbedTokenSigner,
    private readonly chatUsers: Pick<ChatUsersService, 'find'>,
    private readonly identity: EmbedChatIdentity,
  ) {}

  isEmbedToken(token: string): Promise<boolean> {
    return this.signer.isEmbedToken(token);
  }

  async callerOf(token: string): Promise<EmbedTokenCaller> {
    const claims = await this.signer.verify(token);
    assertEmbeddingEnabled(await this.identity.settingsOf(claims.accountId));
    const base = {
      accountId: claims.accountId,
      deploymentId: claims.deploymentId,
      hasChat: claims.settings.showDashboardChat,
      branchName: claims.branchName,
      timezone: claims.settings.timezone,
      locale: claims.settings.locale,
    };
    if (claims.user.kind === 'internal') {
      return { ...base, ...(await this.internalUser(claims, claims.user)) };
    }
    const user = await this.chatUsers.find(claims.accountId, { externalId: claims.user.externalId });
    // An ephemeral user who expired since is gone with their threads; one who came back is another user.
    if (!user || user.id !== claims.chatUserId) throw userGone('the embed user has expired');
    return {
      ...base,
      user,
      data: {
        kind: 'external',
        groups: claims.groups,
        securityContext: claims.securityContext,
        userAttributes: claims.userAttributes,
      },
    };
  }

  private async internalUser(
    claims: EmbedTokenClaims,
    internal: { userId: number; email: string },
  ): Promise<Pick<EmbedTokenCaller, 'user' | 'data'>> {
    const userId = await this.identity.activeUserIdByEmail(claims.accountId, internal.email);
    if (userId !== internal.userId) throw userGone(`the account user ${internal.email} is no longer active`);
    const user = await this.chatUsers.find(claims.accountId, { internalId: internal.email });
    if (!user || user.id !== claims.chatUserId) throw userGone("the embed session's chat user is gone");
    return { user, data: { kind: 'internal', userId } };
  }
}
