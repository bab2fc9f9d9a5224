import { actionsOfRole, type OperationDefinition, type RoleName, roles } from '@platform/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createEmbedViewer } from '../embed/embed-viewer-fixtures.js';
import { expectErrorBody } from '../http/expect-error-body.js';
import {
  createOtherAccount,
  createUserWithKey,
  type StoreEngine,
  startTestServer,
  storeEngines,
  type TestServer,
} from '../support/test-server.js';
import {
  createAccountResources,
  createAdminApiKey,
  createDeployment,
  snapshotResources,
} from './account-resources.js';
import { type AccountResources, operationExamples, queryOfExample } from './operation-examples.js';
import {
  credentialOperations,
  exampleOf,
  exampleRequest,
  pathParametersOf,
  publicOperations,
  registeredOperations,
  sendExample,
  webhookOperations,
} from './operation-request.js';

const viewerActions: ReadonlySet<string> = new Set(actionsOfRole.viewer);
const limitedRoles = roles.filter((role) => role !== 'admin');
const operationById = new Map(registeredOperations.map((operation) => [operation.operationId, operation]));
const idsOf = (selected: OperationDefinition[]) => selected.map((operation) => operation.operationId);

const allOperations = idsOf([...registeredOperations]);
const credentialOperationIds = idsOf([...credentialOperations]);
/** The operations an embedded dashboard page calls: they also take an embed token, and no other does. */
const embedSchemeIds = idsOf(credentialOperations.filter((operation) => operation.authScheme === 'embed'));
const beyondEmbedIds = idsOf(credentialOperations.filter((operation) => operation.authScheme !== 'embed'));
/** Every pair of a role below admin and an operation whose declared action that role lacks. */
const beyondRole: Array<[RoleName, string]> = limitedRoles.flatMap((role) =>
  credentialOperations
    .filter((operation) => operation.action && !actionsOfRole[role].includes(operation.action))
    .map((operation): [RoleName, string] => [role, operation.operationId]),
);
/** Content operations whose example needs more than view on its item: which roles fall short of it. */
const contentLevelRoles: Record<'edit' | 'manage', RoleName[]> = {
  edit: ['viewer'],
  manage: ['viewer', 'developer'],
};
const belowContentLevel: Array<[RoleName, string]> = credentialOperations.flatMap((operation) => {
  const level = operationExamples[operation.operationId]?.contentLevel;
  return level
    ? contentLevelRoles[level].map((role): [RoleName, string] => [role, operation.operationId])
    : [];
});
const withinViewer = idsOf(
  credentialOperations.filter(
    (operation) =>
      operation.action &&
      viewerActions.has(operation.action) &&
      !operationExamples[operation.operationId]?.contentLevel,
  ),
);
const onAccountResources = idsOf(
  credentialOperations.filter(
    (operation) =>
      pathParametersOf(operation).length > 0 ||
      operationExamples[operation.operationId]?.namesResourcesInInput,
  ),
);
const onDeployments = idsOf(
  credentialOperations.filter((operation) => pathParametersOf(operation).includes('deploymentId')),
);
/** Lists of the account as a whole: GET, no path parameter, an `items` array in the answer. */
const accountLists = idsOf(
  credentialOperations.filter(
    (operation) =>
      operation.method === 'GET' &&
      pathParametersOf(operation).length === 0 &&
      operation.response instanceof z.ZodObject &&
      'items' in operation.response.shape &&
      !operationExamples[operation.operationId]?.sharedListReason,
  ),
);

function operationOf(operationId: string): OperationDefinition {
  const operation = operationById.get(operationId);
  if (!operation) throw new Error(`no operation ${operationId}`);
  return operation;
}

