import type { OperationId } from '@platform/contract';

export interface OperationCommand {
  /** The command as typed after `platform`. */
  command: string;
  /** A complete invocation that calls the operation; the coverage test runs each one. */
  example: readonly string[];
}

const deployExampleFolder = 'packages/cli/test/fixtures/deploy-model';

/** A query too long for a URL, so `platform query` sends it in a POST body. */
const longQuery = JSON.stringify({
  dimensions: Array.from({ length: 60 }, (_, index) => `orders.dimension_${index}`),
});

function dataModel(verb: string, ...rest: string[]): readonly string[] {
  return ['data-model', verb, ...rest, '--deployment', '5'];
}

const exampleAgentId = '3f0c6a52-8d0e-4c8a-9f4e-2b7d1c5e9a10';

const exampleSyncJobId = '6b1f2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

function dbt(...words: string[]): readonly string[] {
  return ['dbt', ...words, '--deployment', '5'];
}

function agents(...words: string[]): readonly string[] {
  return ['agents', ...words, '--deployment', '5'];
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
  // Run from the repository root, as the tests are: the folder holds one model file to upload.
  startUpload: {
    command: 'deploy',
    example: ['deploy', deployExampleFolder, '--deployment', '5', '--no-wait'],
  },
  uploadFile: {
    command: 'deploy',
    example: ['deploy', deployExampleFolder, '--deployment', '5', '--no-wait'],
  },
  validateUpload: {
    command: 'deploy',
    example: ['deploy', deployExampleFolder, '--deployment', '5', '--no-wait'],
  },
  finishUpload: {
    command: 'deploy',
    example: ['deploy', deployExampleFolder, '--deployment', '5', '--no-wait'],
  },
  listDataModelFiles: { command: 'data-model list', example: dataModel('list', '--branch', 'main') },
  writeDataModelFiles: {
    command: 'data-model put',
    example: dataModel('put', 'model/orders.yml', '--content', 'cubes: []'),
  },
  deleteDataModelFiles: { command: 'data-model delete', example: dataModel('delete', 'model/orders.yml') },
  renameDataModelFiles: {
    command: 'data-model rename',
    example: dataModel('rename', 'model/a.yml', 'model/b.yml'),
  },
  getDataModelFileHashes: { command: 'data-model file-hashes', example: dataModel('file-hashes') },
  startDevMode: { command: 'data-model dev-mode', example: dataModel('dev-mode', '--branch', 'main') },
  stopDevMode: { command: 'data-model exit-dev-mode', example: dataModel('exit-dev-mode') },
  listBranches: { command: 'data-model branches', example: dataModel('branches') },
  createBranch: { command: 'data-model create-branch', example: dataModel('create-branch', 'feature') },
  deleteBranch: { command: 'data-model delete-branch', example: dataModel('delete-branch', 'feature') },
  listEnvironments: { command: 'environments list', example: ['environments', 'list', '5'] },
  listEnvironmentTokens: {
    command: 'environments tokens',
    example: ['environments', 'tokens', '5', 'production'],
  },
  createEnvironmentToken: {
    command: 'environments create-token',
    example: ['environments', 'create-token', '5', 'production', '--security-context', '{"tenant":"a"}'],
  },
  createEnvironmentMetaSyncToken: {
    command: 'environments create-token',
    example: ['environments', 'create-token', '5', 'production', '--meta-sync'],
  },
  setStagingEnvironment: {
    command: 'data-model enable-branch',
    example: dataModel('enable-branch', 'feature'),
  },
  commitBranch: { command: 'data-model commit', example: dataModel('commit', '--message', 'orders') },
  pullBranch: { command: 'data-model pull', example: dataModel('pull') },
  mergeBranch: { command: 'data-model merge', example: dataModel('merge', '--branch', 'feature') },
  mergeToDefault: {
    command: 'data-model merge-to-default',
    example: dataModel('merge-to-default', '--message', 'release'),
  },
  validateDataModel: { command: 'data-model validate', example: dataModel('validate') },
  connectGithub: {
    command: 'github connect',
    example: [
      'github',
      'connect',
      '--deployment',
      '5',
      '--url',
      'https://github.com/acme/model.git',
      '--branch',
      'main',
    ],
  },
  createDeploymentToken: {
    command: 'deployments token',
    example: ['deployments', 'token', '5', '--security-context', '{"tenant":"acme"}'],
  },
  loadQuery: {
    command: 'query',
    example: ['query', '{"measures":["orders.count"]}', '--deployment', '5'],
  },
  postLoadQuery: { command: 'query', example: ['query', longQuery, '--deployment', '5'] },
  getModelMetadata: { command: 'meta', example: ['meta', '--deployment', '5'] },
  getQuerySql: {
    command: 'query',
    example: ['query', '{"measures":["orders.count"]}', '--deployment', '5', '--show-sql'],
  },
  generateQuerySql: { command: 'query', example: ['query', longQuery, '--deployment', '5', '--show-sql'] },
  dryRunQuery: {
    command: 'query',
    example: ['query', '{"measures":["orders.count"]}', '--deployment', '5', '--dry-run'],
  },
  postDryRunQuery: { command: 'query', example: ['query', longQuery, '--deployment', '5', '--dry-run'] },
  runModelSql: {
    command: 'query',
    example: ['query', '--sql', 'SELECT MEASURE(count) FROM orders', '--deployment', '5'],
  },
  listAgents: { command: 'agents list', example: agents('list') },
  createAgent: { command: 'agents create', example: agents('create', '--name', 'Sales analyst') },
  getAgent: { command: 'agents get', example: agents('get', exampleAgentId) },
  updateAgent: {
    command: 'agents update',
    example: agents('update', exampleAgentId, '--model', 'large', '--default'),
  },
  deleteAgent: { command: 'agents delete', example: agents('delete', exampleAgentId) },
  listAgentApiKeys: { command: 'agents keys list', example: agents('keys', 'list', exampleAgentId) },
  createAgentApiKey: {
    command: 'agents keys create',
    example: agents('keys', 'create', exampleAgentId, '--name', 'website'),
  },
  deleteAgentApiKey: {
    command: 'agents keys delete',
    example: agents('keys', 'delete', exampleAgentId, '7'),
  },
  getChatAuthSettings: { command: 'agents chat-auth get', example: agents('chat-auth', 'get') },
  updateChatAuthSettings: {
    command: 'agents chat-auth set',
    example: agents('chat-auth', 'set', '--enable', '--secret', 'shared-secret'),
  },
  listUserAttributes: { command: 'user-attributes list', example: ['user-attributes', 'list'] },
  createUserAttribute: {
    command: 'user-attributes create',
    example: ['user-attributes', 'create', '--name', 'region'],
  },
  deleteUserAttribute: { command: 'user-attributes delete', example: ['user-attributes', 'delete', '3'] },
  startDbtSync: {
    command: 'dbt sync',
    example: dbt('sync', '--manifest', 'packages/cli/test/fixtures/dbt/manifest.json'),
  },
  listDbtSyncs: { command: 'dbt history', example: dbt('history', '--status', 'COMPLETED') },
  getDbtSyncStatus: { command: 'dbt status', example: dbt('status', exampleSyncJobId) },
  cancelDbtSync: { command: 'dbt cancel', example: dbt('cancel', exampleSyncJobId) },
  getDbtSyncResult: { command: 'dbt result', example: dbt('result', exampleSyncJobId) },
  getDbtSyncLogs: { command: 'dbt logs', example: dbt('logs', exampleSyncJobId) },
  getDbtRepository: { command: 'dbt repository get', example: dbt('repository', 'get') },
  connectDbtRepository: {
    command: 'dbt repository connect',
    example: dbt('repository', 'connect', '--url', 'https://git.example.com/analytics/dbt.git'),
  },
  disconnectDbtRepository: { command: 'dbt repository disconnect', example: dbt('repository', 'disconnect') },
  // Called by the repository host, not by people: the command sends a test push as the host would.
  receiveDbtWebhook: {
    command: 'dbt webhook-test',
    example: dbt('webhook-test', '--branch', 'main', '--webhook-secret', 'a-secret-of-16-characters'),
  },
  runReport: {
    command: 'reports run',
    example: ['reports', 'run', '12', '--deployment', '5', '--time-grain', 'month', '--filters', '[]'],
  },
};
