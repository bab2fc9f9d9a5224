import { SignJWT } from 'jose';
import { userOAuthTokensTable } from '../../src/modules/integrations/integrations.tables.js';
import {
  deriveUnsubscribeKey,
  UnsubscribeTokens,
} from '../../src/modules/notifications/unsubscribe-tokens.js';
import { contentFoldersTable } from '../../src/modules/workspace/workspace.tables.js';
import { columnOf, manifestOf, modelNode } from '../dbt-sync/manifest-builder.js';
import { createUserWithKey, type TestServer } from '../support/test-server.js';
import { type AccountResources, dashboardConfigOf } from './operation-examples.js';

interface Named {
  id: number;
  name: string;
}

/** The id of the deployment with this name in the admin's account (the first start creates `demo`). */
export async function findDeploymentId(server: TestServer, name: string): Promise<number> {
  const response = await server.request({ method: 'GET', url: '/api/v1/deployments?first=100' });
  if (response.status !== 200) {
    throw new Error(`could not list deployments: ${response.status} ${JSON.stringify(response.body)}`);
  }
  const deployment = (response.body as { items: Named[] }).items.find((item) => item.name === name);
  if (!deployment) throw new Error(`no deployment named ${name}`);
  return deployment.id;
}

export async function createDeployment(server: TestServer, name: string): Promise<number> {
  const response = await server.request({ method: 'POST', url: '/build/api/v1/deployments', body: { name } });
  if (response.status !== 201) {
    throw new Error(`could not create deployment ${name}: ${JSON.stringify(response.body)}`);
  }
  return (response.body as Named).id;
}

/** An API key of the admin, created with the given options; returns its id and the key itself. */
export async function createAdminApiKey(
  server: TestServer,
  options: { name: string; deploymentIds?: number[] },
): Promise<{ id: number; token: string }> {
  const response = await server.request({ method: 'POST', url: '/api/v1/api-keys', body: options });
  if (response.status !== 201) throw new Error(`could not create a key: ${JSON.stringify(response.body)}`);
  return response.body as { id: number; token: string };
}

/**
 * A folder of a deployment, written to the store: the workspace content tests and the security suite
 * need content rows whatever content API exists.
 */
export async function insertFolder(
  server: TestServer,
  deploymentId: number,
  options: { name: string; parentId?: number | null },
): Promise<number> {
  const me = await server.request({ method: 'GET', url: '/api/v1/users/me' });
  const { id: userId, account } = me.body as { id: number; account: { id: number } };
  const [folder] = await server.container.platform.store.database
    .insert(contentFoldersTable)
    .values({
      accountId: account.id,
      deploymentId,
      parentId: options.parentId ?? null,
      name: options.name,
      createdByUserId: userId,
    })
    .returning({ id: contentFoldersTable.id });
  if (!folder) throw new Error(`could not insert folder ${options.name}`);
  return folder.id;
}

/** A user group holding `userId`, granted `view` on the folder. */
async function createGroupWithGrant(server: TestServer, userId: number, folderId: number): Promise<number> {
  const group = await server.request({
    method: 'POST',
    url: '/api/v1/user-groups',
    body: { name: 'security-target', description: 'the security suite' },
  });
  if (group.status !== 201) throw new Error(`could not create a group: ${JSON.stringify(group.body)}`);
  const groupId = (group.body as { id: number }).id;
  const member = await server.request({
    method: 'POST',
    url: `/api/v1/user-groups/${groupId}/users`,
    body: { userIds: [userId] },
  });
  const grant = await server.request({
    method: 'PUT',
    url: '/api/v1/resource-policies/group',
    body: { resourceType: 'folder', resourceId: folderId, groupId, action: 'view' },
  });
  if (member.status !== 200 || grant.status !== 200) {
    throw new Error(`could not fill the group: ${JSON.stringify([member.body, grant.body])}`);
  }
  return groupId;
}

/**
 * The first account's resources the examples point at: the demo deployment, a user, an API key, the
 * demo's default agent with a key of its own, a user attribute, a user group and a folder.
 */
