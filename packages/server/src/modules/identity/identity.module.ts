import type { Platform } from '../../platform/platform.js';
import type { PlatformModule } from '../platform-module.js';
import { AccountsService } from './accounts.service.js';
import { apiKeysRoutes } from './api-keys.routes.js';
import { ApiKeysService, type FindMissingDeployments } from './api-keys.service.js';
import { AuthorizationService } from './authorization.service.js';
import { CredentialService } from './credential.service.js';
import { CredentialOwners } from './credential-owners.js';
import { DeviceAuthorizationsService } from './device-authorizations.service.js';
import { FailedSignIns } from './failed-sign-ins.js';
import { GrantSubjects } from './grant-subjects.js';
import { GroupMembershipsCache } from './group-memberships.cache.js';
import { OAuthTokensService } from './oauth-tokens.service.js';
import { signInEndpoints, signInRoutes } from './sign-in-endpoints.routes.js';
import { SsoProvider } from './sso-provider.js';
import { SsoSignInService } from './sso-sign-in.service.js';
import { tenantSettingsRoutes } from './tenant-settings.routes.js';
import { TenantSettingsService } from './tenant-settings.service.js';
import { UserAttributeValuesCache } from './user-attribute-values.cache.js';
import { userAttributesRoutes } from './user-attributes.routes.js';
import { UserAttributesService } from './user-attributes.service.js';
import { UserGroupMembersService } from './user-group-members.service.js';
import { userGroupsRoutes } from './user-groups.routes.js';
import { UserGroupsService } from './user-groups.service.js';
import { usersRoutes } from './users.routes.js';
import { UsersService } from './users.service.js';
import { webSessionsRoutes } from './web-sessions.routes.js';
import { WebSessionsService } from './web-sessions.service.js';

export interface IdentityDependencies {
  /** Asked of the deployments module, which depends on this one: called per request, never while building. */
  findMissingDeployments: FindMissingDeployments;
}

/**
 * Accounts and their tenant settings, users, API keys, user attributes, user groups, web sessions, and the credential check every
 * request starts with.
 */
export function createIdentityModule(
  platform: Pick<Platform, 'config' | 'logger' | 'store' | 'changeFeed' | 'secretBox'>,
  dependencies: IdentityDependencies,
) {
  const { database } = platform.store;
  const credentials = new CredentialService(database, platform.config.credentialCacheSeconds * 1000);
  const authorization = new AuthorizationService(platform.logger.child({ component: 'audit' }));
  const users = new UsersService(database, authorization, platform.changeFeed);
  const apiKeys = new ApiKeysService(
    database,
    authorization,
    platform.changeFeed,
    dependencies.findMissingDeployments,
  );
  const userAttributeValues = new UserAttributeValuesCache(
    database,
    platform.config.credentialCacheSeconds * 1000,
  );
  const userAttributes = new UserAttributesService(
    database,
    authorization,
    platform.changeFeed,
    userAttributeValues,
  );
  const groupMemberships = new GroupMembershipsCache(database, platform.config.credentialCacheSeconds * 1000);
  const userGroups = new UserGroupsService(database, authorization, platform.changeFeed, groupMemberships);
  const userGroupMembers = new UserGroupMembersService(database, authorization, userGroups);
  const tenantSettings = new TenantSettingsService(
    database,
    authorization,
    platform.changeFeed,
    platform.secretBox,
  );
  const webSessions = new WebSessionsService(
    database,
    credentials,
    new FailedSignIns(),
    async (accountId) => (await tenantSettings.settingsOf(accountId)).sessionTtlSeconds,
    platform.changeFeed,
    platform.config.credentialCacheSeconds * 1000,
  );
  const accounts = new AccountsService(database);
  const oauthTokens = new OAuthTokensService(database, platform.changeFeed);
  const deviceAuthorizations = new DeviceAuthorizationsService(database, oauthTokens);
  const ssoSignIn = new SsoSignInService(
    database,
    accounts,
    (accountId) => tenantSettings.ssoSettingsOf(accountId),
    new SsoProvider(() => `${platform.config.publicUrl}/auth/sso/callback`),
    webSessions,
  );
  const secureCookies = platform.config.publicUrl.startsWith('https:');
  let unsubscribe: (() => void) | null = null;
  return {
    services: {
      credentials,
      authorization,
      users,
      apiKeys,
      userAttributes,
      userGroups,
      userGroupMembers,
      webSessions,
      tenantSettings,
      accounts,
      credentialOwners: new CredentialOwners(database),
      grantSubjects: new GrantSubjects(database),
      deviceAuthorizations,
      oauthTokens,
      ssoSignIn,
      signInEndpoints: signInEndpoints(
        { deviceAuthorizations, oauthTokens, ssoSignIn },
        { publicUrl: () => platform.config.publicUrl, secureCookies },
      ),
    },
    handlers: {
      ...usersRoutes(users),
      ...apiKeysRoutes(apiKeys),
      ...userAttributesRoutes(userAttributes),
      ...userGroupsRoutes(userGroups, userGroupMembers),
      ...tenantSettingsRoutes(tenantSettings),
      ...webSessionsRoutes(webSessions, { secureCookies }),
      ...signInRoutes({ deviceAuthorizations, ssoSignIn }),
    },
    async start() {
      // A key revoked, a user or a group changed in another process drops what this process cached.
      unsubscribe = platform.changeFeed.subscribe((topic) => {
        credentials.handleChange(topic);
        groupMemberships.handleChange(topic);
        userAttributeValues.handleChange(topic);
        tenantSettings.handleChange(topic);
        webSessions.handleChange(topic);
      });
    },
    async close() {
      unsubscribe?.();
    },
  } satisfies PlatformModule<unknown, unknown>;
}

export type IdentityModule = ReturnType<typeof createIdentityModule>;
export type IdentityServices = IdentityModule['services'];
