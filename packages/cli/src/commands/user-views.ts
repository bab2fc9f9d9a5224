import type { OperationResult, Operations } from '@platform/contract';
import { formatKeyValues } from '../output/key-values.js';
import { type Column, formatTable } from '../output/table.js';

type User = OperationResult<Operations['getUser']>;
type CurrentUser = OperationResult<Operations['getCurrentUser']>;

const userColumns: Column<User>[] = [
  { header: 'ID', value: (user) => user.id },
  { header: 'EMAIL', value: (user) => user.email },
  { header: 'NAME', value: (user) => user.name },
  { header: 'ROLE', value: (user) => user.role },
  { header: 'STATUS', value: (user) => user.status },
  { header: 'CREATED', value: (user) => user.createdAt },
];

export function formatUsers(users: readonly User[]): string {
  return formatTable(userColumns, users);
}

export function formatUser(user: User): string {
  return formatKeyValues([
    ['id', user.id],
    ['email', user.email],
    ['name', user.name],
    ['role', user.role],
    ['status', user.status],
    ['created', user.createdAt],
    ['updated', user.updatedAt],
  ]);
}

export function formatCurrentUser(user: CurrentUser, apiUrl: string, contextName: string | null): string {
  return formatKeyValues([
    ['user', `${user.email}${user.name ? ` (${user.name})` : ''}`],
    ['user id', user.id],
    ['role', user.role],
    ['account', `${user.account.name} (id ${user.account.id})`],
    ['credential', `${user.credential.type} ${user.credential.id}, acting as ${user.credential.role}`],
    ['deployments', user.credential.deploymentIds ?? 'all'],
    ['api url', apiUrl],
    ['context', contextName ?? '(environment)'],
  ]);
}
