/** Resources of the first account that examples point their path parameters at. */
export interface AccountResources {
  deploymentId: number;
  userId: number;
  apiKeyId: number;
  /** The demo deployment's default agent, one of its keys, and a user attribute of the account. */
  agentId: string;
  agentApiKeyId: number;
  userAttributeId: number;
  /** A completed dbt sync of the demo deployment. */
  dbtSyncJobId: string;
  /** A report of the demo deployment (at the root, in no workbook), which every role may view. */
  reportId: number;
}

/**
 * A valid call of one operation: the security suite sends it with the wrong credential and expects a
 * refusal, so a refusal can only come from the access checks, never from validation.
 */
export interface OperationExample {
  /** Path parameters naming resources of the first account. */
  params?: (resources: AccountResources) => Record<string, string | number>;
  query?: Record<string, string>;
  body?: (resources: AccountResources) => unknown;
  /** Set when a list holds server-wide items, not the account's; says why. */
  sharedListReason?: string;
}

/** A query of the demo deployment's model, which a viewer may run. */
const countQuery = { measures: ['orders.count'] };

const onDeployment = ({ deploymentId }: AccountResources) => ({ deploymentId });
const onUser = ({ userId }: AccountResources) => ({ userId });
const onApiKey = ({ apiKeyId }: AccountResources) => ({ apiKeyId });
const onDbtSync = ({ deploymentId, dbtSyncJobId }: AccountResources) => ({
  deploymentId,
  syncJobId: dbtSyncJobId,
});
const onReport = ({ deploymentId, reportId }: AccountResources) => ({ deploymentId, reportId });
const onAgent = ({ deploymentId, agentId }: AccountResources) => ({ deploymentId, agentId });
const onAgentApiKey = ({ deploymentId, agentId, agentApiKeyId }: AccountResources) => ({
  deploymentId,
  agentId,
  keyId: agentApiKeyId,
});

/**
 * One entry per operation of the contract. A test fails when an operation has none, so every new
 * operation is added here and covered by the security suite from its first commit.
 */
export const operationExamples: Readonly<Record<string, OperationExample>> = {
  getOpenApiSpec: {},
  getCurrentUser: {},
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
  runReport: { params: onReport, body: () => ({ timeGrain: 'month' }) },
};
