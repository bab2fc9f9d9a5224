import type { Platform } from '../../platform/platform.js';
import type { IdentityServices } from '../identity/identity.module.js';
import type { PlatformModule } from '../platform-module.js';
import { scimRoutes } from './scim.routes.js';
import { scimDiscovery } from './scim-discovery.js';
import { ScimGroupsService } from './scim-groups.service.js';
import { ScimUsersService } from './scim-users.service.js';

export interface ScimDependencies {
  identity: Pick<IdentityServices, 'users' | 'userGroups' | 'userGroupMembers'>;
}

/**
 * SCIM 2.0 provisioning (RFC 7643/7644) at `/api/scim/v2`: an identity provider creates, deactivates
 * and deletes the account's users and groups through identity's services.
 */
export function createScimModule(
  platform: Pick<Platform, 'config' | 'store'>,
  dependencies: ScimDependencies,
) {
  const { database } = platform.store;
  // Read per call: a process that derived its public URL learns the bound address after building.
  const publicUrl = () => platform.config.publicUrl.replace(/\/+$/, '');
  const scimUsers = new ScimUsersService(database, dependencies.identity, publicUrl);
  const scimGroups = new ScimGroupsService(database, dependencies.identity, publicUrl);
  return {
    services: { scimUsers, scimGroups },
    handlers: scimRoutes(scimUsers, scimGroups, scimDiscovery(publicUrl)),
  } satisfies PlatformModule<unknown, unknown>;
}

export type ScimModule = ReturnType<typeof createScimModule>;
export type ScimServices = ScimModule['services'];