/** Resources with made-up ids, for checking the examples against the schemas without a server. */
const placeholderResources: AccountResources = {
  deploymentId: 1,
  userId: 2,
  apiKeyId: 3,
  agentId: '00000000-0000-4000-8000-000000000004',
  agentApiKeyId: 5,
  userAttributeId: 6,
  dbtSyncJobId: '00000000-0000-4000-8000-000000000007',
  workbookId: 8,
  reportId: 9,
  reportPublicId: 'SecurityRep9',
  groupId: 10,
  folderId: 11,
  spareFolderId: 12,
  dashboardWorkbookId: 13,
  htmlReportId: 15,
  dashboardId: 14,
  dashboardPublicId: 'SecurityDsh4',
  oauthIntegrationId: 16,
  oidcTokenConfigId: 17,
  embedTenantName: 'security-tenant',
  embedGroupId: 18,
  embedExternalId: 'security-embed-user',
  embedSessionId: '0123456789abcdef0123456789abcdef',
  embedPlatformToken: 'eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl',
  notificationId: 19,
  notificationRecipientEmail: 'security-recipient@example.com',
  notificationUnsubscribeToken: 'security.unsubscribe-token',
};

describe('the examples table of the security suite', () => {
  it('has an example for every operation of the registry', () => {
    const missing = allOperations.filter((operationId) => !(operationId in operationExamples));
    expect(missing).toEqual([]);
  });

  it('names only operations of the registry', () => {
    const unknown = Object.keys(operationExamples).filter((operationId) => !operationById.has(operationId));
    expect(unknown).toEqual([]);
  });

  it.each(allOperations)('gives valid input for %s', (operationId) => {
    const operation = operationOf(operationId);
    const example = exampleOf(operation);
    const request = exampleRequest(operation, placeholderResources);
    expect(request.url).not.toMatch(/[{}]/);
    const params = example.params?.(placeholderResources) ?? {};
    expect(operation.params?.safeParse(params).success ?? Object.keys(params).length === 0).toBe(true);
    const query = operation.query?.safeParse(queryOfExample(example, placeholderResources));
    expect(query?.error?.issues ?? [], 'query').toEqual([]);
    if (operation.body) {
      const body = example.body?.(placeholderResources);
      const parsed = operation.body.safeParse(body ?? {});
      expect(parsed.error?.issues ?? [], 'body').toEqual([]);
      if (operation.isBodyRequired) expect(body, 'a required body').toBeDefined();
    } else {
      expect(example.body, 'a body for an operation that takes none').toBeUndefined();
    }
  });

  it('finds operations for every rule it checks', () => {
    for (const selected of [beyondRole, withinViewer, onAccountResources, onDeployments, accountLists]) {
      expect(selected.length).toBeGreaterThan(0);
    }
  });
});

