import type { DataApiCaller } from '../data-api/data-api-caller.js';
import type { Principal } from '../identity/principal.js';

/**
 * What dashboards need of an embed token's user (the embed module's verified claims satisfy it): who
 * they are for the data API, and what the embed module's access rules decide on.
 */
export interface EmbedViewerClaims {
  accountId: number;
  deploymentId: number;
  /** The chat user the embed user is (tenant-group memberships are kept by it). */
  chatUserId: number;
  user: { kind: 'external'; externalId: string } | { kind: 'internal'; userId: number; email: string };
  embedTenantName: string | null;
  groups: string[];
  securityContext: Record<string, unknown>;
  userAttributes: Record<string, string>;
  /** null: the deployment's deploy branch. */
  branchName: string | null;
}

/** Who opens a dashboard: an account user's credential, or an embed token's user. */
export type DashboardViewer =
  | { kind: 'principal'; principal: Principal }
  | { kind: 'embed'; claims: EmbedViewerClaims };

/** What the embed module's decision is told of a dashboard. */
export interface EmbeddableDashboard {
  id: number;
  publicId: string;
  accountId: number;
  deploymentId: number;
  workbookId: number;
  allowEmbed: boolean;
}

/**
 * Whether an embed user may open a dashboard: registered by the embed module (`useEmbedViewers`), which
 * owns the access rules, so this module never imports it. Throws the 403 that refuses.
 */
export interface EmbedViewerGate {
  requireOpen(claims: EmbedViewerClaims, dashboard: EmbeddableDashboard): Promise<void>;
}

/**
 * An embed user as the data API sees them: a chat user of the token's deployment (an external user with
 * the session's groups, security context and attributes; an account user with their own), on the
 * session's branch.
 */
export function dataApiCallerOf(claims: EmbedViewerClaims): DataApiCaller {
  return {
    kind: 'chatUser',
    accountId: claims.accountId,
    deploymentId: claims.deploymentId,
    identity:
      claims.user.kind === 'internal'
        ? { kind: 'internal', userId: claims.user.userId }
        : {
            kind: 'external',
            groups: claims.groups,
            securityContext: claims.securityContext,
            userAttributes: claims.userAttributes,
          },
    ...(claims.branchName === null ? {} : { branchName: claims.branchName }),
  };
}
