import type { DataApiScope } from '@platform/contract';
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
  /** The data-API operations it may call, by scope (a meta-sync token: `meta` only); null: every one. */
  scopes: readonly DataApiScope[] | null;
  expiresAt: Date;
}

/**
 * What data queries see of a chat user: access policies and row-level security read these. The chat
 * surface authenticates the user and builds it; the data API only reads it.
 */
export type ChatDataIdentity =
  | {
      kind: 'external';
      groups: string[];
      securityContext: Record<string, unknown>;
      userAttributes: Record<string, string>;
    }
  /** An account user: their own role's rights apply, as with their API key. */
  | { kind: 'internal'; userId: number };

/**
 * Who calls the data API: a management credential (an API key), a deployment token, or the chat
 * analyst acting for a chat user of one deployment (authenticated by the chat surface, not here).
 */
export type DataApiCaller =
  | { kind: 'management'; principal: Principal }
  | { kind: 'deploymentToken'; token: DeploymentTokenClaims }
  | {
      kind: 'chatUser';
      accountId: number;
      deploymentId: number;
      identity: ChatDataIdentity;
      /** The branch a request that names none reads (an embed session's); default the deploy branch. */
      branchName?: string;
    };
