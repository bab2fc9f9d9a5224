import type { OperationId } from '@platform/contract';

export interface OperationCommand {
  /** The command as typed after `platform`. */
  command: string;
  /** A complete invocation that calls the operation; the coverage test runs each one. */
  example: readonly string[];
}

/**
 * Which command calls each API operation. Typed against the registry, so a new operation without a
 * command does not compile, and a test runs every example to prove the command really calls it.
 */
export const operationCommands: { readonly [Id in OperationId]: OperationCommand } = {
  getOpenApiSpec: { command: 'spec', example: ['spec', 'listUsers'] },
  getCurrentUser: { command: 'users me', example: ['users', 'me'] },
  listUsers: { command: 'users list', example: ['users', 'list', '--role', 'admin'] },
  getUser: { command: 'users get', example: ['users', 'get', '7'] },
  createUser: { command: 'users create', example: ['users', 'create', '--email', 'ann@example.com'] },
  updateUser: { command: 'users update', example: ['users', 'update', '7', '--role', 'developer'] },
  deleteUser: { command: 'users delete', example: ['users', 'delete', '7'] },
  bulkUpdateUsers: { command: 'users bulk', example: ['users', 'bulk', '--action', 'DEACTIVATE', '7', '8'] },
  listApiKeys: { command: 'api-keys list', example: ['api-keys', 'list'] },
  createApiKey: { command: 'api-keys create', example: ['api-keys', 'create', '--name', 'ci'] },
  getApiKey: { command: 'api-keys get', example: ['api-keys', 'get', '3'] },
  deleteApiKey: { command: 'api-keys delete', example: ['api-keys', 'delete', '3'] },
  listDeployments: { command: 'deployments list', example: ['deployments', 'list'] },
  createDeployment: { command: 'deployments create', example: ['deployments', 'create', '--name', 'shop'] },
  getDeployment: { command: 'deployments get', example: ['deployments', 'get', '5'] },
  updateDeployment: {
    command: 'deployments update',
    example: ['deployments', 'update', '5', '--release-channel-version', '1.2.3'],
  },
  deleteDeployment: { command: 'deployments delete', example: ['deployments', 'delete', '5'] },
  getDeploymentSettings: { command: 'deployments settings', example: ['deployments', 'settings', '5'] },
  listDeploymentVersions: { command: 'deployments versions', example: ['deployments', 'versions', '5'] },
  getBuildStatus: { command: 'deployments build-status', example: ['deployments', 'build-status', '5'] },
  listDeploymentLogs: { command: 'logs', example: ['logs', '5', '--container', 'MAIN'] },
  listDeploymentPods: { command: 'deployments pods', example: ['deployments', 'pods', '5'] },
  listEnvVars: { command: 'variables list', example: ['variables', 'list', '5'] },
  setEnvVars: { command: 'variables set', example: ['variables', 'set', '5', 'A=1'] },
  advanceCreationStep: { command: 'deployments advance-step', example: ['deployments', 'advance-step', '5'] },
  resetCreationStep: { command: 'deployments reset-step', example: ['deployments', 'reset-step', '5'] },
  listRegions: { command: 'regions', example: ['regions'] },
};
