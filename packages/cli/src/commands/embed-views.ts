import type { OperationResult, Operations } from '@platform/contract';
import { formatKeyValues } from '../output/key-values.js';
import { formatTable } from '../output/table.js';

type EmbedTenant = OperationResult<Operations['listEmbedTenants']>['items'][number];
type EmbedUser = OperationResult<Operations['listEmbedTenantUsers']>['items'][number];
type EmbedGroup = OperationResult<Operations['getEmbedGroup']>;

export function formatEmbedTenants(tenants: readonly EmbedTenant[]): string {
  if (tenants.length === 0) return 'no embed tenants';
  return formatTable(
    [
      { header: 'NAME', value: (tenant: EmbedTenant) => tenant.name },
      { header: 'DISPLAY NAME', value: (tenant: EmbedTenant) => tenant.displayName },
      { header: 'USERS', value: (tenant: EmbedTenant) => tenant.userCount },
      { header: 'CREATED', value: (tenant: EmbedTenant) => tenant.createdAt },
    ],
    tenants,
  );
}

export function formatEmbedUsers(users: readonly EmbedUser[]): string {
  if (users.length === 0) return 'no users';
  return formatTable(
    [
      { header: 'EXTERNAL ID', value: (user: EmbedUser) => user.externalId },
      { header: 'EMAIL', value: (user: EmbedUser) => user.email },
      { header: 'NAME', value: (user: EmbedUser) => user.displayName },
      { header: 'GROUPS', value: (user: EmbedUser) => user.groups.join(', ') },
      { header: 'EXPIRES', value: (user: EmbedUser) => user.expiresAt ?? 'kept' },
    ],
    users,
  );
}

export function formatEmbedGroups(groups: readonly EmbedGroup[]): string {
  if (groups.length === 0) return 'no groups';
  return formatTable(
    [
      { header: 'ID', value: (group: EmbedGroup) => group.id },
      { header: 'NAME', value: (group: EmbedGroup) => group.name },
      { header: 'USERS', value: (group: EmbedGroup) => group.userCount },
      { header: 'DESCRIPTION', value: (group: EmbedGroup) => group.description },
    ],
    groups,
  );
}

export function formatEmbedGroup(group: EmbedGroup): string {
  return formatKeyValues([
    ['id', group.id],
    ['name', group.name],
    ['description', group.description],
    ['users', group.userCount],
    ['created', group.createdAt],
  ]);
}
