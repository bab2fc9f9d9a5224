import { columnOf, manifestOf, modelNode } from '../../packages/server/test/dbt-sync/manifest-builder.js';
import type { BadInputTargets } from '../../packages/server/test/security/bad-input-targets.js';
import { dashboardConfigOf } from '../../packages/server/test/security/operation-examples.js';

type Call = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: unknown }>;

/** A JSON call with the admin key, over the real listener. */
export function adminCall(baseUrl: string, adminKey: string): Call {
  return async (method, path, body) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${adminKey}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  };
}

async function expectStatus(call: Call, status: number, method: string, path: string, body?: unknown) {
  const answer = await call(method, path, body);
  if (answer.status !== status) {
    throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body as Record<string, unknown>;
}

/**
 * Real resources of the admin's account for the fuzzer's requests to point at, created over HTTP as a
 * client would: the demo deployment, a user, keys, an attribute, a completed dbt sync, a dbt repository.
 */
export async function createFuzzTargets(call: Call): Promise<BadInputTargets> {
  const me = await expectStatus(call, 200, 'GET', '/api/v1/users/me');
  const accountName = (me.account as { name: string }).name;
  const deployments = await expectStatus(call, 200, 'GET', '/api/v1/deployments?first=100');
  const demo = (deployments.items as Array<{ id: number; name: string }>).find(
    (item) => item.name === 'demo',
  );
  if (!demo) throw new Error('the platform has no demo deployment');
  const deploymentId = demo.id;
  const user = await expectStatus(call, 201, 'POST', '/api/v1/users', {
    email: 'fuzz-target@example.com',
    role: 'developer',
  });
  const apiKey = await expectStatus(call, 201, 'POST', '/api/v1/api-keys', { name: 'fuzz target' });
  const agents = await expectStatus(call, 200, 'GET', `/api/v1/deployments/${deploymentId}/agents`);
  const agentId = (agents.items as Array<{ id: string }>)[0]?.id;
  if (!agentId) throw new Error('the demo deployment has no agent');
  const agentKey = await expectStatus(
    call,
    201,
    'POST',
    `/api/v1/deployments/${deploymentId}/agents/${agentId}/api-keys`,
    { name: 'fuzz target' },
  );
  const attribute = await expectStatus(call, 201, 'POST', '/api/v1/user-attributes', { name: 'fuzz_target' });
  const manifest = manifestOf({
    'model.shop.fuzz_target': modelNode('fuzz_target', {
      columns: { id: columnOf('id', { data_type: 'integer' }) },
    }),
  });
  const sync = await expectStatus(call, 201, 'POST', `/api/v1/deployments/${deploymentId}/dbt-sync`, {
    source: 'manifest',
    manifest,
    branchName: 'fuzz-target-dbt',
  });
  const syncJobId = String(sync.syncJobId);
  for (let attempt = 0; ; attempt += 1) {
    const status = await expectStatus(
      call,
      200,
      'GET',
      `/api/v1/deployments/${deploymentId}/dbt-sync/${syncJobId}`,
    );
    if (status.status === 'COMPLETED') break;
    if (attempt > 600 || status.status === 'FAILED')
      throw new Error(`the dbt sync did not complete: ${status.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await expectStatus(call, 200, 'PUT', `/api/v1/deployments/${deploymentId}/dbt-repository`, {
    repositoryUrl: 'https://git.example.com/fuzz/dbt.git',
    webhookSecret: 'fuzz-webhook-secret',
  });
  const group = await expectStatus(call, 201, 'POST', '/api/v1/user-groups', { name: 'fuzz-target' });
  await expectStatus(call, 200, 'POST', `/api/v1/user-groups/${group.id}/users`, { userIds: [user.id] });
  const workbook = await expectStatus(call, 201, 'POST', `/api/v1/deployments/${deploymentId}/workbooks`, {
    name: 'fuzz target',
  });
  const report = await expectStatus(call, 201, 'POST', `/api/v1/deployments/${deploymentId}/reports`, {
    name: 'fuzz target',
  });
  const dashboardWorkbook = await expectStatus(
    call,
    201,
    'POST',
    `/api/v1/deployments/${deploymentId}/workbooks`,
    {
      name: 'fuzz dashboard',
    },
  );
  const htmlReport = await expectStatus(call, 201, 'POST', `/api/v1/deployments/${deploymentId}/reports`, {
    name: 'fuzz html',
    kind: 'html',
    meta: { pythonCode: "platform_output(html='<p>fuzz</p>')" },
  });
  const dashboard = await expectStatus(
    call,
    200,
    'POST',
    `/api/v1/deployments/${deploymentId}/workbooks/${dashboardWorkbook.id}/publish`,
    { config: dashboardConfigOf(Number(report.id), Number(htmlReport.id)) },
  );
  const folders = `/api/v1/deployments/${deploymentId}/folders`;
  const folder = await expectStatus(call, 201, 'POST', folders, { name: 'fuzz target' });
  const spareFolder = await expectStatus(call, 201, 'POST', folders, { name: 'fuzz spare' });
  // No revocation URL and endpoints never contacted: the fuzzer's calls stay inside the process.
  const oauthIntegration = await expectStatus(call, 201, 'POST', '/api/v1/oauth-integrations', {
    name: 'fuzz target',
    clientId: 'fuzz-client',
    clientSecret: 'fuzz-client-secret',
    authorizationUrl: 'https://auth.example.com/authorize',
    tokenUrl: 'https://auth.example.com/token',
  });
  const oidcTokenConfig = await expectStatus(call, 201, 'POST', '/api/v1/oidc-token-configs', {
    name: 'fuzz target',
    audience: 'fuzz',
    targetEnvVar: 'FUZZ_TARGET_TOKEN',
  });
  const embedSession = await expectStatus(call, 200, 'POST', '/api/v1/embed/generate-session', {
    deploymentId,
    externalId: 'fuzz-target',
  });
  await expectStatus(call, 200, 'POST', '/api/v1/embed/generate-session', {
    deploymentId,
    externalId: 'fuzz-embed-user',
    embedTenantName: 'fuzz-tenant',
    tenantGroupDefinitions: [{ name: 'fuzz-group' }],
    tenantGroups: ['fuzz-group'],
  });
  const embedGroups = await expectStatus(call, 200, 'GET', '/api/v1/embed-tenants/fuzz-tenant/groups');
  const notificationRecipientEmail = 'fuzz-recipient@example.com';
  const notification = await expectStatus(
    call,
    201,
    'POST',
    `/api/v1/deployments/${deploymentId}/notifications`,
    {
      dashboardId: Number(dashboard.id),
      name: 'fuzz target',
      schedule: '0 9 * * 1',
      recipients: [{ type: 'email', email: notificationRecipientEmail }],
    },
  );
  return {
    accountName,
    resources: {
      groupId: Number(group.id),
      deploymentId,
      userId: Number(user.id),
      apiKeyId: Number(apiKey.id),
      agentId,
      agentApiKeyId: Number(agentKey.id),
      userAttributeId: Number(attribute.id),
      dbtSyncJobId: syncJobId,
      workbookId: Number(workbook.id),
      reportId: Number(report.id),
      reportPublicId: String(report.publicId),
      folderId: Number(folder.id),
      spareFolderId: Number(spareFolder.id),
      dashboardWorkbookId: Number(dashboardWorkbook.id),
      htmlReportId: Number(htmlReport.id),
      dashboardId: Number(dashboard.id),
      dashboardPublicId: String(dashboard.publicId),
      oauthIntegrationId: Number(oauthIntegration.id),
      oidcTokenConfigId: Number(oidcTokenConfig.id),
      embedTenantName: 'fuzz-tenant',
      embedGroupId: Number((embedGroups.items as Array<{ id: number }>)[0]?.id),
      embedExternalId: 'fuzz-embed-user',
      embedSessionId: String(embedSession.sessionId),
      // The fuzzer sends only bad input: a token no deployment takes is enough.
      embedPlatformToken: 'eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl',
      notificationId: Number(notification.id),
      notificationRecipientEmail,
      notificationUnsubscribeToken: 'fuzz.unsubscribe-token',
    },
  };
}
