import type { OperationId } from '@platform/contract';
import { embedOperationCommands } from './embed-operation-commands.js';
import { notificationOperationCommands } from './notification-operation-commands.js';
import type { OperationCommand } from './operation-command.js';
import { scimOperationCommands } from './scim-operation-commands.js';

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

function workbooks(...words: string[]): readonly string[] {
  return ['workbooks', ...words, '--deployment', '5'];
}

function reports(...words: string[]): readonly string[] {
  return ['reports', ...words, '--deployment', '5'];
}

function agents(...words: string[]): readonly string[] {
  return ['agents', ...words, '--deployment', '5'];
}

function folders(...words: string[]): readonly string[] {
  return ['folders', ...words, '--deployment', '5'];
}

function workspace(...words: string[]): readonly string[] {
  return ['workspace', ...words, '--deployment', '5'];
}

/**
 * Which command calls each API operation. Typed against the registry, so a new operation without a
 * command does not compile, and a test runs every example to prove the command really calls it.
 */
export const operationCommands: { readonly [Id in OperationId]: OperationCommand } = {
  getOpenApiSpec: { command: 'spec', example: ['spec', 'listUsers'] },
  getCurrentUser: { command: 'users me', example: ['users', 'me'] },
  signIn: { command: 'web sign-in', example: ['web', 'sign-in', '--api-key', `sk-${'a'.repeat(43)}`] },
  signOut: { command: 'web sign-out', example: ['web', 'sign-out'] },
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
  listUserAttributes: {
    command: 'attributes list',
    example: ['attributes', 'list', '--type', 'string', '--first', '10'],
  },
  createUserAttribute: {
    command: 'attributes create',
    example: ['attributes', 'create', '--name', 'region', '--default', 'EU'],
  },
  deleteUserAttribute: { command: 'attributes delete', example: ['attributes', 'delete', '3'] },
  getUserAttribute: { command: 'attributes get', example: ['attributes', 'get', '3'] },
  updateUserAttribute: {
    command: 'attributes update',
    example: ['attributes', 'update', '3', '--display-name', 'Sales region'],
  },
  getUserAttributeValues: { command: 'attributes values get', example: ['attributes', 'values', 'get', '7'] },
  setUserAttributeValue: {
    command: 'attributes values set',
    example: ['attributes', 'values', 'set', '7', '3', '--value', 'UK'],
  },
  listUserGroups: { command: 'groups list', example: ['groups', 'list', '--search', 'sales'] },
  createUserGroup: {
    command: 'groups create',
    example: ['groups', 'create', '--name', 'sales', '--description', 'The sales team'],
  },
  getUserGroup: { command: 'groups get', example: ['groups', 'get', '4'] },
  updateUserGroup: { command: 'groups update', example: ['groups', 'update', '4', '--name', 'sales-emea'] },
  deleteGroup: { command: 'groups delete', example: ['groups', 'delete', '4'] },
  deleteUserGroup: { command: 'groups delete', example: ['groups', 'delete', '4', '--user-groups-path'] },
  listUserGroupMembers: { command: 'groups members', example: ['groups', 'members', '4'] },
  addUserGroupMembers: { command: 'groups add-members', example: ['groups', 'add-members', '4', '7', '8'] },
  removeUserGroupMembers: {
    command: 'groups remove-members',
    example: ['groups', 'remove-members', '4', '7'],
  },
  getResourcePolicies: {
    command: 'policies get',
    example: ['policies', 'get', '--resource-type', 'folder', '--resource-id', '12'],
  },
  setUserResourcePolicy: {
    command: 'policies set-user',
    example: [
      'policies',
      'set-user',
      '--resource-type',
      'report',
      '--resource-id',
      '31',
      '--user',
      '7',
      '--action',
      'edit',
    ],
  },
  setGroupResourcePolicy: {
    command: 'policies set-group',
    example: ['policies', 'set-group', '--resource-type', 'folder', '--resource-id', '12', '--group', '4'],
  },
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
  listReportFolders: { command: 'reports folders', example: reports('folders', '--first', '50') },
  listReports: { command: 'reports list', example: reports('list', '--sort-by', 'name', '--limit', '10') },
  createReport: {
    command: 'reports create',
    example: reports('create', '--name', 'Orders', '--json-query', '{"measures":["orders.count"]}'),
  },
  getReport: { command: 'reports get', example: reports('get', '12') },
  updateReport: {
    command: 'reports update',
    example: reports('update', '12', '--spec', '{"mark":"bar"}', '--kind', 'vega'),
  },
  deleteReport: { command: 'reports delete', example: reports('delete', '12') },
  upsertReportByPublicId: {
    command: 'reports upsert',
    example: reports(
      'upsert',
      'a1B2c3D4e5F6',
      '--name',
      'Orders',
      '--sql',
      'SELECT MEASURE(count) FROM orders',
    ),
  },
  connectReportToWorkbook: {
    command: 'reports connect-workbook',
    example: reports('connect-workbook', '12', '--external-workbook', 'sheet-1', '--location', 'Sheet1!A1'),
  },
  refreshReport: { command: 'reports refresh', example: reports('refresh', '12') },
  // Called by the repository host, not by people: the command sends a test push as the host would.
  receiveDbtWebhook: {
    command: 'dbt webhook-test',
    example: dbt('webhook-test', '--branch', 'main', '--webhook-secret', 'a-secret-of-16-characters'),
  },
  listWorkbooks: { command: 'workbooks list', example: workbooks('list', '--folder', '3') },
  createWorkbook: {
    command: 'workbooks create',
    example: workbooks('create', '--name', 'Sales', '--folder', '3'),
  },
  getWorkbook: { command: 'workbooks get', example: workbooks('get', '9') },
  updateWorkbook: { command: 'workbooks update', example: workbooks('update', '9', '--folder', '0') },
  deleteWorkbook: { command: 'workbooks delete', example: workbooks('delete', '9') },
  upsertWorkbookBySlug: {
    command: 'workbooks upsert',
    example: workbooks('upsert', 'sales-overview', '--meta', '{"theme":"dark"}'),
  },
  duplicateWorkbook: { command: 'workbooks duplicate', example: workbooks('duplicate', '9', '--shared') },
  updateWorkbookDashboard: {
    command: 'workbooks dashboard',
    example: workbooks('dashboard', '9', '--draft', '{"widgets":[]}'),
  },
  listFolders: { command: 'folders list', example: folders('list', '--parent', '3') },
  createFolder: {
    command: 'folders create',
    example: folders('create', '--name', 'Finance', '--parent', '3', '--position', '2'),
  },
  getFolder: { command: 'folders get', example: folders('get', '3') },
  updateFolder: { command: 'folders update', example: folders('update', '3', '--name', 'Sales') },
  deleteFolder: { command: 'folders delete', example: folders('delete', '3', '--recursive') },
  getFolderAncestors: { command: 'folders ancestors', example: folders('ancestors', '3') },
  listWorkspace: {
    command: 'workspace list',
    example: workspace(
      'list',
      '--folder',
      '3',
      '--type',
      'folder,report',
      '--order-by',
      'updatedAt',
      '--desc',
    ),
  },
  listSharedWorkspace: { command: 'workspace shared', example: workspace('shared', '--search', 'revenue') },
  moveWorkspaceItem: { command: 'workspace move', example: workspace('move', 'report:12', '--to', '3') },
  bulkDeleteWorkspaceItems: {
    command: 'workspace bulk-delete',
    example: workspace('bulk-delete', 'report:12', 'folder:4', '--recursive'),
  },
  bulkMoveWorkspaceItems: {
    command: 'workspace bulk-move',
    example: workspace('bulk-move', 'report:12', 'workbook:7', '--to', 'root'),
  },
  runReport: {
    command: 'reports run',
    example: ['reports', 'run', '12', '--deployment', '5', '--time-grain', 'month', '--filters', '[]'],
  },
  publishDashboard: {
    command: 'workbooks publish',
    example: workbooks('publish', '9', '--config', '{"kind":"CLASSIC","widgets":[]}', '--title', 'Sales'),
  },
  getDashboard: {
    command: 'dashboards get',
    example: ['dashboards', 'get', '4', '--deployment', '5', '--version-number', '2'],
  },
  getDashboardByPublicId: { command: 'dashboards open', example: ['dashboards', 'open', 'AbCdEfGh1234'] },
  getDashboardWidgetThread: {
    command: 'dashboards thread',
    example: ['dashboards', 'thread', '4', 'assistant', '--deployment', '5'],
  },
  runDashboardPython: {
    command: 'dashboards python',
    example: ['dashboards', 'python', 'AbCdEfGh1234', '--report', '12', '--filters', '[]'],
  },
  streamDashboardWidgetChat: {
    command: 'dashboards ask',
    example: ['dashboards', 'ask', '4', 'assistant', 'and by month?', '--deployment', '5', '--chat', 'c1'],
  },
  listDashboards: {
    command: 'dashboards list',
    example: ['dashboards', 'list', '--deployment', '5', '--status', 'archived', '--first', '20'],
  },
  listDashboardVersions: {
    command: 'dashboards versions',
    example: ['dashboards', 'versions', '4', '--deployment', '5'],
  },
  updateDashboard: {
    command: 'dashboards update',
    example: ['dashboards', 'update', '4', '--deployment', '5', '--title', 'Sales', '--no-allow-embed'],
  },
  updatePublishedAiWidgetThread: {
    command: 'workbooks ai-thread',
    example: workbooks(
      'ai-thread',
      '9',
      '--widget',
      'assistant',
      '--thread',
      'thread-1',
      '--checksum',
      'abc',
    ),
  },
  runDashboardWidget: {
    command: 'dashboards run',
    example: ['dashboards', 'run', '4', 'by-status', '--deployment', '5', '--time-grain', 'week', '--csv'],
  },
  getTenantSettings: { command: 'tenant settings', example: ['tenant', 'settings'] },
  updateTenantSettings: {
    command: 'tenant update',
    example: ['tenant', 'update', '--timezone', 'Europe/Berlin', '--no-ai'],
  },
  getAppConfig: { command: 'app-config get', example: ['app-config', 'get'] },
  getAppTheme: { command: 'app-config theme', example: ['app-config', 'theme'] },
  getEmbedTheme: { command: 'users embed-theme', example: ['users', 'embed-theme'] },
  listOAuthIntegrations: { command: 'integrations list', example: ['integrations', 'list'] },
  createOAuthIntegration: {
    command: 'integrations create',
    example: [
      'integrations',
      'create',
      '--name',
      'warehouse',
      '--client-id',
      'platform',
      '--client-secret',
      'a-client-secret',
      '--authorization-url',
      'https://auth.example.com/authorize',
      '--token-url',
      'https://auth.example.com/token',
      '--scope',
      'read',
    ],
  },
  getOAuthIntegration: { command: 'integrations get', example: ['integrations', 'get', '2'] },
  updateOAuthIntegration: {
    command: 'integrations update',
    example: ['integrations', 'update', '2', '-d', '{"scopes":["read","write"]}'],
  },
  deleteOAuthIntegration: { command: 'integrations delete', example: ['integrations', 'delete', '2'] },
  listUserOAuthTokens: { command: 'integrations tokens list', example: ['integrations', 'tokens', 'list'] },
  getUserOAuthToken: { command: 'integrations tokens get', example: ['integrations', 'tokens', 'get', '2'] },
  deleteUserOAuthToken: {
    command: 'integrations tokens revoke',
    example: ['integrations', 'tokens', 'revoke', '2'],
  },
  initiateUserOAuthToken: {
    command: 'integrations tokens initiate',
    example: ['integrations', 'tokens', 'initiate', '2'],
  },
  // The provider's redirect reaches it in the browser; the command finishes a connection by hand.
  completeOAuthCallback: {
    command: 'integrations tokens complete',
    example: [
      'integrations',
      'tokens',
      'complete',
      'https://platform.example.com/api/v1/oauth/callback?code=abc&state=xyz',
    ],
  },
  ...scimOperationCommands,
  listOidcTokenConfigs: { command: 'oidc list', example: ['oidc', 'list'] },
  createOidcTokenConfig: {
    command: 'oidc create',
    example: [
      'oidc',
      'create',
      '-d',
      '{"name":"warehouse","audience":"sts.example.com","targetEnvVar":"WAREHOUSE_TOKEN"}',
    ],
  },
  getOidcTokenConfig: { command: 'oidc get', example: ['oidc', 'get', '6'] },
  updateOidcTokenConfig: { command: 'oidc update', example: ['oidc', 'update', '6', '--no-enabled'] },
  deleteOidcTokenConfig: { command: 'oidc delete', example: ['oidc', 'delete', '6'] },
  createOidcToken: { command: 'oidc token', example: ['oidc', 'token', '6', '--deployment', '5'] },
  rotateOidcSigningKey: { command: 'oidc rotate-key', example: ['oidc', 'rotate-key'] },
  getOpenIdConfiguration: { command: 'oidc discovery', example: ['oidc', 'discovery'] },
  getOidcJwks: { command: 'oidc jwks', example: ['oidc', 'jwks'] },
  decideDeviceAuthorization: {
    command: 'web approve-device',
    example: ['web', 'approve-device', 'BCDF-GHJK'],
  },
  getSignInOptions: { command: 'web sign-in-options', example: ['web', 'sign-in-options'] },
  getGithubStatus: { command: 'github status', example: ['github', 'status'] },
  listGithubInstallations: { command: 'github installations', example: ['github', 'installations'] },
  listGithubRepositories: { command: 'github repos', example: ['github', 'repos', '42'] },
  listGithubBranches: {
    command: 'github branches',
    example: ['github', 'branches', 'acme/model', '--installation', '42'],
  },
  ...embedOperationCommands,
  ...notificationOperationCommands,
};
