import { hostname } from 'node:os';
import type { DeploymentLogEntry } from '@platform/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StoreEngine, startTestServer, storeEngines, type TestServer } from '../support/test-server.js';
import { createDeployment, readAllLogs, updateDeployment } from './deployment-helpers.js';

const podName = `${hostname()}-${process.pid}`;

interface LogsPage {
  items: DeploymentLogEntry[];
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
}

describe.each(storeEngines)(
  'deployment logs, pods, build status and regions on %s',
  (engine: StoreEngine) => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ engine });
    });
    afterAll(async () => {
      await server?.close();
    });

    it("records the deployment's own events, oldest first", async () => {
      const deployment = await createDeployment(server, { creationMethod: 'github' });
      await updateDeployment(server, deployment.id, {
        name: `${deployment.name}-renamed`,
        deployMode: 'git',
      });
      await updateDeployment(server, deployment.id, { deployMode: 'git' });
      await server.request({
        method: 'POST',
        url: `/api/v1/deployments/${deployment.id}/creation-step/advance`,
      });
      const entries = await readAllLogs(server, deployment.id);
      expect(entries.map((entry) => entry.message)).toEqual([
        `deployment "${deployment.name}" created (creation method github, region local)`,
        'settings changed: name, deployMode',
        'creation step moved from project to github',
      ]);
      for (const entry of entries) {
        expect(entry).toMatchObject({ pod: podName, source: 'production', container: 'api-proxy' });
        expect(Number.isNaN(Date.parse(entry.date))).toBe(false);
      }
    });

    it('filters by source, container and pod, and pages with a cursor', async () => {
      const deployment = await createDeployment(server);
      const logs = server.container.services.deploymentLogs;
      await logs.append(deployment.id, { source: 'dev', container: 'INIT', message: 'model build started' });
      await logs.append(deployment.id, {
        source: 'production',
        container: 'MAIN',
        message: 'query answered',
      });
      await logs.append(deployment.id, { source: 'dev', container: 'INIT', message: 'model build finished' });
      const messagesOf = async (filter: string) =>
        (await readAllLogs(server, deployment.id, filter)).map((entry) => entry.message);
      expect(await messagesOf('&source=dev')).toEqual(['model build started', 'model build finished']);
      expect(await messagesOf('&container=MAIN')).toEqual(['query answered']);
      expect(await messagesOf('&source=production&container=INIT')).toEqual([]);
      expect(await messagesOf(`&pod=${encodeURIComponent(podName)}`)).toHaveLength(4);
      expect(await messagesOf('&pod=elsewhere-1')).toEqual([]);

      const paged: string[] = [];
      let after: string | null = null;
      let pages = 0;
      do {
        const url: string = `/api/v1/deployments/${deployment.id}/logs?first=1${after ? `&after=${after}` : ''}`;
        const page = (await server.request({ method: 'GET', url })).body as LogsPage;
        expect(page.items).toHaveLength(1);
        paged.push(...page.items.map((entry) => entry.message));
        after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
        pages += 1;
      } while (after);
      expect(pages).toBe(4);
      expect(paged).toEqual(await messagesOf(''));
      expect(paged.at(-1)).toBe('model build finished');

      for (const query of ['source=staging', 'container=nginx', 'after=garbage', 'first=0']) {
        const response = await server.request({
          method: 'GET',
          url: `/api/v1/deployments/${deployment.id}/logs?${query}`,
        });
        expect(response.status, query).toBe(400);
      }
      expect((await server.request({ method: 'GET', url: '/api/v1/deployments/999999/logs' })).status).toBe(
        404,
      );
    });

    it('keeps no log lines of a deleted deployment', async () => {
      const deployment = await createDeployment(server);
      await server.request({ method: 'DELETE', url: `/api/v1/deployments/${deployment.id}` });
      const again = await createDeployment(server, { name: deployment.name });
      expect((await readAllLogs(server, again.id)).map((entry) => entry.message)).toHaveLength(1);
    });

    it('lists this process as the pod serving the deployment', async () => {
      const deployment = await createDeployment(server);
      const response = await server.request({
        method: 'GET',
        url: `/api/v1/deployments/${deployment.id}/pods`,
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        items: [
          {
            name: podName,
            containers: ['MAIN', 'enginejs-server', 'api-proxy'],
            ready: true,
            restartCount: 0,
            status: 'Running',
            type: 'all',
          },
        ],
      });
    });

    it('reports build status none for the deploy branch (production) and other branches (dev)', async () => {
      const deployment = await createDeployment(server);
      const url = `/api/v1/deployments/${deployment.id}/build-status`;
      expect((await server.request({ method: 'GET', url })).body).toEqual({
        deploymentId: deployment.id,
        branchName: 'main',
        mode: 'production',
        status: 'none',
        errorText: null,
        filesHash: null,
        commitOid: null,
        // Never built, but its (empty) first commit compiles: it is what the data API answers from.
        servedCommitOid: expect.stringMatching(/^[0-9a-f]{40}$/),
        updatedAt: null,
      });
      expect(
        (await server.request({ method: 'GET', url: `${url}?branchName=feature/x` })).body,
      ).toMatchObject({
        branchName: 'feature/x',
        mode: 'dev',
        status: 'none',
      });
      await updateDeployment(server, deployment.id, { deployBranchName: 'release' });
      expect((await server.request({ method: 'GET', url })).body).toMatchObject({
        branchName: 'release',
        mode: 'production',
      });
      expect((await server.request({ method: 'GET', url: `${url}?branchName=main` })).body).toMatchObject({
        mode: 'dev',
      });
      expect((await server.request({ method: 'GET', url: `${url}?branchName=a..b` })).status).toBe(400);
    });

    it('lists the configured region as the default', async () => {
      const response = await server.request({ method: 'GET', url: '/api/v1/regions/' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        items: [
          {
            id: 'local',
            name: 'local',
            title: 'local',
            provider: 'self-hosted',
            isDefault: true,
            aiUrl: server.container.config.chatPublicUrl,
          },
        ],
      });
    });
  },
);

