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
import {
  createModelDeployment,
  headOf,
  readFiles,
  startDevMode,
  validCube,
  waitForBuild,
  writeFiles,
} from './data-model-helpers.js';

describe.each(storeEngines)('data-model branches and merges on %s', (engine: StoreEngine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('creates, lists and deletes branches; never the deploy branch', async () => {
    const { base } = await createModelDeployment(server);
    const created = await server.request({
      method: 'POST',
      url: `${base}/branches`,
      body: { name: 'feature/a' },
    });
    expect(created.status).toBe(201);
    const mainHead = await headOf(server, base, 'main');
    expect(created.body).toEqual({
      id: 'feature/a',
      name: 'feature/a',
      parentBranch: 'main',
      lastHash: mainHead,
      isStagingEnvironmentEnabled: false,
      branchName: 'feature/a',
    });
    expectErrorBody(
      await server.request({ method: 'POST', url: `${base}/branches`, body: { name: 'feature/a' } }),
      'CONFLICT',
    );
    expectErrorBody(
      await server.request({ method: 'POST', url: `${base}/branches`, body: { name: 'x', from: 'nope' } }),
      'NOT_FOUND',
    );
    const list = await server.request({ method: 'GET', url: `${base}/branches` });
    expect(list.body).toEqual({
      items: [
        {
          id: 'feature/a',
          name: 'feature/a',
          parentBranch: 'main',
          lastHash: mainHead,
          isStagingEnvironmentEnabled: false,
        },
        {
          id: 'main',
          name: 'main',
          parentBranch: null,
          lastHash: mainHead,
          isStagingEnvironmentEnabled: false,
        },
      ],
    });
    expectErrorBody(
      await server.request({ method: 'DELETE', url: `${base}/branches?branchName=main` }),
      'BAD_REQUEST',
    );
    expectErrorBody(
      await server.request({ method: 'DELETE', url: `${base}/branches?branchName=nope` }),
      'NOT_FOUND',
    );
    expect(
      (await server.request({ method: 'DELETE', url: `${base}/branches?branchName=feature/a` })).body,
    ).toEqual({
      success: true,
    });
    expect((await server.request({ method: 'GET', url: `${base}/branches` })).body).toMatchObject({
      items: [{ name: 'main' }],
    });
  });

  it('enters dev mode on a created branch, merges it back and builds the deploy branch', async () => {
    const { deploymentId, base } = await createModelDeployment(server);
    await server.request({
      method: 'POST',
      url: `${base}/branches`,
      body: { name: 'work', enterDevMode: true },
    });
    expect((await writeFiles(server, base, { 'model/cubes/orders.yml': validCube('orders') })).status).toBe(
      200,
    );
    const merged = await server.request({
      method: 'POST',
      url: `${base}/merge`,
      body: { branchName: 'work', deleteBranch: true },
    });
    expect(merged.body).toEqual({ merged: true, branchDeleted: true });
    expect(Object.keys(await readFiles(server, base, 'main'))).toEqual(['/model/cubes/orders.yml']);
    expect(await waitForBuild(server, deploymentId, 'main')).toMatchObject({
      status: 'built',
      mode: 'production',
    });
    // The deleted branch was the caller's dev-mode branch: dev mode ended with it.
    expectErrorBody(await writeFiles(server, base, { 'a.yml': 'x' }), 'BAD_REQUEST');
  });

  it('answers a merge conflict with 409 and the conflicting paths, and changes nothing', async () => {
    const { base } = await createModelDeployment(server);
    const developerKey = (await createUserWithKey(server, 'developer')).key;
    const mine = await startDevMode(server, base);
    const theirs = await startDevMode(server, base, developerKey);
    await writeFiles(server, base, { 'model/cubes/shared.yml': validCube('mine') });
    await writeFiles(server, base, { 'model/cubes/shared.yml': validCube('theirs') }, { key: developerKey });
    const first = await server.request({
      method: 'POST',
      url: `${base}/merge-to-default`,
      body: { message: 'mine first', branchName: mine.branchName },
    });
    expect(first.body).toMatchObject({ merged: true, branchDeleted: false, pushed: false });
    const mainHead = await headOf(server, base, 'main');
    expect((first.body as { lastHash: string }).lastHash).toBe(mainHead);
    const conflict = await server.request({
      method: 'POST',
      url: `${base}/merge-to-default`,
      body: { message: 'theirs', branchName: theirs.branchName },
    });
    expectErrorBody(conflict, 'CONFLICT');
    expect((conflict.body as { details: { paths: string[] } }).details.paths).toEqual([
      'model/cubes/shared.yml',
    ]);
    expect(await headOf(server, base, 'main')).toBe(mainHead);
  });

  it('merges the caller dev-mode branch by default and removes it when asked', async () => {
    const { base } = await createModelDeployment(server);
    const { branchName } = await startDevMode(server, base);
    await writeFiles(server, base, { 'model/cubes/a.yml': validCube('a') });
    const merged = await server.request({
      method: 'POST',
      url: `${base}/merge-to-default`,
      body: { message: 'ship it', removeBranchAfterMerge: true },
    });
    expect(merged.body).toMatchObject({ merged: true, branchDeleted: true, pushed: false });
    const names = (
      (await server.request({ method: 'GET', url: `${base}/branches` })).body as {
        items: Array<{ name: string }>;
      }
    ).items.map((item) => item.name);
    expect(names).toEqual(['main']);
    expect(names).not.toContain(branchName);
  });

  it('checks the right of each branch operation and hides other accounts', async () => {
    const { base } = await createModelDeployment(server);
    const viewerKey = (await createUserWithKey(server, 'viewer')).key;
    const otherKey = (await createOtherAccount(server)).adminKey;
    expect((await server.request({ method: 'GET', url: `${base}/branches`, key: viewerKey })).status).toBe(
      200,
    );
    for (const [method, url, body] of [
      ['POST', `${base}/branches`, { name: 'v' }],
      ['DELETE', `${base}/branches?branchName=v`, undefined],
      ['POST', `${base}/merge`, { branchName: 'v' }],
      ['POST', `${base}/merge-to-default`, { message: 'm' }],
      ['POST', `${base}/commit`, {}],
      ['POST', `${base}/pull`, {}],
    ] as const) {
      expectErrorBody(await server.request({ method, url, body, key: viewerKey }), 'FORBIDDEN');
      expectErrorBody(await server.request({ method, url, body, key: otherKey }), 'NOT_FOUND');
    }
  });
});