export async function createAccountResources(server: TestServer): Promise<AccountResources> {
  const deploymentId = await findDeploymentId(server, 'demo');
  const { userId } = await createUserWithKey(server, 'developer');
  const apiKey = await createAdminApiKey(server, { name: 'security target' });
  const agents = await server.request({ method: 'GET', url: `/api/v1/deployments/${deploymentId}/agents` });
  const agentId = (agents.body as { items: Array<{ id: string }> }).items[0]?.id;
  if (!agentId) throw new Error(`the demo deployment has no agent: ${JSON.stringify(agents.body)}`);
  const agentApiKey = await server.request({
    method: 'POST',
    url: `/api/v1/deployments/${deploymentId}/agents/${agentId}/api-keys`,
    body: { name: 'security target' },
  });
  const attribute = await server.request({
    method: 'POST',
    url: '/api/v1/user-attributes',
    body: { name: 'security_target' },
  });
  if (agentApiKey.status !== 201 || attribute.status !== 201) {
    throw new Error(
      `could not create agent resources: ${JSON.stringify([agentApiKey.body, attribute.body])}`,
    );
  }
  const dbtSyncJobId = await completeDbtSync(server, deploymentId);
  const workbook = await server.request({
    method: 'POST',
    url: `/api/v1/deployments/${deploymentId}/workbooks`,
    body: { name: 'security target', meta: { source: 'security' } },
  });
  if (workbook.status !== 201)
    throw new Error(`could not create a workbook: ${JSON.stringify(workbook.body)}`);
  const dbtRepository = await server.request({
    method: 'PUT',
    url: `/api/v1/deployments/${deploymentId}/dbt-repository`,
    body: { repositoryUrl: securityDbtRepositoryUrl, webhookSecret: 'security-webhook-secret' },
  });
  if (dbtRepository.status !== 200) {
    throw new Error(`could not connect a dbt repository: ${JSON.stringify(dbtRepository.body)}`);
  }
  const [folderId, spareFolderId] = await Promise.all(
    ['security target', 'security spare'].map((name) => createRootFolder(server, deploymentId, name)),
  );
  if (folderId === undefined || spareFolderId === undefined) throw new Error('could not create the folders');
  const groupId = await createGroupWithGrant(server, userId, folderId);
  const report = await server.request({
    method: 'POST',
    url: `/api/v1/deployments/${deploymentId}/reports`,
    body: { name: 'security target', jsonQuery: { measures: ['orders.count'] } },
  });
  if (report.status !== 201) throw new Error(`could not create a report: ${JSON.stringify(report.body)}`);
  const reportId = (report.body as { id: number }).id;
  const dashboard = await publishDashboardOf(server, deploymentId, reportId);
  const oidcTokenConfig = await server.request({
    method: 'POST',
    url: '/api/v1/oidc-token-configs',
    body: { name: 'security target', audience: 'security', targetEnvVar: 'SECURITY_TARGET_TOKEN' },
  });
  if (oidcTokenConfig.status !== 201) {
    throw new Error(`could not create an OIDC token configuration: ${JSON.stringify(oidcTokenConfig.body)}`);
  }
  return {
    deploymentId,
    dbtSyncJobId,
    reportId,
    dashboardWorkbookId: dashboard.workbookId,
    htmlReportId: dashboard.htmlReportId,
    dashboardId: dashboard.id,
    dashboardPublicId: dashboard.publicId,
    reportPublicId: (report.body as { publicId: string }).publicId,
    groupId,
    folderId,
    spareFolderId,
    userId,
    apiKeyId: apiKey.id,
    agentId,
    agentApiKeyId: (agentApiKey.body as { id: number }).id,
    userAttributeId: (attribute.body as { id: number }).id,
    workbookId: (workbook.body as { id: number }).id,
    oauthIntegrationId: await createConnectedOAuthIntegration(server),
    oidcTokenConfigId: (oidcTokenConfig.body as { id: number }).id,
    ...(await createEmbedTenantResources(server, deploymentId)),
    notificationUnsubscribeToken: new UnsubscribeTokens(
      deriveUnsubscribeKey(server.container.platform.secretKey),
    ).sign({
      notificationId: 999_999,
      recipientKey: 'email:security@example.com',
    }),
    ...(await createEmbedResources(server, deploymentId)),
    ...(await createNotificationResources(server, deploymentId, dashboard.id)),
  };
}

/** A notification on the published dashboard, with one e-mail recipient. */
async function createNotificationResources(server: TestServer, deploymentId: number, dashboardId: number) {
  const notificationRecipientEmail = 'security-recipient@example.com';
  const notification = await server.request({
    method: 'POST',
    url: `/api/v1/deployments/${deploymentId}/notifications`,
    body: {
      dashboardId,
      name: 'security target',
      schedule: '0 9 * * 1',
      recipients: [{ type: 'email', email: notificationRecipientEmail }],
    },
  });
  if (notification.status !== 201) {
    throw new Error(`could not create a notification: ${JSON.stringify(notification.body)}`);
  }
  return { notificationId: (notification.body as { id: number }).id, notificationRecipientEmail };
}

