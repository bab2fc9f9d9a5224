import type { OperationResult, Operations } from '@platform/contract';
import { formatKeyValues } from '../output/key-values.js';
import { formatTable } from '../output/table.js';

type UserGroup = OperationResult<Operations['getUserGroup']>;
type ResourcePolicies = OperationResult<Operations['getResourcePolicies']>;

export function formatUserGroups(groups: readonly UserGroup[]): string {
  if (groups.length === 0) return 'no user groups';
  return formatTable(
    [
      { header: 'ID', value: (group: UserGroup) => group.id },
      { header: 'NAME', value: (group: UserGroup) => group.name },
      { header: 'USERS', value: (group: UserGroup) => group.userCount },
      { header: 'DESCRIPTION', value: (group: UserGroup) => group.description },
    ],
    groups,
  );
}

export function formatUserGroup(group: UserGroup): string {
  return formatKeyValues([
    ['id', group.id],
    ['name', group.name],
    ['description', group.description],
    ['users', group.userCount],
    ['created', group.createdAt],
    ['updated', group.updatedAt],
  ]);
}

export function formatResourcePolicies(policies: ResourcePolicies): string {
  const rows = [
    ...policies.users.map((user) => ({
      kind: 'user',
      id: user.userId,
      who: user.email,
      action: user.action,
    })),
    ...policies.groups.map((group) => ({
      kind: 'group',
      id: group.groupId,
      who: group.name,
      action: group.action,
    })),
  ];
  const heading = `${policies.resourceType} ${policies.resourceId}`;
  if (rows.length === 0) return `${heading}: no grants (role rights and grants on its folders apply)`;
  return `${heading}\n${formatTable(
    [
      { header: 'SUBJECT', value: (row: (typeof rows)[number]) => row.kind },
      { header: 'ID', value: (row: (typeof rows)[number]) => row.id },
      { header: 'NAME', value: (row: (typeof rows)[number]) => row.who },
      { header: 'ACTION', value: (row: (typeof rows)[number]) => row.action },
    ],
    rows,
  )}`;
}
