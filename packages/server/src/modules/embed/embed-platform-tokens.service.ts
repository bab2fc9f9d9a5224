import {
  EmbedGroupName,
  EmbedTenantName,
  type ExchangeEmbedPlatformTokenInput,
  embedTokenTtlSeconds,
} from '@platform/contract';
import * as z from 'zod';
import { AppError, notFound } from '../../errors/app-error.js';
import type { PlatformTokenClaims } from '../chat/platform-token.verifier.js';
import {
  assertEmbeddingEnabled,
  type EmbedTenantSettings,
  embedPageSettingsOf,
  hashEmbedSessionId,
  newEmbedSessionId,
} from './embed-session-id.js';
import type { EmbedSessionClaims, EmbedTokenSigner } from './embed-token.signer.js';
import type { EmbedUserProvisioner } from './embed-user.provisioner.js';

/** Where a deployment or a dashboard belongs, for a caller who has no account yet. */
export interface EmbedTargetLookup {
  accountOfDeployment(deploymentId: number): Promise<number | null>;
  dashboardsByPublicId(publicId: string): Promise<Array<{ accountId: number; deploymentId: number }>>;
}

/** The Chat API's check of a customer's own token, with the deployment's chat-auth settings. */
export interface CustomerTokenVerifier {
  verify(deploymentId: number, token: string): Promise<PlatformTokenClaims>;
}

export interface EmbedPlatformTokensOptions {
  now?: () => Date;
}

const PlacementClaims = z.object({
  embedTenantName: EmbedTenantName.optional(),
  tenantGroups: z.array(EmbedGroupName).max(100).optional(),
});

function invalidToken(message: string): AppError {
  return new AppError('UNAUTHORIZED', message);
}

/**
 * Exchanges a customer's own JWT (SPEC.md "Authentication" 2, the deployment's own authentication for
 * chat and embedding) for an embed token: the user is provisioned from its claims like a generated
 * session's (an ephemeral external user), placed in the tenant its `embedTenantName` names.
 */
export class EmbedPlatformTokensService {
  private readonly now: () => Date;

  constructor(
    private readonly targets: EmbedTargetLookup,
    private readonly customerTokens: CustomerTokenVerifier,
    private readonly settings: { settingsOf(accountId: number): Promise<EmbedTenantSettings> },
    private readonly provisioner: EmbedUserProvisioner,
    private readonly signer: EmbedTokenSigner,
    options: EmbedPlatformTokensOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
  }

  async exchange(input: ExchangeEmbedPlatformTokenInput): Promise<{ token: string }> {
    const { accountId, deploymentId } = await this.targetOf(input);
    const verified = await this.customerTokens.verify(deploymentId, input.platformToken);
    const settings = await this.settings.settingsOf(accountId);
    assertEmbeddingEnabled(settings);
    const placement = PlacementClaims.safeParse(verified.securityContext);
    if (!placement.success) {
      const issue = placement.error.issues[0];
      throw invalidToken(
        `the platform token's ${String(issue?.path[0] ?? 'placement')} claim is not valid: ${issue?.message ?? 'unexpected value'}`,
      );
    }
    const { embedTenantName, tenantGroups } = placement.data;
    if (tenantGroups !== undefined && embedTenantName === undefined) {
      throw invalidToken("the platform token's tenantGroups claim needs an embedTenantName claim");
    }
    const now = this.now();
    const sessionId = newEmbedSessionId();
    const idHash = hashEmbedSessionId(sessionId);
    const claimsOf = (chatUserId: number): EmbedSessionClaims => ({
      accountId,
      deploymentId,
      chatUserId,
      user: { kind: 'external', externalId: verified.externalId },
      email: verified.email,
      displayName: null,
      embedTenantName: embedTenantName ?? null,
      groups: verified.groups,
      securityContext: verified.securityContext,
      userAttributes: {},
      // Without a scope claim the account's default decides; with one, `chat` opens the chat panel.
      settings: embedPageSettingsOf(settings, {
        ...(verified.scopes === null ? {} : { showDashboardChat: verified.scopes.includes('chat') }),
      }),
      branchName: null,
    });
    const user = await this.provisioner.external(
      accountId,
      { externalId: verified.externalId, email: verified.email },
      {
        embedTenantName: embedTenantName ?? null,
        groupDefinitions: [],
        ...(tenantGroups === undefined ? {} : { tenantGroups }),
      },
      // Kept as an exchanged session: the token's `jti` names a row, like a generated session's.
      (chatUserId) => ({ idHash, claims: claimsOf(chatUserId), expiresAt: now, exchangedAt: now }),
    );
    const untilTokenExpiry =
      verified.expiresAt === null
        ? embedTokenTtlSeconds
        : Math.floor((verified.expiresAt.getTime() - now.getTime()) / 1000);
    const lifetime = Math.max(1, Math.min(embedTokenTtlSeconds, untilTokenExpiry));
    return { token: await this.signer.sign(claimsOf(user.id), idHash, lifetime, now) };
  }

  private async targetOf(
    input: ExchangeEmbedPlatformTokenInput,
  ): Promise<{ accountId: number; deploymentId: number }> {
    if (input.deploymentId !== undefined) {
      const accountId = await this.targets.accountOfDeployment(input.deploymentId);
      if (accountId === null) throw notFound(`deployment ${input.deploymentId}`);
      return { accountId, deploymentId: input.deploymentId };
    }
    const publicId = input.dashboardPublicId ?? '';
    const [dashboard, ...others] = await this.targets.dashboardsByPublicId(publicId);
    if (!dashboard) throw notFound(`dashboard ${publicId}`);
    if (others.length > 0) {
      throw new AppError(
        'BAD_REQUEST',
        `invalid request: dashboardPublicId: ${publicId} names dashboards of more than one account; send deploymentId instead`,
      );
    }
    return dashboard;
  }
}
