import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../http/expect-error-body.js';
import { type GitHttpServer, runGit, startGitHttpServer } from '../support/git-http-server.js';
import { type StoreEngine, startTestServer, storeEngines, type TestServer } from '../support/test-server.js';
import {
  createModelDeployment,
  headOf,
  readFiles,
  startDevMode,
  validCube,
  waitForBuild,
  writeFiles,
} from './data-model-helpers.js';

const credentials = { username: 'x-access-token', password: 'ghs_remote-secret-token' };

/** Pushes one commit with the given files to the remote's `main`, from a throw-away clone. */
async function pushToRemote(remote: GitHttpServer, url: string, files: Record<string, string>) {
  const home = await mkdtemp(join(tmpdir(), 'git-client-'));
  try {
    const authenticated = url.replace('http://', `http://${credentials.username}:${credentials.password}@`);
    const clone = join(home, 'clone');
    await runGit(['clone', authenticated, clone], { home });
    for (const [path, content] of Object.entries(files)) {
      await runGit(['-C', clone, 'checkout', '-B', 'main'], { home });
      await writeFile(join(clone, path), content);
      await runGit(['-C', clone, 'add', path], { home });
    }
    await runGit(['-C', clone, 'commit', '-m', 'remote change'], { home });
    await runGit(['-C', clone, 'push', 'origin', 'main'], { home });
  } finally {
    await rm(home, { recursive: true, force: true });
  }
  void remote;
}

