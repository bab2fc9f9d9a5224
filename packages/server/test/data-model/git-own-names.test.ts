import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../http/expect-error-body.js';
import { plantFolderEntry } from '../support/plant-tree-entry.js';
import { type StoreEngine, startTestServer, storeEngines, type TestServer } from '../support/test-server.js';
import {
  createModelDeployment,
  headOf,
  readFiles,
  startDevMode,
  uploadFile,
  validCube,
  waitForBuild,
  writeFiles,
} from './data-model-helpers.js';

/** Path parts git on Windows or macOS would take for `.git` or `.gitmodules`. */
const gitOwnNames = [
  'git~1',
  'GIT~1',
  'git~2',
  '.git.',
  '.git ',
  '.GIT',
  '.git\u200c',
  '.g\u200dit',
  '.git\u200e',
  '\u202a.git',
  '.git\u206f',
  '.git\ufeff',
  '.git::$INDEX_ALLOCATION',
  '.gitmodules',
  'GITMOD~1',
];

describe.each(storeEngines)('names git takes for its own directory, on %s', (engine: StoreEngine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses them with 400 in every operation that names a path, and changes nothing', async () => {
    const { base } = await createModelDeployment(server);
    await startDevMode(server, base);
    expect((await writeFiles(server, base, { 'orders.yml': validCube('orders') })).status).toBe(200);
    const head = await headOf(server, base, (await startDevMode(server, base)).branchName);
    for (const name of gitOwnNames) {
      for (const path of [`${name}/config`, `model/${name}/hooks/post-checkout`, name]) {
        const label = JSON.stringify(path);
        expectErrorBody(await writeFiles(server, base, { [path]: 'x' }), 'BAD_REQUEST', label);
        const renamed = await server.request({
          method: 'POST',
          url: `${base}/data-model/files/rename`,
          body: { files: [{ path: 'orders.yml', newPath: path }] },
        });
        expectErrorBody(renamed, 'BAD_REQUEST', label);
        const deleted = await server.request({
          method: 'DELETE',
          url: `${base}/data-model/files`,
          body: { files: [{ path }] },
        });
        expectErrorBody(deleted, 'BAD_REQUEST', label);
      }
    }
    const started = await server.request({
      method: 'POST',
      url: `${base}/data-model/upload/start`,
      body: {},
    });
    const transaction = (started.body as { transaction: { id: string } }).transaction.id;
    for (const name of gitOwnNames) {
      const uploaded = await uploadFile(server, base, transaction, `${name}/config`, Buffer.from('x'));
      expectErrorBody(uploaded, 'BAD_REQUEST', name);
      const finished = await server.request({
        method: 'POST',
        url: `${base}/data-model/upload/finish`,
        body: { transaction: { id: transaction }, files: { [`${name}/config`]: { hash: 'a'.repeat(40) } } },
      });
      expectErrorBody(finished, 'BAD_REQUEST', name);
    }
    const { branchName } = await startDevMode(server, base);
    expect(await headOf(server, base, branchName)).toBe(head);
  });

  it.each(['git~1', 'GIT~1', '.git.', '.git ', '.git\u200c'])(
    'keeps a branch that already holds %j readable: files, builds, merge, deploy branch and meta',
    async (name) => {
      const { deploymentId, base } = await createModelDeployment(server);
      const { branchName } = await startDevMode(server, base);
      expect((await writeFiles(server, base, { 'orders.yml': validCube('orders') })).status).toBe(200);
      const gitdir = join(server.dataDirectory, 'repositories', `deployment-${deploymentId}.git`);
      plantFolderEntry(gitdir, branchName, name);

      expect(await readFiles(server, base, branchName)).toEqual({ '/orders.yml': validCube('orders') });
      const hashes = await server.request({
        method: 'GET',
        url: `${base}/data-model/file-hashes?branchName=${branchName}`,
      });
      expect(hashes.status, JSON.stringify(hashes.body)).toBe(200);
      expect(Object.keys(hashes.body as object)).toEqual(['orders.yml']);
      const validated = await server.request({
        method: 'GET',
        url: `${base}/data-model/validate?branchName=${branchName}`,
      });
      expect(validated.status, JSON.stringify(validated.body)).toBe(200);
      // Writing to the branch works and keeps the entry; committing builds it.
      expect((await writeFiles(server, base, { 'customers.yml': validCube('customers') })).status).toBe(200);
      const committed = await server.request({ method: 'POST', url: `${base}/commit`, body: {} });
      expect(committed.status, JSON.stringify(committed.body)).toBe(200);
      expect(await waitForBuild(server, deploymentId, branchName)).toMatchObject({ status: 'built' });

      const merged = await server.request({
        method: 'POST',
        url: `${base}/merge-to-default`,
        body: { message: 'ship it' },
      });
      expect(merged.status, JSON.stringify(merged.body)).toBe(200);
      expect(Object.keys(await readFiles(server, base, 'main')).sort()).toEqual([
        '/customers.yml',
        '/orders.yml',
      ]);
      expect(await waitForBuild(server, deploymentId, 'main')).toMatchObject({ status: 'built' });
      const meta = await server.request({ method: 'GET', url: `/deployments/${deploymentId}/data/v1/meta` });
      expect(meta.status, JSON.stringify(meta.body)).toBe(200);
      const cubes = (meta.body as { cubes: Array<{ name: string }> }).cubes.map((cube) => cube.name).sort();
      expect(cubes).toEqual(['customers', 'orders']);
    },
  );
});