describe.each(storeEngines)('configured regions on %s', (engine: StoreEngine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      engine,
      environment: {
        PLATFORM_REGIONS: 'eu-west, us-east',
        PLATFORM_AI_PUBLIC_URL: 'https://chat.example.com/',
      },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lists the regions, defaults to the first, and refuses others naming the allowed ones', async () => {
    expect((await server.request({ method: 'GET', url: '/api/v1/regions' })).body).toEqual({
      items: [
        {
          id: 'eu-west',
          name: 'eu-west',
          title: 'eu-west',
          provider: 'self-hosted',
          isDefault: true,
          aiUrl: 'https://chat.example.com',
        },
        {
          id: 'us-east',
          name: 'us-east',
          title: 'us-east',
          provider: 'self-hosted',
          isDefault: false,
          aiUrl: 'https://chat.example.com',
        },
      ],
    });
    expect((await createDeployment(server)).region).toBe('eu-west');
    const american = await createDeployment(server, { region: 'us-east' });
    expect(american.region).toBe('us-east');
    const refused = await server.request({
      method: 'POST',
      url: '/build/api/v1/deployments',
      body: { name: 'elsewhere', region: 'local' },
    });
    expect(refused.status).toBe(400);
    expect((refused.body as { message: string }).message).toMatch(/region "local".*eu-west, us-east/);
    const moved = await updateDeployment(server, american.id, { region: 'eu-west' });
    expect(moved.body.region).toBe('eu-west');
    const demo = await server.request({ method: 'GET', url: '/api/v1/deployments' });
    expect((demo.body as { items: Array<{ name: string }> }).items.map((item) => item.name)).toContain(
      'demo',
    );
  });
});
