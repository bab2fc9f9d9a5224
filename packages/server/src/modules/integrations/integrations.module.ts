import type { Platform } from '../../platform/platform.js';
import type { IdentityServices } from '../identity/identity.module.js';
import type { PlatformModule } from '../platform-module.js';
import { OAuthConnectionsService } from './oauth-connections.service.js';
import { oauthIntegrationsRoutes } from './oauth-integrations.routes.js';
import { OAuthIntegrationsService } from './oauth-integrations.service.js';
import { userOAuthTokensRoutes } from './user-oauth-tokens.routes.js';
import { UserOAuthTokensService } from './user-oauth-tokens.service.js';

export interface IntegrationsDependencies {
  identity: Pick<IdentityServices, 'authorization'>;
}

/**
 * The platform as an OAuth 2.0 client of other services: the account's integrations (client id, secret,
 * endpoints) and each user's tokens at them, which other modules get through `userOAuthTokens.accessTokenFor`.
 */
export function createIntegrationsModule(
  platform: Pick<Platform, 'config' | 'logger' | 'store' | 'secretBox'>,
  dependencies: IntegrationsDependencies,
) {
  const { database } = platform.store;
  const logger = platform.logger.child({ component: 'oauth-integrations' });
  const oauthIntegrations = new OAuthIntegrationsService(
    database,
    dependencies.identity.authorization,
    platform.secretBox,
    () => platform.config.publicUrl,
  );
  const oauthConnections = new OAuthConnectionsService(
    database,
    oauthIntegrations,
    platform.secretBox,
    logger,
  );
  const userOAuthTokens = new UserOAuthTokensService(database, oauthIntegrations, platform.secretBox, logger);
  return {
    services: { oauthIntegrations, userOAuthTokens },
    handlers: {
      ...oauthIntegrationsRoutes(oauthIntegrations),
      ...userOAuthTokensRoutes(userOAuthTokens, oauthConnections),
    },
  } satisfies PlatformModule<unknown, unknown>;
}

export type IntegrationsModule = ReturnType<typeof createIntegrationsModule>;
export type IntegrationsServices = IntegrationsModule['services'];
