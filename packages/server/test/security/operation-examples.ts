import { embedOperationExamples } from './embed-operation-examples.js';
import { notificationDeliveryOperationExamples } from './notification-delivery-operation-examples.js';
import { notificationOperationExamples } from './notification-operation-examples.js';
import type { AccountResources, OperationExample } from './operation-example.js';

export type { AccountResources, OperationExample } from './operation-example.js';

/** The example's query string values. */
export function queryOfExample(
  example: OperationExample,
  resources: AccountResources,
): Record<string, string> {
  return typeof example.query === 'function' ? example.query(resources) : (example.query ?? {});
}

/** A query of the demo deployment's model, which a viewer may run. */
const countQuery = { measures: ['orders.count'] };

const onDeployment = ({ deploymentId }: AccountResources) => ({ deploymentId });
const onDashboard = ({ deploymentId, dashboardId }: AccountResources) => ({ deploymentId, dashboardId });

/**
 * A dashboard config with a CHART widget `chart` on a report, an AI widget `assistant` and a CHART widget
 * `python` on an html report.
 */
export function dashboardConfigOf(reportId: number, htmlReportId: number) {
  return {
    kind: 'CLASSIC',
    widgets: [
      { id: 'chart', type: 'CHART', position: { x: 0, y: 0, w: 6, h: 4 }, config: { reportId } },
      { id: 'assistant', type: 'AI', position: { x: 6, y: 0, w: 6, h: 4 } },
      {
        id: 'python',
        type: 'CHART',
        position: { x: 0, y: 4, w: 6, h: 4 },
        config: { reportId: htmlReportId },
      },
    ],
  };
}
const onUser = ({ userId }: AccountResources) => ({ userId });
const onApiKey = ({ apiKeyId }: AccountResources) => ({ apiKeyId });
const onDbtSync = ({ deploymentId, dbtSyncJobId }: AccountResources) => ({
  deploymentId,
  syncJobId: dbtSyncJobId,
});
const onGroup = ({ groupId }: AccountResources) => ({ groupId });
const onFolderPolicy = ({ folderId }: AccountResources) => ({ resourceType: 'folder', resourceId: folderId });
const onFolder = ({ deploymentId, folderId }: AccountResources) => ({ deploymentId, folderId });
const onWorkbook = ({ deploymentId, workbookId }: AccountResources) => ({ deploymentId, workbookId });

const onReport = ({ deploymentId, reportId }: AccountResources) => ({ deploymentId, reportId });
const onAgent = ({ deploymentId, agentId }: AccountResources) => ({ deploymentId, agentId });
const onAgentApiKey = ({ deploymentId, agentId, agentApiKeyId }: AccountResources) => ({
  deploymentId,
  agentId,
  keyId: agentApiKeyId,
});

const onOAuthIntegration = ({ oauthIntegrationId }: AccountResources) => ({
  integrationId: oauthIntegrationId,
});

/**
 * One entry per operation of the contract. A test fails when an operation has none, so every new
 * operation is added here and covered by the security suite from its first commit.
 */
