import type { AccountResources, OperationExample } from './operation-example.js';

const onEmbedTenant = ({ embedTenantName }: AccountResources) => ({ embedTenantName });
const onEmbedGroup = ({ embedTenantName, embedGroupId }: AccountResources) => ({
  embedTenantName,
  groupId: embedGroupId,
});
const onEmbedUser = ({ embedExternalId }: AccountResources) => ({ externalIds: [embedExternalId] });

/** The security suite's examples of the embedding operations (docs/embedding.md). */
export const embedOperationExamples: Readonly<Record<string, OperationExample>> = {
  getEmbedDashboard: { params: ({ dashboardPublicId }) => ({ publicId: dashboardPublicId }) },
  updateEmbedDashboard: {
    params: ({ dashboardPublicId }) => ({ publicId: dashboardPublicId }),
    body: () => ({ allowEmbed: false }),
  },
  getWorkbookEmbedAccess: {
    params: ({ deploymentId, dashboardWorkbookId }) => ({ deploymentId, workbookId: dashboardWorkbookId }),
  },
  updateWorkbookEmbedAccess: {
    params: ({ deploymentId, dashboardWorkbookId }) => ({ deploymentId, workbookId: dashboardWorkbookId }),
    body: () => ({ allEmbedUsers: true, action: 'none' }),
  },
  listEmbedTenants: { query: { first: '5' } },
  deleteEmbedTenant: { params: onEmbedTenant },
  listEmbedTenantUsers: { params: onEmbedTenant },
  listEmbedGroups: { params: onEmbedTenant, query: { first: '5' } },
  createEmbedGroup: { params: onEmbedTenant, body: () => ({ name: 'security-example' }) },
  getEmbedGroup: { params: onEmbedGroup },
  updateEmbedGroup: { params: onEmbedGroup, body: () => ({ description: 'changed' }) },
  deleteEmbedGroup: { params: onEmbedGroup },
  listEmbedGroupUsers: { params: onEmbedGroup },
  addEmbedGroupUsers: { params: onEmbedGroup, body: onEmbedUser },
  removeEmbedGroupUsers: { params: onEmbedGroup, body: onEmbedUser },
  generateEmbedSession: {
    body: ({ deploymentId }) => ({
      deploymentId,
      externalId: 'security-example',
      embedTenantName: 'security',
    }),
    namesResourcesInInput: true,
  },
  exchangeEmbedSessionToken: {
    body: ({ embedSessionId }) => ({ sessionId: embedSessionId }),
    publicReason: "the host's server exchanges the session id, the secret itself, without a credential",
  },
  exchangeEmbedPlatformToken: {
    body: ({ deploymentId, embedPlatformToken }) => ({ deploymentId, platformToken: embedPlatformToken }),
    publicReason: "the embed page exchanges the customer's own JWT, the credential itself",
  },
};