/** The HS256 secret of the demo deployment's own token auth (chat-auth settings) in the security suite. */
export const securityPlatformTokenSecret = 'security-platform-token-secret-long-enough-for-hs256';

/** An embed session not yet exchanged, and a customer's JWT the demo deployment's own token auth takes. */
async function createEmbedResources(server: TestServer, deploymentId: number) {
  const session = await server.request({
    method: 'POST',
    url: '/api/v1/embed/generate-session',
    body: { deploymentId, externalId: 'security-target' },
  });
  const chatAuth = await server.request({
    method: 'PUT',
    url: `/api/v1/deployments/${deploymentId}/chat-auth`,
    body: { enabled: true, secret: securityPlatformTokenSecret },
  });
  if (session.status !== 200 || chatAuth.status !== 200) {
    throw new Error(`could not create embed resources: ${JSON.stringify([session.body, chatAuth.body])}`);
  }
  const embedPlatformToken = await new SignJWT({ externalId: 'security-customer', scope: ['chat'] })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime('24h')
    .sign(new TextEncoder().encode(securityPlatformTokenSecret));
  return { embedSessionId: (session.body as { sessionId: string }).sessionId, embedPlatformToken };
}

/** An embed tenant with a group holding one of its users, made by a session as a host would. */
async function createEmbedTenantResources(server: TestServer, deploymentId: number) {
  const embedTenantName = 'security-tenant';
  const embedExternalId = 'security-embed-user';
  const session = await server.request({
    method: 'POST',
    url: '/api/v1/embed/generate-session',
    body: {
      deploymentId,
      externalId: embedExternalId,
      isEphemeral: false,
      embedTenantName,
      tenantGroupDefinitions: [{ name: 'security-group' }],
      tenantGroups: ['security-group'],
    },
  });
  const groups = await server.request({
    method: 'GET',
    url: `/api/v1/embed-tenants/${embedTenantName}/groups`,
  });
  const embedGroupId = (groups.body as { items?: Array<{ id: number }> }).items?.[0]?.id;
  if (session.status !== 200 || embedGroupId === undefined) {
    throw new Error(`could not create the embed tenant: ${JSON.stringify([session.body, groups.body])}`);
  }
  return { embedTenantName, embedGroupId, embedExternalId };
}

/**
 * An OAuth integration the admin is connected to. The connection is written to the store: making one
 * through the API needs a provider (test/integrations has a scripted one); without a revocation URL,
 * nothing the suite sends reaches out of the process.
 */
async function createConnectedOAuthIntegration(server: TestServer): Promise<number> {
  const integration = await server.request({
    method: 'POST',
    url: '/api/v1/oauth-integrations',
    body: {
      name: 'security target',
      clientId: 'security-client',
      clientSecret: 'security-client-secret',
      authorizationUrl: 'https://auth.example.com/authorize',
      tokenUrl: 'https://auth.example.com/token',
      scopes: ['read'],
    },
  });
  if (integration.status !== 201) {
    throw new Error(`could not create an OAuth integration: ${JSON.stringify(integration.body)}`);
  }
  const integrationId = (integration.body as Named).id;
  const me = await server.request({ method: 'GET', url: '/api/v1/users/me' });
  const { secretBox, store } = server.container.platform;
  await store.database.insert(userOAuthTokensTable).values({
    userId: (me.body as { id: number }).id,
    integrationId,
    status: 'active',
    accessTokenEncrypted: secretBox.encrypt('security-access-token'),
    refreshTokenEncrypted: secretBox.encrypt('security-refresh-token'),
    accessTokenExpiresAt: new Date(Date.now() + 3_600_000),
    scopes: ['read'],
  });
  return integrationId;
}

/** The Python of the security dashboard's html report: quick, and it needs nothing. */
export const securityPythonCode = "platform_output(html='<p>security</p>')";