export const operationExamples: Readonly<Record<string, OperationExample>> = {
  ...embedOperationExamples,
  ...notificationOperationExamples,
  ...notificationDeliveryOperationExamples,
  getOpenApiSpec: {},
  getCurrentUser: {},
  // The key in the body is unknown: without it the suite's credential checks could not see a refusal.
  signIn: { body: () => ({ apiKey: `sk-${'x'.repeat(43)}` }) },
  signOut: {},
  listUsers: {},
  getUser: { params: onUser },
  createUser: { body: () => ({ email: 'security-example@example.com', role: 'viewer' }) },
  updateUser: { params: onUser, body: () => ({ name: 'Security Example' }) },
  deleteUser: { params: onUser },
  bulkUpdateUsers: { body: ({ userId }) => ({ action: 'DEACTIVATE', userIds: [userId] }) },
  listApiKeys: {},
  createApiKey: { body: () => ({ name: 'security example' }) },
  getApiKey: { params: onApiKey },
  deleteApiKey: { params: onApiKey },
  listDeployments: {},
  createDeployment: { body: () => ({ name: 'security-example' }) },
  getDeployment: { params: onDeployment },
  updateDeployment: { params: onDeployment, body: () => ({ releaseChannel: 'latest' }) },
  deleteDeployment: { params: onDeployment },
  getDeploymentSettings: { params: onDeployment },
  listDeploymentVersions: { params: onDeployment },
  getBuildStatus: { params: onDeployment },
  listDeploymentLogs: { params: onDeployment, query: { source: 'production' } },
  listDeploymentPods: { params: onDeployment },
  listEnvVars: { params: onDeployment },
  setEnvVars: {
    params: onDeployment,
    body: () => ({ env_variables: [{ name: 'SECURITY_EXAMPLE', value: 'example' }] }),
  },
  advanceCreationStep: { params: onDeployment },
  resetCreationStep: { params: onDeployment, body: () => ({}) },
  listRegions: { sharedListReason: 'regions are configured for the whole server, not per account' },
  listDataModelFiles: { params: onDeployment },
  writeDataModelFiles: {
    params: onDeployment,
    body: () => ({ files: [{ path: 'model/a.yml', content: 'a' }] }),
  },
  deleteDataModelFiles: { params: onDeployment, body: () => ({ files: [{ path: 'model/a.yml' }] }) },
  renameDataModelFiles: {
    params: onDeployment,
    body: () => ({ files: [{ path: 'model/a.yml', newPath: 'model/b.yml' }] }),
  },
  getDataModelFileHashes: { params: onDeployment },
  startDevMode: { params: onDeployment, body: () => ({}) },
  stopDevMode: { params: onDeployment },
  listBranches: { params: onDeployment },
  createBranch: { params: onDeployment, body: () => ({ name: 'security-example' }) },
  deleteBranch: { params: onDeployment, query: { branchName: 'security-example' } },
  setStagingEnvironment: { params: onDeployment, body: () => ({ branchName: 'main', enabled: false }) },
  commitBranch: { params: onDeployment, body: () => ({ message: 'security example' }) },
  pullBranch: { params: onDeployment, body: () => ({}) },
  mergeBranch: { params: onDeployment, body: () => ({ branchName: 'security-example' }) },
  mergeToDefault: { params: onDeployment, body: () => ({ message: 'security example' }) },
  startUpload: { params: onDeployment, body: () => ({}) },
  uploadFile: {
    params: onDeployment,
    body: () => ({
      transaction: '{"id":"security-example"}',
      fileName: 'model/a.yml',
      file: Buffer.from('a'),
    }),
  },
  validateUpload: {
    params: onDeployment,
    body: () => ({ transaction: { id: 'security-example' }, files: {}, autoRemoveFiles: false }),
  },
  finishUpload: {
    params: onDeployment,
    body: () => ({ transaction: { id: 'security-example' }, files: {}, autoRemoveFiles: false }),
  },
  validateDataModel: { params: onDeployment },
  connectGithub: {
    params: onDeployment,
    body: () => ({ repositoryUrl: 'https://github.com/acme/model.git', branch: 'main' }),
  },
  createDeploymentToken: {
    params: onDeployment,
    body: () => ({ securityContext: { tenant: 'security-example' }, expiresIn: 600 }),
  },
  listEnvironments: { params: onDeployment },
  listEnvironmentTokens: { params: ({ deploymentId }) => ({ deploymentId, environmentId: 'production' }) },
  createEnvironmentToken: {
    params: ({ deploymentId }) => ({ deploymentId, environmentId: 'production' }),
    body: () => ({ security_context: { tenant: 'security-example' }, expires_in: 600 }),
  },
  createEnvironmentMetaSyncToken: {
    params: ({ deploymentId }) => ({ deploymentId, environmentId: 'production' }),
    body: () => ({ security_context: { tenant: 'security-example' }, expires_in: 600 }),
  },
  loadQuery: { params: onDeployment, query: { query: JSON.stringify(countQuery) } },
  postLoadQuery: { params: onDeployment, body: () => ({ query: countQuery }) },
  getModelMetadata: { params: onDeployment },
  getQuerySql: { params: onDeployment, query: { query: JSON.stringify(countQuery) } },
  generateQuerySql: { params: onDeployment, body: () => ({ query: countQuery }) },
  dryRunQuery: { params: onDeployment, query: { query: JSON.stringify(countQuery) } },
  postDryRunQuery: { params: onDeployment, body: () => ({ query: countQuery }) },
  runModelSql: { params: onDeployment, body: () => ({ query: 'SELECT MEASURE(count) FROM orders' }) },
  listAgents: { params: onDeployment },
  createAgent: { params: onDeployment, body: () => ({ name: 'security example' }) },
  getAgent: { params: onAgent },
  updateAgent: { params: onAgent, body: () => ({ name: 'security example' }) },
  deleteAgent: { params: onAgent },
  listAgentApiKeys: { params: onAgent },
  createAgentApiKey: { params: onAgent, body: () => ({ name: 'security example' }) },
  deleteAgentApiKey: { params: onAgentApiKey },
  getChatAuthSettings: { params: onDeployment },
  updateChatAuthSettings: { params: onDeployment, body: () => ({ enabled: false }) },
  listUserAttributes: {},
  createUserAttribute: { body: () => ({ name: 'security_example' }) },
  deleteUserAttribute: { params: ({ userAttributeId }) => ({ attributeId: userAttributeId }) },
  getUserAttribute: { params: ({ userAttributeId }) => ({ attributeId: userAttributeId }) },
  updateUserAttribute: {
    params: ({ userAttributeId }) => ({ attributeId: userAttributeId }),
    body: () => ({ description: 'changed' }),
  },
  getUserAttributeValues: { params: ({ userId }) => ({ userId }) },
  setUserAttributeValue: {
    // Ids as strings, as the hosted CLI sends them.
    body: ({ userId, userAttributeId }) => ({
      userId: String(userId),
      userAttributeId: String(userAttributeId),
      value: 'changed',
    }),
    namesResourcesInInput: true,
  },
  listUserGroups: {},
  createUserGroup: { body: () => ({ name: 'security-example', description: 'example' }) },
  getUserGroup: { params: onGroup },
  updateUserGroup: { params: onGroup, body: () => ({ description: 'changed' }) },
  deleteUserGroup: { params: onGroup },
  deleteGroup: { params: onGroup },
  listUserGroupMembers: { params: onGroup },
  addUserGroupMembers: { params: onGroup, body: ({ userId }) => ({ userIds: [userId] }) },
  removeUserGroupMembers: { params: onGroup, body: ({ userId }) => ({ userIds: [userId] }) },
  getResourcePolicies: {
    query: ({ folderId }) => ({ resourceType: 'folder', resourceId: String(folderId) }),
    namesResourcesInInput: true,
  },
  setUserResourcePolicy: {
    body: (resources) => ({ ...onFolderPolicy(resources), userId: resources.userId, action: 'edit' }),
    contentLevel: 'manage',
    namesResourcesInInput: true,
  },
  setGroupResourcePolicy: {
    body: (resources) => ({ ...onFolderPolicy(resources), groupId: resources.groupId, action: 'edit' }),
    contentLevel: 'manage',
    namesResourcesInInput: true,
  },
  startDbtSync: {
    params: onDeployment,
    body: () => ({ source: 'manifest', manifest: { nodes: {} }, branchName: 'security-example-dbt' }),
  },
  listDbtSyncs: { params: onDeployment, query: { status: 'COMPLETED' } },
  getDbtSyncStatus: { params: onDbtSync },
  cancelDbtSync: { params: onDbtSync },
  getDbtSyncResult: { params: onDbtSync },
  getDbtSyncLogs: { params: onDbtSync },
  getDbtRepository: { params: onDeployment },
  connectDbtRepository: {
    params: onDeployment,
    body: () => ({ repositoryUrl: 'https://git.example.com/security/other.git' }),
  },
  disconnectDbtRepository: { params: onDeployment },
  receiveDbtWebhook: { params: onDeployment, body: () => ({ ref: 'refs/heads/main' }) },
  listWorkbooks: { params: onDeployment },
  createWorkbook: {
    params: onDeployment,
    body: () => ({ name: 'security example' }),
    contentLevel: 'edit',
  },
  getWorkbook: { params: onWorkbook },
  updateWorkbook: {
    params: onWorkbook,
    body: () => ({ name: 'security example' }),
    contentLevel: 'edit',
  },
  deleteWorkbook: { params: onWorkbook, contentLevel: 'manage' },
  upsertWorkbookBySlug: {
    params: ({ deploymentId }) => ({ deploymentId, slug: 'security-example' }),
    body: () => ({ meta: { source: 'security example' } }),
    contentLevel: 'edit',
  },
  duplicateWorkbook: {
    params: onWorkbook,
    body: () => ({ shared: true }),
    contentLevel: 'edit',
  },
  updateWorkbookDashboard: {
    params: onWorkbook,
    body: () => ({ dashboardDraft: { widgets: [] } }),
    contentLevel: 'edit',
  },
  listReports: { params: onDeployment },
  listReportFolders: { params: onDeployment, query: { first: '5' } },
  createReport: { params: onDeployment, body: () => ({ name: 'security example' }), contentLevel: 'edit' },
  getReport: { params: onReport },
  updateReport: { params: onReport, body: () => ({ description: 'security example' }), contentLevel: 'edit' },
  deleteReport: { params: onReport, contentLevel: 'manage' },
  upsertReportByPublicId: {
    params: ({ deploymentId, reportPublicId }) => ({ deploymentId, publicId: reportPublicId }),
    body: () => ({ description: 'security example' }),
    contentLevel: 'edit',
  },
  connectReportToWorkbook: {
    params: onReport,
    body: () => ({ externalWorkbookId: 'security-example', resultLocation: 'Sheet1!A1' }),
  },
  refreshReport: { params: onReport },
  listFolders: { params: onDeployment, query: { first: '5' } },
  createFolder: {
    params: onDeployment,
    body: () => ({ name: 'security example' }),
    contentLevel: 'edit',
  },
  getFolder: { params: onFolder },
  updateFolder: { params: onFolder, body: () => ({ position: 1 }), contentLevel: 'edit' },
  deleteFolder: { params: onFolder, contentLevel: 'manage' },
  getFolderAncestors: { params: onFolder },
  listWorkspace: { params: onDeployment, query: { types: 'FOLDER', orderByField: 'updatedAt' } },
  listSharedWorkspace: { params: onDeployment, query: { search: 'security' } },
  moveWorkspaceItem: {
    params: onDeployment,
    body: ({ folderId }) => ({ type: 'FOLDER', id: folderId, folderId: null }),
    contentLevel: 'edit',
  },
  bulkDeleteWorkspaceItems: {
    params: onDeployment,
    body: ({ spareFolderId }) => ({ items: [{ type: 'FOLDER', id: spareFolderId }] }),
  },
  bulkMoveWorkspaceItems: {
    params: onDeployment,
    body: ({ folderId }) => ({ items: [{ type: 'FOLDER', id: folderId }], folderId: null }),
  },
  runReport: { params: onReport, body: () => ({ timeGrain: 'month' }) },
  publishDashboard: {
    params: ({ deploymentId, dashboardWorkbookId }) => ({ deploymentId, workbookId: dashboardWorkbookId }),
    body: ({ reportId, htmlReportId }) => ({ config: dashboardConfigOf(reportId, htmlReportId) }),
    contentLevel: 'edit',
  },
  getDashboard: { params: onDashboard, query: { versionNumber: '1' } },
  getDashboardByPublicId: { params: ({ dashboardPublicId }) => ({ publicId: dashboardPublicId }) },
  runDashboardPython: {
    params: ({ dashboardPublicId }) => ({ publicId: dashboardPublicId }),
    body: () => ({ filters: [] }),
  },
  getDashboardWidgetThread: { params: (resources) => ({ ...onDashboard(resources), widgetId: 'assistant' }) },
  streamDashboardWidgetChat: {
    params: (resources) => ({ ...onDashboard(resources), widgetId: 'assistant' }),
    body: () => ({ input: 'How many orders are there?' }),
  },
  listDashboards: { params: onDeployment, query: { status: 'published', first: '5' } },
  listDashboardVersions: { params: onDashboard, query: { first: '5' } },
  updateDashboard: { params: onDashboard, body: () => ({ status: 'published' }), contentLevel: 'edit' },
  updatePublishedAiWidgetThread: {
    params: ({ deploymentId, dashboardWorkbookId }) => ({ deploymentId, workbookId: dashboardWorkbookId }),
    body: () => ({ widgetId: 'assistant', threadId: 'security-example-thread' }),
    contentLevel: 'edit',
  },
  runDashboardWidget: {
    params: ({ deploymentId, dashboardId }) => ({ deploymentId, dashboardId, widgetId: 'chart' }),
    query: { format: 'json' },
    body: () => ({ filters: [] }),
  },
  getTenantSettings: {},
  updateTenantSettings: { body: () => ({ defaultTimezone: 'Europe/Berlin' }) },
  getAppConfig: {},
  getAppTheme: {},
  getEmbedTheme: {},
  listOAuthIntegrations: {},
  createOAuthIntegration: {
    body: () => ({
      name: 'security-example',
      clientId: 'example-client',
      clientSecret: 'example-secret',
      authorizationUrl: 'https://auth.example.com/authorize',
      tokenUrl: 'https://auth.example.com/token',
    }),
  },
  getOAuthIntegration: { params: onOAuthIntegration },
  updateOAuthIntegration: { params: onOAuthIntegration, body: () => ({ scopes: ['read', 'write'] }) },
  deleteOAuthIntegration: { params: onOAuthIntegration },
  listUserOAuthTokens: {},
  getUserOAuthToken: { params: onOAuthIntegration },
  deleteUserOAuthToken: { params: onOAuthIntegration },
  initiateUserOAuthToken: { params: onOAuthIntegration },
  // The state is the credential: one nobody issued is refused like an unknown key.
  completeOAuthCallback: { query: { code: 'security-code', state: 'security-state-nobody-issued' } },
  listScimUsers: { query: { filter: 'userName eq "security@example.com"', startIndex: '1', count: '10' } },
  createScimUser: { body: () => ({ userName: 'scim-example@example.com', name: { givenName: 'Scim' } }) },
  getScimUser: { params: onUser },
  replaceScimUser: { params: onUser, body: () => ({ userName: 'scim-example@example.com' }) },
  patchScimUser: {
    params: onUser,
    body: () => ({ Operations: [{ op: 'replace', path: 'active', value: false }] }),
  },
  deleteScimUser: { params: onUser },
  listScimGroups: { query: { filter: 'displayName eq "security"', count: '10' } },
  createScimGroup: {
    body: ({ userId }) => ({ displayName: 'scim-example', members: [{ value: String(userId) }] }),
  },
  getScimGroup: { params: onGroup },
  replaceScimGroup: { params: onGroup, body: () => ({ displayName: 'scim-example', members: [] }) },
  patchScimGroup: {
    params: onGroup,
    body: ({ userId }) => ({ Operations: [{ op: 'remove', path: `members[value eq "${userId}"]` }] }),
  },
  deleteScimGroup: { params: onGroup },
  getScimServiceProviderConfig: {},
  listScimResourceTypes: {},
  listScimSchemas: {},
  listOidcTokenConfigs: { query: { first: '5' } },
  createOidcTokenConfig: {
    body: () => ({ name: 'security example', audience: 'security', targetEnvVar: 'SECURITY_EXAMPLE_TOKEN' }),
  },
  getOidcTokenConfig: { params: ({ oidcTokenConfigId }) => ({ configId: oidcTokenConfigId }) },
  updateOidcTokenConfig: {
    params: ({ oidcTokenConfigId }) => ({ configId: oidcTokenConfigId }),
    body: () => ({ name: 'security renamed' }),
  },
  deleteOidcTokenConfig: { params: ({ oidcTokenConfigId }) => ({ configId: oidcTokenConfigId }) },
  createOidcToken: {
    params: ({ oidcTokenConfigId }) => ({ configId: oidcTokenConfigId }),
    body: ({ deploymentId }) => ({ deploymentId }),
  },
  rotateOidcSigningKey: {},
  getOpenIdConfiguration: {
    publicReason: 'OpenID Connect discovery: verifiers read it without a credential',
  },
  getOidcJwks: { publicReason: 'the public keys verifiers fetch without a credential' },
  decideDeviceAuthorization: { body: () => ({ userCode: 'BCDF-GHJK', decision: 'deny' }) },
  getSignInOptions: {
    query: { account: 'default' },
    publicReason: 'the login page asks it before anyone signs in (whether SSO is on)',
  },
  getGithubStatus: {},
  listGithubInstallations: {
    sharedListReason:
      "the GitHub App's installations are the platform operator's, served to one account (PLATFORM_GITHUB_ACCOUNT)",
  },
  // A GitHub id, not one of the store's: written as a string, so the store-id range checks pass it by.
  listGithubRepositories: { params: () => ({ installationId: '42' }) },
  listGithubBranches: { params: () => ({ owner: 'acme', repo: 'model' }), query: { installationId: '42' } },
};
