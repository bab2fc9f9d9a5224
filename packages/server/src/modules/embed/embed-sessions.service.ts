import { embedSessionTtlSeconds, type GenerateEmbedSessionInput } from '@platform/contract';
import { AppError } from '../../errors/app-error.js';
import type { DeploymentAccessService } from '../deployments/deployment-access.service.js';
import type { Principal } from '../identity/principal.js';
import type { EmbedPlacement } from './embed-placement.store.js';
import {
  assertEmbeddingEnabled,
  type EmbedTenantSettings,
  embedPageSettingsOf,
  hashEmbedSessionId,
  newEmbedSessionId,
} from './embed-session-id.js';
import type { EmbedSessionClaims } from './embed-token.signer.js';
import type { EmbedUserProvisioner } from './embed-user.provisioner.js';

/** What session generation asks of the identity module. */
export interface EmbedAccountLookup {
  settingsOf(accountId: number): Promise<EmbedTenantSettings>;
  /** The id of the account's active user with this e-mail, or null. */
  activeUserIdByEmail(accountId: number, email: string): Promise<number | null>;
  /** The account's configured user-attribute names. */
  userAttributeNamesOf(accountId: number): Promise<ReadonlySet<string>>;
}

export interface EmbedSessionsOptions {
  /** The clock sessions expire by; tests move it. */
  now?: () => Date;
}

function badRequest(message: string): AppError {
  return new AppError('BAD_REQUEST', `invalid request: ${message}`);
}

/** Fields that describe an external user: an account user's own role and attributes apply instead. */
const externalOnlyFields = [
  'embedTenantName',
  'tenantGroups',
  'tenantGroupDefinitions',
  'embedTenantProfile',
  'groups',
  'userAttributes',
  'securityContext',
  'isEphemeral',
] as const;

/** Fields about a tenant, meaningless without `embedTenantName`. */
const tenantFields = ['tenantGroups', 'tenantGroupDefinitions', 'embedTenantProfile'] as const;

type SessionUser = Pick<EmbedSessionClaims, 'user' | 'email'>;

/**
 * Generates embed sessions (API-NOTES.md "Embedding"): checks the request, then writes the user, their
 * tenant, its groups, their memberships and the session in one transaction (`EmbedUserProvisioner`), and
 * returns the session id, of which the store keeps only the hash.
 */
export class EmbedSessionsService {
  private readonly now: () => Date;

  constructor(
    private readonly deploymentAccess: DeploymentAccessService,
    private readonly account: EmbedAccountLookup,
    private readonly provisioner: EmbedUserProvisioner,
    options: EmbedSessionsOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
  }

  async generate(principal: Principal, input: GenerateEmbedSessionInput): Promise<{ sessionId: string }> {
    const deployment = await this.deploymentAccess.loadListed(principal, input.deploymentId, 'EmbedManage');
    const { accountId } = principal;
    const settings = await this.account.settingsOf(accountId);
    assertEmbeddingEnabled(settings);
    const user = await this.sessionUserOf(accountId, input);
    const userAttributes = await this.userAttributesOf(accountId, input);
    const claimsOf = (chatUserId: number): EmbedSessionClaims => ({
      accountId,
      deploymentId: deployment.id,
      chatUserId,
      ...user,
      displayName: input.userProfile?.displayName ?? null,
      embedTenantName: input.embedTenantName ?? null,
      groups: input.groups ?? [],
      securityContext: input.securityContext ?? {},
      userAttributes,
      settings: embedPageSettingsOf(settings, input.settings ?? {}),
      branchName: input.branchName ?? null,
    });
    const sessionId = newEmbedSessionId();
    const expiresAt = new Date(this.now().getTime() + embedSessionTtlSeconds * 1000);
    const session = (chatUserId: number) => ({
      idHash: hashEmbedSessionId(sessionId),
      claims: claimsOf(chatUserId),
      expiresAt,
      exchangedAt: null,
    });
    if (user.user.kind === 'internal') {
      await this.provisioner.internal(accountId, user.user.email, session);
    } else {
      await this.provisioner.external(
        accountId,
        {
          externalId: user.user.externalId,
          email: input.email ?? null,
          ...(input.isEphemeral === undefined ? {} : { isEphemeral: input.isEphemeral }),
        },
        placementOf(input),
        session,
      );
    }
    return { sessionId };
  }

  /** An external user as sent, or an active account user (400 otherwise), with what only one kind takes. */
  private async sessionUserOf(accountId: number, input: GenerateEmbedSessionInput): Promise<SessionUser> {
    if (input.internalId !== undefined) {
      const refused = externalOnlyFields.filter((name) => input[name] !== undefined);
      if (refused.length > 0) {
        throw badRequest(
          `${refused.join(', ')} must not be sent with internalId (an account user's own role and attributes apply, and account users are in no embed tenant)`,
        );
      }
      const userId = await this.account.activeUserIdByEmail(accountId, input.internalId);
      if (userId === null) {
        throw badRequest(`internalId: no active user of the account has the e-mail ${input.internalId}`);
      }
      const email = input.internalId.toLowerCase();
      return { user: { kind: 'internal', userId, email }, email };
    }
    if (input.externalId === undefined) throw badRequest('externalId or internalId is required');
    if (input.embedTenantName === undefined) {
      const orphaned = tenantFields.filter((name) => input[name] !== undefined);
      if (orphaned.length > 0) {
        throw badRequest(`${orphaned.join(', ')} need embedTenantName: they describe the user's tenant`);
      }
    }
    return { user: { kind: 'external', externalId: input.externalId }, email: input.email ?? null };
  }

  private async userAttributesOf(
    accountId: number,
    input: GenerateEmbedSessionInput,
  ): Promise<Record<string, string>> {
    const attributes = input.userAttributes ?? [];
    if (attributes.length === 0) return {};
    const known = await this.account.userAttributeNamesOf(accountId);
    const unknown = [...new Set(attributes.map((attribute) => attribute.name))].filter(
      (name) => !known.has(name),
    );
    if (unknown.length > 0) {
      throw badRequest(
        `userAttributes: ${unknown.map((name) => `"${name}"`).join(', ')} ${unknown.length === 1 ? 'is not a user attribute' : 'are not user attributes'} of the account`,
      );
    }
    return Object.fromEntries(attributes.map((attribute) => [attribute.name, attribute.value]));
  }
}

function placementOf(input: GenerateEmbedSessionInput): EmbedPlacement {
  return {
    embedTenantName: input.embedTenantName ?? null,
    groupDefinitions: input.tenantGroupDefinitions ?? [],
    ...(input.embedTenantProfile?.displayName === undefined
      ? {}
      : { tenantDisplayName: input.embedTenantProfile.displayName }),
    ...(input.tenantGroups === undefined ? {} : { tenantGroups: input.tenantGroups }),
    ...(input.userProfile?.displayName === undefined ? {} : { displayName: input.userProfile.displayName }),
  };
}