describe.each(storeEngines)('access checks of every operation on %s', (engine: StoreEngine) => {
  let server: TestServer;
  let resources: AccountResources;
  const roleKeys = new Map<RoleName, string>();
  let otherAdminKey: string;
  let scopedKey: string;
  let scopedDeploymentId: number;
  let snapshotBefore: Awaited<ReturnType<typeof snapshotResources>>;
  let embedToken: string;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    resources = await createAccountResources(server);
    for (const role of limitedRoles) roleKeys.set(role, (await createUserWithKey(server, role)).key);
    otherAdminKey = (await createOtherAccount(server)).adminKey;
    scopedDeploymentId = await createDeployment(server, 'scoped-target');
    scopedKey = (await createAdminApiKey(server, { name: 'scoped', deploymentIds: [scopedDeploymentId] }))
      .token;
    snapshotBefore = await snapshotResources(server, resources);
    const me = await server.request({ method: 'GET', url: '/api/v1/users/me' });
    const accountId = (me.body as { account: { id: number } }).account.id;
    embedToken = (await createEmbedViewer(server, { accountId, deploymentId: resources.deploymentId })).token;
  });
  afterAll(async () => {
    await server?.close();
  });

  function keyOf(role: RoleName): string {
    const key = roleKeys.get(role);
    if (!key) throw new Error(`no key for the ${role} role`);
    return key;
  }

  it.each(idsOf([...webhookOperations]))(
    'refuses %s without the shared secret (401), whatever API key comes with it',
    async (operationId) => {
      for (const key of [null, server.adminKey, otherAdminKey]) {
        const answer = await sendExample(server, operationOf(operationId), resources, key);
        expectErrorBody(answer, 'UNAUTHORIZED', operationId);
      }
    },
  );

  it.each(credentialOperationIds)('refuses %s without a credential (401)', async (operationId) => {
    const answer = await sendExample(server, operationOf(operationId), resources, null);
    expectErrorBody(answer, 'UNAUTHORIZED', operationId);
  });

  it.each(credentialOperationIds)('refuses %s with an unknown API key (401)', async (operationId) => {
    const answer = await sendExample(server, operationOf(operationId), resources, `sk-${'x'.repeat(43)}`);
    expectErrorBody(answer, 'UNAUTHORIZED', operationId);
  });

  it.each(beyondEmbedIds)('refuses an embed token at %s, which takes none (401)', async (operationId) => {
    const answer = await sendExample(server, operationOf(operationId), resources, embedToken);
    expectErrorBody(answer, 'UNAUTHORIZED', operationId);
  });

  it.each(embedSchemeIds)(
    'refuses %s to an embed token of the account whose access rules do not open the dashboard (403)',
    async (operationId) => {
      const answer = await sendExample(server, operationOf(operationId), resources, embedToken);
      expectErrorBody(answer, 'FORBIDDEN', operationId);
    },
  );

  it.each(beyondRole)('refuses to a %s the operation %s (403)', async (role, operationId) => {
    const answer = await sendExample(server, operationOf(operationId), resources, keyOf(role));
    expectErrorBody(answer, 'FORBIDDEN', `${role} ${operationId}`);
  });

  it.each(belowContentLevel)(
    "refuses to a %s the content operation %s, whose item needs more than the role's level (403)",
    async (role, operationId) => {
      const answer = await sendExample(server, operationOf(operationId), resources, keyOf(role));
      expectErrorBody(answer, 'FORBIDDEN', `${role} ${operationId}`);
    },
  );

  it.each(withinViewer)('lets a viewer call %s, which its role allows', async (operationId) => {
    const operation = operationOf(operationId);
    const answer = await sendExample(server, operation, resources, keyOf('viewer'));
    expect(answer.status, JSON.stringify(answer.body)).toBe(operation.successStatus);
  });

  it.each(onAccountResources)(
    "answers %s on the first account's resource with 404 to another account's admin",
    async (operationId) => {
      const answer = await sendExample(server, operationOf(operationId), resources, otherAdminKey);
      expectErrorBody(answer, 'NOT_FOUND', operationId);
    },
  );

  it.each(accountLists)(
    "shows none of the first account's items in %s to another account",
    async (operationId) => {
      const operation = operationOf(operationId);
      const ownAnswer = await sendExample(server, operation, resources, server.adminKey);
      const ownItems = (ownAnswer.body as { items: Array<{ id: unknown }> }).items;
      expect(ownItems.length, 'the first account must have items to hide').toBeGreaterThan(0);
      const otherAnswer = await sendExample(server, operation, resources, otherAdminKey);
      expect(otherAnswer.status).toBe(200);
      const ownIds = new Set(ownItems.map((item) => JSON.stringify(item.id)));
      const otherItems = (otherAnswer.body as { items: Array<{ id: unknown }> }).items;
      expect(otherItems.filter((item) => ownIds.has(JSON.stringify(item.id)))).toEqual([]);
    },
  );

  it.each(onDeployments)(
    'refuses %s on the demo deployment to a key scoped to another deployment (403)',
    async (operationId) => {
      const answer = await sendExample(server, operationOf(operationId), resources, scopedKey);
      expectErrorBody(answer, 'FORBIDDEN', operationId);
    },
  );

  it('lets the scoped key use the deployment it is scoped to', async () => {
    const answer = await server.request({
      method: 'GET',
      url: `/api/v1/deployments/${scopedDeploymentId}`,
      key: scopedKey,
    });
    expect(answer.status).toBe(200);
  });

  it.each(idsOf([...publicOperations]))('answers %s without a credential', async (operationId) => {
    const operation = operationOf(operationId);
    const answer = await sendExample(server, operation, resources, null);
    expect(answer.status, JSON.stringify(answer.body)).toBe(operation.successStatus);
  });

  it("leaves the first account's resources as they were after every refused call", async () => {
    expect(await snapshotResources(server, resources)).toEqual(snapshotBefore);
  });
});
