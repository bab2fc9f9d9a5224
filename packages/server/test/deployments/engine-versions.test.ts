import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StoreEngine, startTestServer, storeEngines, type TestServer } from '../support/test-server.js';
import { createDeployment, readAllLogs, updateDeployment } from './deployment-helpers.js';

interface VersionsResponse {
  items: Array<{ version: string; image: string; channel: string; isCurrent: boolean }>;
}

const serverPackage = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const version = serverPackage.version;

describe.each(storeEngines)('engine versions on %s', (engine: StoreEngine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(async () => {
    await server?.close();
  });

  const versionsOf = async (deploymentId: number) => {
    const response = await server.request({
      method: 'GET',
      url: `/api/v1/deployments/${deploymentId}/versions`,
    });
    expect(response.status).toBe(200);
    return (response.body as VersionsResponse).items;
  };

  it("lists this build's engine version on both channels and marks the one running", async () => {
    const deployment = await createDeployment(server);
    expect(await versionsOf(deployment.id)).toEqual(
      [
        { version, image: `platform/engine:v${version}`, channel: 'latest', isCurrent: true },
        { version, image: `platform/engine:v${version}`, channel: 'release', isCurrent: false },
      ].map((item) => ({
        ...item,
        releaseChannel: item.channel,
        releaseChannelVersion: version,
        isLatestInChannel: true,
      })),
    );
  });

  it('accepts a bare, a v-prefixed or an image version and stores it bare', async () => {
    const deployment = await createDeployment(server);
    for (const reference of [
      version,
      `v${version}`,
      `platform/engine:v${version}`,
      `registry.example.com:5000/platform/engine:v${version}`,
    ]) {
      const response = await updateDeployment(server, deployment.id, { releaseChannelVersion: reference });
      expect(response.status, reference).toBe(200);
      expect(response.body.releaseChannelVersion, reference).toBe(version);
    }
    const settings = await server.request({
      method: 'GET',
      url: `/api/v1/deployments/${deployment.id}/settings`,
    });
    expect(settings.body).toMatchObject({ releaseChannel: 'latest', releaseChannelVersion: version });
    expect((await versionsOf(deployment.id)).map((item) => item.isCurrent)).toEqual([true, false]);
  });

  it('refuses versions that are not listed, naming the available ones, and foreign images', async () => {
    const deployment = await createDeployment(server);
    for (const reference of ['9.9.9', 'v0.0.1', 'platform/engine:v9.9.9']) {
      const response = await updateDeployment(server, deployment.id, { releaseChannelVersion: reference });
      expect(response.status, reference).toBe(400);
      expect(response.body.message, reference).toMatch(
        new RegExp(`not available .*${version.replaceAll('.', '\\.')}`),
      );
    }
    const foreign = await updateDeployment(server, deployment.id, {
      releaseChannelVersion: `someone/else:v${version}`,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toMatch(/not the engine image platform\/engine/);
    for (const reference of ['latest', '1.2', 'v', '']) {
      const response = await updateDeployment(server, deployment.id, { releaseChannelVersion: reference });
      expect(response.status, reference).toBe(400);
      expect(response.body.message, reference).toMatch(/releaseChannelVersion/);
    }
    const unchanged = await server.request({
      method: 'GET',
      url: `/api/v1/deployments/${deployment.id}/settings`,
    });
    expect(unchanged.body).toMatchObject({ releaseChannelVersion: null });
  });

  it('switches the channel, pins and unpins, and logs each switch', async () => {
    const deployment = await createDeployment(server);
    const pinned = await updateDeployment(server, deployment.id, {
      releaseChannel: 'release',
      releaseChannelVersion: `v${version}`,
    });
    expect(pinned.status).toBe(200);
    expect(pinned.body).toMatchObject({ releaseChannel: 'release', releaseChannelVersion: version });
    expect((await versionsOf(deployment.id)).map((item) => item.isCurrent)).toEqual([false, true]);
    const unpinned = await updateDeployment(server, deployment.id, { releaseChannelVersion: null });
    expect(unpinned.body).toMatchObject({ releaseChannel: 'release', releaseChannelVersion: null });
    expect((await versionsOf(deployment.id)).map((item) => item.isCurrent)).toEqual([false, true]);
    const back = await updateDeployment(server, deployment.id, { releaseChannel: 'latest' });
    expect(back.body).toMatchObject({ releaseChannel: 'latest', releaseChannelVersion: null });
    const badChannel = await updateDeployment(server, deployment.id, { releaseChannel: 'nightly' });
    expect(badChannel.status).toBe(400);
    expect(badChannel.body.message).toMatch(/releaseChannel/);
    const messages = (await readAllLogs(server, deployment.id)).map((entry) => entry.message);
    expect(messages).toEqual([
      expect.stringMatching(/^deployment ".*" created/),
      `engine version switched to ${version} on the release channel`,
      'engine version follows the release channel (unpinned)',
      'engine version follows the latest channel (unpinned)',
    ]);
  });
});
