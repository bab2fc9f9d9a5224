import type { ChatDataIdentity } from '../chat/chat-session.js';
import type { Principal } from '../identity/principal.js';

/** What a deployment token carries, once its signature and expiry are checked. */
export interface DeploymentTokenClaims {
  accountId: number;
  deploymentId: number;
  /** What access policies read as `securityContext`. */
  securityContext: Record<string, unknown>;
  /** Groups access policies match the caller against. */
  groups: string[];
  /** An environment's token queries only this branch; a deployment token leaves the branch to the request. */
  branchName?: string | undefined;
  expiresAt: Date;
}

/**
 * Who calls the data API: a management credential (an API key), a deployment token, or the chat
 * analyst acting for a chat user of one deployment (authenticated by the chat surface, not here).
 */
export type DataApiCaller =
  | { kind: 'management'; principal: Principal }
  | { kind: 'deploymentToken'; token: DeploymentTokenClaims }
  | { kind: 'chatUser'; accountId: number; deploymentId: number; identity: ChatDataIdentity };
