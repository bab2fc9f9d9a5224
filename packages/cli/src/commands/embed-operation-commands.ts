import type { OperationId } from '@platform/contract';
import type { OperationCommand } from './operation-command.js';

// The embed theme is a tenant setting's read (`platform tenant …`), not an embedding operation.
type EmbedOperationId = Exclude<Extract<OperationId, `${string}Embed${string}`>, 'getEmbedTheme'>;

/** The `platform embed …` commands of the embedding operations (docs/embedding.md), one per operation. */
export const embedOperationCommands: { readonly [Id in EmbedOperationId]: OperationCommand } = {
  listEmbedTenants: {
    command: 'embed tenants list',
    example: ['embed', 'tenants', 'list', '--search', 'acme'],
  },
  deleteEmbedTenant: { command: 'embed tenants delete', example: ['embed', 'tenants', 'delete', 'acme'] },
  listEmbedTenantUsers: { command: 'embed tenants users', example: ['embed', 'tenants', 'users', 'acme'] },
  listEmbedGroups: { command: 'embed groups list', example: ['embed', 'groups', 'list', 'acme'] },
  createEmbedGroup: {
    command: 'embed groups create',
    example: ['embed', 'groups', 'create', 'acme', '--name', 'finance', '--description', 'Finance team'],
  },
  getEmbedGroup: { command: 'embed groups get', example: ['embed', 'groups', 'get', 'acme', '4'] },
  updateEmbedGroup: {
    command: 'embed groups update',
    example: ['embed', 'groups', 'update', 'acme', '4', '--name', 'finance-emea'],
  },
  deleteEmbedGroup: { command: 'embed groups delete', example: ['embed', 'groups', 'delete', 'acme', '4'] },
  listEmbedGroupUsers: {
    command: 'embed groups members',
    example: ['embed', 'groups', 'members', 'acme', '4'],
  },
  addEmbedGroupUsers: {
    command: 'embed groups add-members',
    example: ['embed', 'groups', 'add-members', 'acme', '4', 'ann,bob'],
  },
  removeEmbedGroupUsers: {
    command: 'embed groups remove-members',
    example: ['embed', 'groups', 'remove-members', 'acme', '4', 'ann'],
  },
  getEmbedDashboard: {
    command: 'embed dashboard get',
    example: ['embed', 'dashboard', 'get', 'AbCdEfGh1234'],
  },
  updateEmbedDashboard: {
    command: 'embed dashboard enable',
    example: ['embed', 'dashboard', 'enable', 'AbCdEfGh1234'],
  },
  getWorkbookEmbedAccess: {
    command: 'embed access get',
    example: ['embed', 'access', 'get', '9', '--deployment', '5'],
  },
  updateWorkbookEmbedAccess: {
    command: 'embed access set',
    example: [
      'embed',
      'access',
      'set',
      '9',
      '--deployment',
      '5',
      '--tenant',
      'acme',
      '--group',
      '3',
      '--action',
      'read',
    ],
  },
  generateEmbedSession: {
    command: 'embed session',
    example: ['embed', 'session', '--deployment', '5', '--external-id', 'customer-7', '--tenant', 'acme'],
  },
  exchangeEmbedSessionToken: {
    command: 'embed token',
    example: ['embed', 'token', '0123456789abcdef0123456789abcdef'],
  },
  exchangeEmbedPlatformToken: {
    command: 'embed platform-token',
    example: [
      'embed',
      'platform-token',
      'eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl',
      '--dashboard',
      'Dash0123abcd',
    ],
  },
};