describe.each(storeEngines)('git remote of a deployment on %s', (engine: StoreEngine) => {
  let server: TestServer;
  let remote: GitHttpServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
    remote = await startGitHttpServer({ credentials });
  });
  afterAll(async () => {
    await server?.close();
    await remote?.close();
  });

  it('connects a remote, pulls from it, and pushes what merges to the deploy branch', async () => {
    const { deploymentId, base } = await createModelDeployment(server);
    await remote.createRepository('model');
    const url = remote.repositoryUrl('model');
    await pushToRemote(remote, url, { 'orders.yml': validCube('orders') });
    expectErrorBody(await server.request({ method: 'POST', url: `${base}/pull`, body: {} }), 'BAD_REQUEST');
    const connected = await server.request({
      method: 'POST',
      url: `${base}/github/connect`,
      body: {
        repositoryUrl: url,
        branch: 'main',
        installationId: 42,
        owner: 'acme',
        repo: 'model',
        token: credentials.password,
      },
    });
    expect(connected.body).toEqual({ connected: true, repositoryUrl: url, branch: 'main' });
    expect(JSON.stringify(connected.body)).not.toContain(credentials.password);
    const pulled = await server.request({ method: 'POST', url: `${base}/pull`, body: {} });
    expect(pulled.status, JSON.stringify(pulled.body)).toBe(200);
    expect(pulled.body).toMatchObject({ buildTriggered: true });
    expect(Object.keys(await readFiles(server, base, 'main'))).toEqual(['/orders.yml']);
    expect(await waitForBuild(server, deploymentId, 'main')).toMatchObject({ status: 'built' });

    await startDevMode(server, base);
    await writeFiles(server, base, { 'customers.yml': validCube('customers') });
    const merged = await server.request({
      method: 'POST',
      url: `${base}/merge-to-default`,
      body: { message: 'add customers' },
    });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(merged.body).toMatchObject({ merged: true, pushed: true });
    const remoteFiles = await runGit([
      '--git-dir',
      join(remote.rootDirectory, 'model.git'),
      'ls-tree',
      '--name-only',
      'main',
    ]);
    expect(remoteFiles.split('\n').sort()).toEqual(['customers.yml', 'orders.yml']);
    expect(server.logLines.join('\n')).not.toContain(credentials.password);
  });

  it('merge-to-default that cannot push changes nothing: the deploy branch, its build and the dev branch stay', async () => {
    const { deploymentId, base } = await createModelDeployment(server);
    await remote.createRepository('diverged');
    // The remote has a history the deployment never pulled, so a push is refused as not a fast-forward.
    await pushToRemote(remote, remote.repositoryUrl('diverged'), { 'remote.yml': validCube('remote') });
    const { branchName } = await startDevMode(server, base);
    await writeFiles(server, base, { 'orders.yml': validCube('orders') });
    const before = await headOf(server, base, 'main');
    const buildBefore = await waitForBuild(server, deploymentId, 'main');
    for (const connect of [
      { repositoryUrl: 'http://127.0.0.1:1/unreachable.git', branch: 'main' },
      { repositoryUrl: remote.repositoryUrl('diverged'), branch: 'main', token: credentials.password },
    ]) {
      const connected = await server.request({
        method: 'POST',
        url: `${base}/github/connect`,
        body: connect,
      });
      expect(connected.status, JSON.stringify(connected.body)).toBe(200);
      const merged = await server.request({
        method: 'POST',
        url: `${base}/merge-to-default`,
        body: { message: 'ship it', removeBranchAfterMerge: true },
      });
      expectErrorBody(merged, 'BAD_REQUEST', connect.repositoryUrl);
      expect(await headOf(server, base, 'main'), connect.repositoryUrl).toBe(before);
      expect(await readFiles(server, base, 'main')).toEqual({});
      expect(await waitForBuild(server, deploymentId, 'main')).toEqual(buildBefore);
      expect(Object.keys(await readFiles(server, base, branchName))).toEqual(['/orders.yml']);
    }
    const refs = await runGit([
      '--git-dir',
      join(server.dataDirectory, 'repositories', `deployment-${deploymentId}.git`),
      'for-each-ref',
      '--format=%(refname)',
    ]);
    expect(refs).not.toContain('platform-push');
  });

  it('refuses a URL that is neither http(s) nor file, and every file URL by default', async () => {
    const { base } = await createModelDeployment(server);
    const work = await mkdtemp(join(tmpdir(), 'file-remote-'));
    try {
      await runGit(['init', '--bare', join(work, 'model.git')]);
      for (const repositoryUrl of [
        'ssh://git@example.com/x.git',
        `file://${server.dataDirectory}/repositories/deployment-1`,
        `file://${work}/model.git`,
      ]) {
        const answer = await server.request({
          method: 'POST',
          url: `${base}/github/connect`,
          body: { repositoryUrl, branch: 'main' },
        });
        expectErrorBody(answer, 'BAD_REQUEST', repositoryUrl);
        if (repositoryUrl.startsWith('file:')) {
          expect((answer.body as { message: string }).message).toContain('PLATFORM_GIT_FILE_REMOTE_DIRS');
        }
      }
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });

  it('allows file URLs only inside PLATFORM_GIT_FILE_REMOTE_DIRS, never into the data directory', async () => {
    // The data directory is inside the listed one (both under the temp directory): it stays refused.
    const open = await startTestServer({
      engine,
      environment: { PLATFORM_GIT_FILE_REMOTE_DIRS: `/nonexistent:${tmpdir()}` },
    });
    const work = await mkdtemp(join(tmpdir(), 'file-remote-'));
    try {
      const victim = await createModelDeployment(open);
      const { base, deploymentId } = await createModelDeployment(open);
      await runGit(['init', '--bare', join(work, 'model.git')]);
      const into = join(open.dataDirectory, 'repositories', `deployment-${victim.deploymentId}`);
      for (const repositoryUrl of [
        `file://${into}`,
        `file://${into}.git`,
        `file:///proc/self/root${into}`,
        `file:///proc/self/root${open.dataDirectory}/x/../repositories/deployment-${victim.deploymentId}`,
        `file:///proc/self/cwd/${'../'.repeat(20)}${into.slice(1)}`,
        `file://${open.dataDirectory}`,
      ]) {
        for (const [url, body] of [
          [`${base}/github/connect`, { repositoryUrl, branch: 'main' }],
          [`/api/v1/deployments/${deploymentId}/dbt-repository`, { repositoryUrl }],
        ] as const) {
          const method = url.endsWith('dbt-repository') ? 'PUT' : 'POST';
          expectErrorBody(
            await open.request({ method, url, body }),
            'BAD_REQUEST',
            `${url} ${repositoryUrl}`,
          );
        }
      }
      const allowed = `file://${work}/model`;
      const connected = await open.request({
        method: 'POST',
        url: `${base}/github/connect`,
        body: { repositoryUrl: allowed, branch: 'main' },
      });
      expect(connected.status, JSON.stringify(connected.body)).toBe(200);
      const dbt = await open.request({
        method: 'PUT',
        url: `/api/v1/deployments/${deploymentId}/dbt-repository`,
        body: { repositoryUrl: allowed },
      });
      expect(dbt.status, JSON.stringify(dbt.body)).toBe(200);
    } finally {
      await open.close();
      await rm(work, { recursive: true, force: true });
    }
  });
});