/** A second workbook with a published dashboard (widgets on the report, an AI widget, an html report). */
async function publishDashboardOf(server: TestServer, deploymentId: number, reportId: number) {
  const workbook = await server.request({
    method: 'POST',
    url: `/api/v1/deployments/${deploymentId}/workbooks`,
    body: { name: 'security dashboard' },
  });
  if (workbook.status !== 201)
    throw new Error(`could not create a workbook: ${JSON.stringify(workbook.body)}`);
  const workbookId = (workbook.body as Named).id;
  const htmlReport = await server.request({
    method: 'POST',
    url: `/api/v1/deployments/${deploymentId}/reports`,
    body: { name: 'security html', kind: 'html', workbookId, meta: { pythonCode: securityPythonCode } },
  });
  if (htmlReport.status !== 201)
    throw new Error(`could not create a report: ${JSON.stringify(htmlReport.body)}`);
  const htmlReportId = (htmlReport.body as Named).id;
  const dashboard = await server.request({
    method: 'POST',
    url: `/api/v1/deployments/${deploymentId}/workbooks/${workbookId}/publish`,
    body: { config: dashboardConfigOf(reportId, htmlReportId) },
  });
  if (dashboard.status !== 200) throw new Error(`could not publish: ${JSON.stringify(dashboard.body)}`);
  return { ...(dashboard.body as { id: number; publicId: string; workbookId: number }), htmlReportId };
}

async function createRootFolder(server: TestServer, deploymentId: number, name: string): Promise<number> {
  const folder = await server.request({
    method: 'POST',
    url: `/api/v1/deployments/${deploymentId}/folders`,
    body: { name },
  });
  if (folder.status !== 201) throw new Error(`could not create a folder: ${JSON.stringify(folder.body)}`);
  return (folder.body as Named).id;
}

/** The demo deployment's dbt repository; never fetched by the security suite. */
export const securityDbtRepositoryUrl = 'https://git.example.com/security/dbt.git';

/** A dbt sync of one small model, waited for until it completed (its result exists). */
async function completeDbtSync(server: TestServer, deploymentId: number): Promise<string> {
  const base = `/api/v1/deployments/${deploymentId}/dbt-sync`;
  const started = await server.request({
    method: 'POST',
    url: base,
    body: { source: 'manifest', manifest: securityManifest, branchName: 'security-target-dbt' },
  });
  if (started.status !== 201) throw new Error(`could not start a dbt sync: ${JSON.stringify(started.body)}`);
  const { syncJobId } = started.body as { syncJobId: string };
  await server.container.platform.jobs.idle();
  const status = await server.request({ method: 'GET', url: `${base}/${syncJobId}` });
  if ((status.body as { status: string }).status !== 'COMPLETED') {
    throw new Error(`the dbt sync did not complete: ${JSON.stringify(status.body)}`);
  }
  return syncJobId;
}

const securityManifest = manifestOf({
  'model.shop.security_target': modelNode('security_target', {
    columns: { id: columnOf('id', { data_type: 'integer' }) },
  }),
});

/** What the first account's resources look like, to prove that refused calls changed nothing. */
export async function snapshotResources(server: TestServer, resources: AccountResources) {
  const urls = [
    `/api/v1/deployments/${resources.deploymentId}/settings`,
    `/api/v1/deployments/${resources.deploymentId}/env-vars`,
    `/api/v1/users/${resources.userId}`,
    `/api/v1/api-keys/${resources.apiKeyId}`,
    '/api/v1/users?first=100',
    '/api/v1/deployments?first=100',
    `/api/v1/deployments/${resources.deploymentId}/agents`,
    `/api/v1/deployments/${resources.deploymentId}/agents/${resources.agentId}/api-keys`,
    `/api/v1/deployments/${resources.deploymentId}/chat-auth`,
    `/api/v1/deployments/${resources.deploymentId}/dbt-repository`,
    '/api/v1/user-attributes',
    '/api/v1/user-groups',
    `/api/v1/user-groups/${resources.groupId}/users`,
    `/api/v1/resource-policies?resourceType=folder&resourceId=${resources.folderId}`,
    `/api/v1/deployments/${resources.deploymentId}/workbooks?first=100`,
    `/api/v1/deployments/${resources.deploymentId}/workbooks/${resources.workbookId}`,
    `/api/v1/deployments/${resources.deploymentId}/folders/${resources.folderId}`,
    `/api/v1/deployments/${resources.deploymentId}/workspace`,
    `/api/v1/user-attribute-values/${resources.userId}`,
    '/api/v1/oauth-integrations',
    '/api/v1/user-oauth-tokens',
    '/api/v1/embed-tenants',
    `/api/v1/embed-tenants/${resources.embedTenantName}/users`,
    `/api/v1/embed-tenants/${resources.embedTenantName}/groups`,
    `/api/v1/deployments/${resources.deploymentId}/workbooks/${resources.dashboardWorkbookId}/embed-access`,
    `/api/v1/deployments/${resources.deploymentId}/notifications/${resources.notificationId}`,
  ];
  const answers = await Promise.all(urls.map((url) => server.request({ method: 'GET', url })));
  return urls.map((url, index) => ({ url, status: answers[index]?.status, body: answers[index]?.body }));
}
