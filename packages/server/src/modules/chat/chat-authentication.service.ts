import { AppError } from '../../errors/app-error.js';
import type { ChatAgent, ChatAuthSettings } from '../agents/chat-agent.js';
import type { ChatDataIdentity } from '../data-api/data-api-caller.js';
import type { ChatUser } from './chat-session.js';
import type { PlatformTokenUser, PlatformTokenVerifier } from './platform-token.verifier.js';

/** The two credential headers of the Chat API, as the request carried them. */
export interface ChatCredentials {
  /** `Authorization`: `Api-Key <agent API key>`. */
  authorization: string | null;
  /** `X-Platform-Auth-Token`: a JWT checked with the deployment's chat-auth settings. */
  platformToken: string | null;
}

/**
 * The user an embed token names, as the embed module resolves it: the session fixed everything about
 * them (the chat user, what their queries see, the branch, time zone and locale).
 */
export interface EmbedTokenCaller {
  accountId: number;
  deploymentId: number;
  /** Whether the session showed the chat panel: its token's `scope` holds `chat`. */
  hasChat: boolean;
  user: ChatUser;
  data: ChatDataIdentity;
  /** Null is the deployment's deploy branch. */
  branchName: string | null;
  timezone: string;
  locale: string;
}

/**
 * What the embed module lends the Chat API (registered with `useEmbedTokens` when the modules are built,
 * so chat never imports embed): embed tokens are platform tokens of their deployment.
 */
export interface EmbedTokenAuthenticator {
  /** Whether the token is an embed token (its signature checks, expired or not): no other verifier tries it. */
  isEmbedToken(token: string): Promise<boolean>;
  /** The token's user: 401 when it is expired or its user is gone, 403 when embedding is turned off. */
  callerOf(token: string): Promise<EmbedTokenCaller>;
}

/**
 * Who the request proved to be: an agent key (the user comes from `sessionSettings`), a platform token's
 * user, or an embed token's user.
 */
export type ChatCaller =
  | { method: 'apiKey' }
  | { method: 'platformToken'; user: PlatformTokenUser }
  | { method: 'embedToken'; embed: EmbedTokenCaller };

/** What authentication needs from the agents module. */
export interface ChatAgentKeys {
  authenticateAgentKey(token: string): Promise<{ agentId: string; accountId: number } | null>;
  chatAuthSettingsOf(deploymentId: number): Promise<ChatAuthSettings>;
}

/** The message SPEC.md "Authentication" 5 prescribes for an API key on the deployment-form path. */
export const apiKeyNeedsAgentMessage = 'agentId is required for Api-Key authentication';

function authenticationFailure(message: string): AppError {
  return new AppError('UNAUTHORIZED', message);
}

/** `Api-Key <key>` (the scheme in any case) → the key. */
function apiKeyOf(authorization: string): string {
  const match = /^Api-Key\s+(\S+)\s*$/i.exec(authorization.trim());
  if (!match?.[1]) throw authenticationFailure('the Authorization header must be "Api-Key <API key>"');
  return match[1];
}

/**
 * Authenticates Chat API requests. `Authorization` wins over `X-Platform-Auth-Token` when both are sent.
 * Failures are UNAUTHORIZED AppErrors: the chat adapter answers them as a JSON-RPC error in an HTTP 200.
 */
export class ChatAuthenticationService {
  /** Set by the embed module when the modules are built; without it no token is taken for an embed token. */
  private embedTokens: EmbedTokenAuthenticator | null = null;

  constructor(
    private readonly agentKeys: ChatAgentKeys,
    private readonly tokens: PlatformTokenVerifier,
  ) {}

  /** Called once by the embed module, which signs and resolves embed tokens. */
  useEmbedTokens(authenticator: EmbedTokenAuthenticator): void {
    this.embedTokens = authenticator;
  }

  /** The deployment form has no agent for an API key to belong to (403, checked before anything else). */
  assertDeploymentFormCredentials(credentials: ChatCredentials): void {
    if (credentials.authorization !== null) throw new AppError('FORBIDDEN', apiKeyNeedsAgentMessage);
  }

  async authenticate(agent: ChatAgent, credentials: ChatCredentials): Promise<ChatCaller> {
    if (credentials.authorization !== null) {
      const key = await this.agentKeys.authenticateAgentKey(apiKeyOf(credentials.authorization));
      if (!key) throw authenticationFailure('the API key is not valid');
      if (key.agentId !== agent.id || key.accountId !== agent.accountId) {
        throw authenticationFailure(`the API key is not a key of agent ${agent.id}`);
      }
      return { method: 'apiKey' };
    }
    if (credentials.platformToken !== null) {
      const token = credentials.platformToken.trim();
      // An embed token is accepted whether or not the deployment enabled its own token auth.
      if (this.embedTokens && (await this.embedTokens.isEmbedToken(token))) {
        return this.embedCaller(agent, await this.embedTokens.callerOf(token));
      }
      const settings = await this.agentKeys.chatAuthSettingsOf(agent.deploymentId);
      const user = await this.tokens.verify(token, settings);
      return { method: 'platformToken', user };
    }
    throw authenticationFailure(
      'no credentials: send "Authorization: Api-Key <API key>" or "X-Platform-Auth-Token: <token>"',
    );
  }

  private embedCaller(agent: ChatAgent, embed: EmbedTokenCaller): ChatCaller {
    if (embed.accountId !== agent.accountId || embed.deploymentId !== agent.deploymentId) {
      throw authenticationFailure(`the embed token is for another deployment than agent ${agent.id}'s`);
    }
    if (!embed.hasChat) {
      throw authenticationFailure(
        'the embed session has no chat: generate it with settings.showDashboardChat true (scope "chat")',
      );
    }
    return { method: 'embedToken', embed };
  }
}
