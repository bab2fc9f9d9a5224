import { AppError } from '../../errors/app-error.js';
import type { ChatAgent, ChatAuthSettings } from '../agents/chat-agent.js';
import type { PlatformTokenUser, PlatformTokenVerifier } from './platform-token.verifier.js';

/** The two credential headers of the Chat API, as the request carried them. */
export interface ChatCredentials {
  /** `Authorization`: `Api-Key <agent API key>`. */
  authorization: string | null;
  /** `X-Platform-Auth-Token`: a JWT checked with the deployment's chat-auth settings. */
  platformToken: string | null;
}

/** Who the request proved to be: an agent key (the user comes from `sessionSettings`) or a token's user. */
export type ChatCaller = { method: 'apiKey' } | { method: 'platformToken'; user: PlatformTokenUser };

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
  constructor(
    private readonly agentKeys: ChatAgentKeys,
    private readonly tokens: PlatformTokenVerifier,
  ) {}

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
      const settings = await this.agentKeys.chatAuthSettingsOf(agent.deploymentId);
      const user = await this.tokens.verify(credentials.platformToken.trim(), settings);
      return { method: 'platformToken', user };
    }
    throw authenticationFailure(
      'no credentials: send "Authorization: Api-Key <API key>" or "X-Platform-Auth-Token: <token>"',
    );
  }
}
