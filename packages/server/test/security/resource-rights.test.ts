import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../http/expect-error-body.js';
import {
  createOtherAccount,
  createUserWithKey,
  type StoreEngine,
  startTestServer,
  storeEngines,
  type TestServer,
} from '../support/test-server.js';
import { createAccountResources, createAdminApiKey, createDeployment } from './account-resources.js';
import type { AccountResources } from './operation-examples.js';

/** Rights decided by the resource or the input, beyond the action an operation declares. */
describe.each(storeEngines)(
  'rights that depend on the resource or the input on %s',
  (engine: StoreEngine) => {
    let server: TestServer;
    let resources: AccountResources;
    let developerKey: string;
    let viewerKey: string;
    let otherAdminKey: string;
    let envVarsUrl: string;

    beforeAll(async () => {
      server = await startTestServer({ engine });
      resources = await createAccountResources(server);
      developerKey = (await createUserWithKey(server, 'developer')).key;
      viewerKey = (await createUserWithKey(server, 'viewer')).key;
      otherAdminKey = (await createOtherAccount(server)).adminKey;
      envVarsUrl = `/api/v1/deployments/${resources.deploymentId}/env-vars`;
    });
    afterAll(async () => {
      await server?.close();
    });

    it('reveals secret values only with SecretsManage', async () => {
      for (const key of [developerKey, viewerKey]) {
        const answer = await server.request({ method: 'GET', url: `${envVarsUrl}?reveal=true`, key });
        expectErrorBody(answer, 'FORBIDDEN');
      }
      expect((await server.request({ method: 'GET', url: `${envVarsUrl}?reveal=true` })).status).toBe(200);
    });

    it('lets only SecretsManage set or remove a secret variable, and refuses the whole change', async () => {
      for (const value of ['hunter2', null]) {
        const answer = await server.request({
          method: 'PUT',
          url: envVarsUrl,
          key: developerKey,
          body: {
            env_variables: [
              { name: 'PLAIN_SETTING', value: '1' },
              { name: 'DB_PASSWORD', value },
            ],
          },
        });
        expectErrorBody(answer, 'FORBIDDEN');
      }
      const names = (
        (await server.request({ method: 'GET', url: envVarsUrl })).body as { items: Array<{ name: string }> }
      ).items.map((item) => item.name);
      expect(names).not.toContain('PLAIN_SETTING');
      expect(names).not.toContain('DB_PASSWORD');
      const plain = await server.request({
        method: 'PUT',
        url: envVarsUrl,
        key: developerKey,
        body: { env_variables: [{ name: 'PLAIN_SETTING', value: '1' }] },
      });
      expect(plain.status).toBe(200);
    });

    it("does not let another account name the first account's users in a query or a body", async () => {
      const keys = await server.request({
        method: 'GET',
        url: `/api/v1/api-keys?userId=${resources.userId}`,
        key: otherAdminKey,
      });
      expectErrorBody(keys, 'NOT_FOUND');
      const key = await server.request({
        method: 'POST',
        url: '/api/v1/api-keys',
        key: otherAdminKey,
        body: { name: 'foreign', userId: resources.userId },
      });
      expectErrorBody(key, 'NOT_FOUND');
      const bulk = await server.request({
        method: 'POST',
        url: '/api/v1/users/bulk',
        key: otherAdminKey,
        body: { action: 'DEACTIVATE', userIds: [resources.userId] },
      });
      expect(bulk.status).toBe(200);
      expect(bulk.body).toMatchObject({
        succeeded: [],
        failed: [{ id: resources.userId, error: { status: 404 } }],
      });
      const user = await server.request({ method: 'GET', url: `/api/v1/users/${resources.userId}` });
      expect(user.body).toMatchObject({ status: 'active' });
    });

    it("hides another user's API keys from a developer and leaves them working", async () => {
      for (const method of ['GET', 'DELETE']) {
        const answer = await server.request({
          method,
          url: `/api/v1/api-keys/${resources.apiKeyId}`,
          key: developerKey,
        });
        expectErrorBody(answer, 'NOT_FOUND', method);
      }
      const me = (await server.request({ method: 'GET', url: '/api/v1/users/me' })).body as { id: number };
      const list = await server.request({
        method: 'GET',
        url: `/api/v1/api-keys?userId=${me.id}`,
        key: developerKey,
      });
      expectErrorBody(list, 'FORBIDDEN');
      expect(
        (await server.request({ method: 'GET', url: `/api/v1/api-keys/${resources.apiKeyId}` })).status,
      ).toBe(200);
    });

    it('keeps a key scoped to one deployment inside it: lists, creations and new keys', async () => {
      const scopedDeploymentId = await createDeployment(server, 'rights-scoped-target');
      const scopedKey = (
        await createAdminApiKey(server, { name: 'scoped', deploymentIds: [scopedDeploymentId] })
      ).token;
      const list = await server.request({ method: 'GET', url: '/api/v1/deployments', key: scopedKey });
      expect((list.body as { items: Array<{ id: number }> }).items.map((item) => item.id)).toEqual([
        scopedDeploymentId,
      ]);
      const created = await server.request({
        method: 'POST',
        url: '/build/api/v1/deployments',
        key: scopedKey,
        body: { name: 'escape' },
      });
      expectErrorBody(created, 'FORBIDDEN');
      const widened = await server.request({
        method: 'POST',
        url: '/api/v1/api-keys',
        key: scopedKey,
        body: { name: 'wider', deploymentIds: [resources.deploymentId] },
      });
      expectErrorBody(widened, 'FORBIDDEN');
    });

    it('keeps notifications to the deployments a key reaches, and embed-user recipients to EmbedManage', async () => {
      const scopedDeploymentId = await createDeployment(server, 'rights-notifications-scoped');
      const scopedKey = (
        await createAdminApiKey(server, { name: 'notifications scoped', deploymentIds: [scopedDeploymentId] })
      ).token;
      const scopedList = await server.request({
        method: 'GET',
        url: '/api/v1/notifications',
        key: scopedKey,
      });
      expect(scopedList.status).toBe(200);
      expect((scopedList.body as { items: unknown[] }).items).toEqual([]);
      const own = await server.request({ method: 'GET', url: '/api/v1/notifications' });
      expect((own.body as { items: Array<{ id: number }> }).items.map((item) => item.id)).toContain(
        resources.notificationId,
      );
      const filtered = await server.request({
        method: 'GET',
        url: `/api/v1/notifications?deploymentId=${resources.deploymentId}`,
        key: scopedKey,
      });
      expectErrorBody(filtered, 'FORBIDDEN');
      const recipients = `/api/v1/deployments/${resources.deploymentId}/notifications/${resources.notificationId}/recipients`;
      const embedUser = { type: 'embedUser', embedTenantName: resources.embedTenantName, externalId: 'eve' };
      const added = await server.request({
        method: 'POST',
        url: recipients,
        key: developerKey,
        body: { recipients: [{ type: 'email', email: 'fine@example.com' }, embedUser] },
      });
      expectErrorBody(added, 'FORBIDDEN');
      const left = (await server.request({ method: 'GET', url: recipients })).body as {
        items: Array<{ email: string | null }>;
      };
      expect(left.items.map((item) => item.email)).not.toContain('fine@example.com');
      const foreignDashboard = await server.request({
        method: 'POST',
        url: `/api/v1/deployments/${resources.deploymentId}/notifications`,
        key: otherAdminKey,
        body: { dashboardId: resources.dashboardId, name: 'foreign', schedule: '0 9 * * 1' },
      });
      expectErrorBody(foreignDashboard, 'NOT_FOUND');
    });
  },
);
