import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../http/expect-error-body.js';
import {
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
  writeFiles,
} from './data-model-helpers.js';

describe.each(storeEngines)('data-model files and dev mode on %s', (engine: StoreEngine) => {
  let server: TestServer;
  let developerKey: string;
  beforeAll(async () => {
    server = await startTestServer({ engine });
    developerKey = (await createUserWithKey(server, 'developer')).key;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('gives each credential its own dev-mode branch; neither sees nor writes the other', async () => {
    const { base } = await createModelDeployment(server);
    const mine = await startDevMode(server, base);
    const theirs = await startDevMode(server, base, developerKey);
    expect(mine.branchName).not.toBe(theirs.branchName);
    expect(mine).toMatchObject({ active: true, parentBranch: 'main' });
    expect((await writeFiles(server, base, { '/model/cubes/a.yml': validCube('a') })).status).toBe(200);
    expect(
      (await writeFiles(server, base, { 'model/cubes/b.yml': validCube('b') }, { key: developerKey })).status,
    ).toBe(200);
    expect(Object.keys(await readFiles(server, base, mine.branchName))).toEqual(['/model/cubes/a.yml']);
    expect(Object.keys(await readFiles(server, base, theirs.branchName))).toEqual(['/model/cubes/b.yml']);
    expect(await readFiles(server, base, 'main')).toEqual({});
    const intrusion = await writeFiles(
      server,
      base,
      { 'model/cubes/c.yml': 'x' },
      { key: developerKey, branchName: mine.branchName },
    );
    expectErrorBody(intrusion, 'BAD_REQUEST');
    expect((intrusion.body as { message: string }).message).toBe(
      `Branch ${mine.branchName} is not a dev-mode branch`,
    );
    // Starting again reuses the branch and keeps its files.
    expect((await startDevMode(server, base)).branchName).toBe(mine.branchName);
    expect(Object.keys(await readFiles(server, base, mine.branchName))).toEqual(['/model/cubes/a.yml']);
  });

  it('refuses writes outside dev mode, on the deploy branch and after stopping', async () => {
    const { base } = await createModelDeployment(server);
    const refused = await writeFiles(server, base, { 'a.yml': 'x' });
    expectErrorBody(refused, 'BAD_REQUEST');
    expect((refused.body as { message: string }).message).toBe('Branch main is not a dev-mode branch');
    await startDevMode(server, base);
    const onMain = await writeFiles(server, base, { 'a.yml': 'x' }, { branchName: 'main' });
    expect((onMain.body as { message: string }).message).toBe('Branch main is not a dev-mode branch');
    const stopped = await server.request({ method: 'DELETE', url: `${base}/dev-mode` });
    expect(stopped.body).toEqual({ active: false });
    for (const answer of [
      await writeFiles(server, base, { 'a.yml': 'x' }),
      await server.request({
        method: 'DELETE',
        url: `${base}/data-model/files`,
        body: { files: [{ path: 'a.yml' }] },
      }),
      await server.request({
        method: 'POST',
        url: `${base}/data-model/files/rename`,
        body: { files: [{ path: 'a.yml', newPath: 'b.yml' }] },
      }),
      await server.request({ method: 'POST', url: `${base}/commit`, body: {} }),
    ]) {
      expectErrorBody(answer, 'BAD_REQUEST');
      expect((answer.body as { message: string }).message).toMatch(/is not a dev-mode branch/);
    }
  });

  it.each([
    '../escape.yml',
    'model/../../escape.yml',
    '//etc/passwd',
    '.git/config',
    'model/.git/hooks/pre-commit',
    'model\\..\\x.yml',
    'C:/windows.yml',
    'model//double.yml',
    'nul\u0000.yml',
  ])('refuses the path %j with a 400 and writes nothing', async (path) => {
    const { base } = await createModelDeployment(server);
    const { branchName } = await startDevMode(server, base);
    const before = await headOf(server, base, branchName);
    const answer = await writeFiles(server, base, { [path]: 'x' });
    expectErrorBody(answer, 'BAD_REQUEST');
    const renamed = await server.request({
      method: 'POST',
      url: `${base}/data-model/files/rename`,
      body: { files: [{ path: 'a.yml', newPath: path }] },
    });
    expectErrorBody(renamed, 'BAD_REQUEST');
    expect(await headOf(server, base, branchName)).toBe(before);
  });

  it('lists a tree, renames, deletes, and hashes the bytes with SHA-1', async () => {
    const { base } = await createModelDeployment(server);
    const { branchName } = await startDevMode(server, base);
    await writeFiles(server, base, {
      'model/cubes/a.yml': 'a: 1\n',
      'model/views/v.yml': 'v: 1\n',
      'README.md': 'hi',
    });
    const tree = await server.request({
      method: 'GET',
      url: `${base}/data-model/files?branchName=${branchName}`,
    });
    expect(tree.body).toMatchObject({
      branchName,
      files: [
        {
          path: '/model',
          type: 'directory',
          children: [
            {
              path: '/model/cubes',
              type: 'directory',
              children: [{ path: '/model/cubes/a.yml', type: 'file' }],
            },
            {
              path: '/model/views',
              type: 'directory',
              children: [{ path: '/model/views/v.yml', type: 'file' }],
            },
          ],
        },
        { path: '/README.md', type: 'file' },
      ],
    });
    expect(JSON.stringify(tree.body)).not.toContain('"content"');
    const renamed = await server.request({
      method: 'POST',
      url: `${base}/data-model/files/rename`,
      body: { files: [{ path: '/model/cubes/a.yml', newPath: '/model/cubes/b.yml' }] },
    });
    expect(renamed.body).toEqual({ success: true });
    const deleted = await server.request({
      method: 'DELETE',
      url: `${base}/data-model/files`,
      body: { files: [{ path: 'README.md' }] },
    });
    expect(deleted.body).toEqual({ success: true });
    expect(await readFiles(server, base, branchName)).toEqual({
      '/model/cubes/b.yml': 'a: 1\n',
      '/model/views/v.yml': 'v: 1\n',
    });
    const hashes = await server.request({
      method: 'GET',
      url: `${base}/data-model/file-hashes?branchName=${branchName}`,
    });
    const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');
    expect(hashes.body).toEqual({
      'model/cubes/b.yml': { hash: sha1('a: 1\n') },
      'model/views/v.yml': { hash: sha1('v: 1\n') },
    });
    const missing = await server.request({
      method: 'POST',
      url: `${base}/data-model/files/rename`,
      body: { files: [{ path: 'nope.yml', newPath: 'other.yml' }] },
    });
    expectErrorBody(missing, 'NOT_FOUND');
  });

  it('lands two concurrent writers of one branch, and answers a stale lastHash with upsert_branch_changed', async () => {
    const { base } = await createModelDeployment(server);
    const { branchName } = await startDevMode(server, base);
    const stale = await headOf(server, base, branchName);
    const writes = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        writeFiles(server, base, { [`model/cubes/c${index}.yml`]: `n: ${index}\n` }),
      ),
    );
    expect(writes.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(Object.keys(await readFiles(server, base, branchName))).toHaveLength(6);
    const conflict = await writeFiles(server, base, { 'model/cubes/late.yml': 'x' }, { lastHash: stale });
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({ statusCode: 409, code: 'upsert_branch_changed' });
    const fresh = await headOf(server, base, branchName);
    expect(
      (await writeFiles(server, base, { 'model/cubes/late.yml': 'x' }, { lastHash: fresh })).status,
    ).toBe(200);
  });

  it('refuses a file above 1 MiB with a 400 that names the limit', async () => {
    const { base } = await createModelDeployment(server);
    await startDevMode(server, base);
    const answer = await writeFiles(server, base, { 'big.yml': 'x'.repeat(1024 * 1024 + 1) });
    expectErrorBody(answer, 'BAD_REQUEST');
    expect((answer.body as { message: string }).message).toMatch(/limit is 1048576 bytes per file/);
    expect((await writeFiles(server, base, { 'ok.yml': 'x'.repeat(1024 * 1024) })).status).toBe(200);
  });

  it('lets a viewer read but not enter dev mode or write, and hides the deployment from a scoped key', async () => {
    const { base } = await createModelDeployment(server);
    const viewerKey = (await createUserWithKey(server, 'viewer')).key;
    expect(
      (await server.request({ method: 'GET', url: `${base}/data-model/files`, key: viewerKey })).status,
    ).toBe(200);
    const refused = await server.request({
      method: 'POST',
      url: `${base}/dev-mode`,
      body: {},
      key: viewerKey,
    });
    expectErrorBody(refused, 'FORBIDDEN');
    expectErrorBody(await writeFiles(server, base, { 'a.yml': 'x' }, { key: viewerKey }), 'FORBIDDEN');
  });
});
