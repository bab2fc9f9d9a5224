import { rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { waitForBuildStatus } from '../src/deploy/build-wait.js';
import type { BuildStatusSnapshot } from '../src/deploy/deploy-api.js';
import {
  type DeployOptions,
  deployModel,
  forEachConcurrently,
  InvalidModelError,
} from '../src/deploy/deploy-model.js';
import {
  formatBuildOutcome,
  formatBytes,
  formatProgressLine,
  formatSummary,
} from '../src/deploy/deploy-progress.js';
import { diffModel, remoteHashesOf } from '../src/deploy/hash-diff.js';
import { isModelPath, readModelFiles, sha1Hex } from '../src/deploy/model-files.js';
import { PollTimeoutError, pollUntil } from '../src/program/poll-until.js';
import { FakeDeployApi } from './support/fake-deploy-api.js';
import { cubeYaml, writeFiles, writeModelFolder } from './support/model-folder.js';

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

async function folderOf(files: Record<string, string>): Promise<string> {
  const folder = await writeModelFolder(files);
  folders.push(folder);
  return folder;
}

function optionsFor(directory: string, progress: string[] = []): DeployOptions {
  return {
    deploymentId: 5,
    directory,
    remove: true,
    wait: true,
    concurrency: 3,
    pollIntervalMilliseconds: 1,
    firstPollIntervalMilliseconds: 1,
    timeoutMilliseconds: 5_000,
    settleMilliseconds: 50,
    onProgress: (line) => progress.push(line),
  };
}

describe('model files', () => {
  it('takes YAML anywhere and anything under model/, never dot-files or node_modules', () => {
    expect(isModelPath('orders.yml')).toBe(true);
    expect(isModelPath('nested/ORDERS.YAML')).toBe(true);
    expect(isModelPath('model/cubes/orders.js')).toBe(true);
    expect(isModelPath('model/views/sales.sql')).toBe(true);
    expect(isModelPath('README.md')).toBe(false);
    expect(isModelPath('src/model/x.js')).toBe(false);
    expect(isModelPath('.github/workflows/ci.yml')).toBe(false);
    expect(isModelPath('model/.draft.yml')).toBe(false);
    expect(isModelPath('node_modules/pkg/config.yml')).toBe(false);
  });

  it('walks a folder into sorted relative paths with the SHA-1 of each file', async () => {
    const folder = await folderOf({
      'model/cubes/orders.yml': cubeYaml('orders'),
      'model/cubes/helper.js': 'module.exports = 1;\n',
      'top.yaml': 'cubes: []\n',
      'README.md': '# not a model\n',
      '.git/config.yml': 'x: 1\n',
      'node_modules/a/b.yml': 'x: 1\n',
    });
    await symlink(join(folder, 'model'), join(folder, 'model/loop'));
    const files = await readModelFiles(folder);
    expect(files.map((file) => file.path)).toEqual([
      'model/cubes/helper.js',
      'model/cubes/orders.yml',
      'top.yaml',
    ]);
    expect(files[2]).toMatchObject({ size: 10, hash: sha1Hex(Buffer.from('cubes: []\n')) });
    // git hash-object would differ (it hashes a header too); the server hashes the plain bytes.
    expect(sha1Hex(Buffer.from('abc'))).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
  });
});

describe('diffing local and remote hashes', () => {
  it('uploads new and changed files only and lists what the folder lacks', () => {
    const local = [
      { path: 'a.yml', absolutePath: '/a', size: 1, hash: 'aaa' },
      { path: 'b.yml', absolutePath: '/b', size: 1, hash: 'bbb' },
      { path: 'c.yml', absolutePath: '/c', size: 1, hash: 'ccc' },
    ];
    const remote = remoteHashesOf({
      '/a.yml': { hash: 'AAA' },
      'b.yml': { hash: 'old' },
      '/gone.yml': { hash: 'ggg' },
      pageInfo: { hasNextPage: false },
      items: [],
    });
    const diff = diffModel(local, remote);
    expect(diff.changed.map((file) => file.path)).toEqual(['b.yml', 'c.yml']);
    expect(diff.unchanged.map((file) => file.path)).toEqual(['a.yml']);
    expect(diff.missingLocally).toEqual(['gone.yml']);
    expect(remoteHashesOf(null).size).toBe(0);
  });
});

describe('progress and summary lines', () => {
  it('formats progress, bytes, the summary and build errors as file:line message', () => {
    expect(formatProgressLine(3, 12, 'model/cubes/orders.yml')).toBe('uploading 3/12 model/cubes/orders.yml');
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(12_345)).toBe('12.3 kB');
    expect(
      formatSummary({
        deploymentId: 1,
        branchName: null,
        uploaded: ['a.yml'],
        unchangedCount: 11,
        removed: [],
        bytesSent: 2048,
        lastHash: null,
        buildId: null,
        build: null,
      }),
    ).toBe('1 file uploaded, 11 unchanged, 0 removed; 2.0 kB sent');
    expect(
      formatBuildOutcome({
        status: 'failed',
        branchName: 'main',
        errorText: 'compile failed',
        errors: [
          { fileName: 'model/a.yml', line: 4, message: 'bad type' },
          { fileName: 'b.yml', line: null, message: 'no cubes' },
          { fileName: null, line: null, message: 'global' },
        ],
      }),
    ).toBe('build failed on main\nmodel/a.yml:4 bad type\nb.yml no cubes\nglobal');
  });
});

describe('polling', () => {
  it('asks until done, then answers the value; times out with the last value', async () => {
    let reads = 0;
    let clock = 0;
    const timing = {
      intervalMilliseconds: 300,
      timeoutMilliseconds: 1_000,
      sleep: async (milliseconds: number) => {
        clock += milliseconds;
      },
      now: () => clock,
    };
    expect(
      await pollUntil(
        async () => ++reads,
        (value) => value === 3,
        timing,
      ),
    ).toBe(3);
    expect(clock).toBe(600);
    const timeout = pollUntil(
      async () => 'building',
      () => false,
      timing,
    );
    await expect(timeout).rejects.toBeInstanceOf(PollTimeoutError);
    await expect(timeout).rejects.toMatchObject({ lastValue: 'building' });
  });

  it('does not take the previous build for the new one until it changes or settles', async () => {
    const previous: BuildStatusSnapshot = {
      status: 'built',
      branchName: 'main',
      errorText: null,
      filesHash: 'h1',
      updatedAt: 't1',
    };
    const answers = [
      previous,
      previous,
      { ...previous, status: 'building' },
      { ...previous, updatedAt: 't2' },
    ];
    const read = async () => answers.shift() ?? previous;
    const timing = { intervalMilliseconds: 1, timeoutMilliseconds: 5_000, settleMilliseconds: 60_000 };
    const status = await waitForBuildStatus(read, { ...timing, previous, expectedHash: null });
    expect(status.updatedAt).toBe('t2');
    const settled = await waitForBuildStatus(async () => previous, {
      ...timing,
      settleMilliseconds: 20,
      previous,
      expectedHash: null,
    });
    expect(settled).toBe(previous);
  });

  it('runs at most the given number of tasks at once', async () => {
    let running = 0;
    let peak = 0;
    const seen: number[] = [];
    await forEachConcurrently([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, 2));
      seen.push(item);
      running -= 1;
    });
    expect(peak).toBe(3);
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('deploying a folder', () => {
  it('uploads everything first, then only the changed file, and waits for each build', async () => {
    const api = new FakeDeployApi();
    const folder = await folderOf({
      'model/cubes/orders.yml': cubeYaml('orders'),
      'model/cubes/users.yml': cubeYaml('users'),
      'model/cubes/items.yml': cubeYaml('items'),
    });
    const progress: string[] = [];
    const first = await deployModel(api, optionsFor(folder, progress));
    expect(first.uploaded).toHaveLength(3);
    expect(first).toMatchObject({ unchangedCount: 0, removed: [], lastHash: 'commit-1', buildId: 1 });
    expect(first.bytesSent).toBe(
      ['orders', 'users', 'items'].reduce((total, name) => total + Buffer.byteLength(cubeYaml(name)), 0),
    );
    expect(first.build).toMatchObject({ status: 'built', errors: [] });
    expect(progress.sort()).toEqual(
      [
        'uploading 1/3 model/cubes/items.yml',
        'uploading 2/3 model/cubes/orders.yml',
        'uploading 3/3 model/cubes/users.yml',
      ].sort(),
    );

    await writeFiles(folder, { 'model/cubes/users.yml': cubeYaml('users', 'public.users') });
    api.calls.length = 0;
    const second = await deployModel(api, optionsFor(folder));
    expect(second.uploaded).toEqual(['model/cubes/users.yml']);
    expect(second.unchangedCount).toBe(2);
    expect(second.bytesSent).toBe(Buffer.byteLength(cubeYaml('users', 'public.users')));
    expect(api.calls.filter((call) => call.startsWith('uploadFile'))).toEqual([
      'uploadFile model/cubes/users.yml',
    ]);
    expect(second.build?.status).toBe('built');
  });

  it('skips the transaction when nothing changed, and removes files only when asked', async () => {
    const api = new FakeDeployApi();
    const folder = await folderOf({ 'a.yml': cubeYaml('a'), 'b.yml': cubeYaml('b') });
    await deployModel(api, optionsFor(folder));
    api.calls.length = 0;
    const again = await deployModel(api, { ...optionsFor(folder), wait: false });
    expect(again).toMatchObject({ uploaded: [], unchangedCount: 2, bytesSent: 0, lastHash: null });
    expect(api.calls).toEqual(['fileHashes']);

    await rm(join(folder, 'b.yml'));
    const kept = await deployModel(api, { ...optionsFor(folder), remove: false });
    expect(kept.removed).toEqual([]);
    expect([...api.files.keys()].sort()).toEqual(['a.yml', 'b.yml']);
    const pruned = await deployModel(api, optionsFor(folder));
    expect(pruned.removed).toEqual(['b.yml']);
    expect([...api.files.keys()]).toEqual(['a.yml']);
  });

  it('refuses a model that does not compile before committing, with the file and line of each error', async () => {
    const api = new FakeDeployApi();
    await deployModel(api, optionsFor(await folderOf({ 'good.yml': cubeYaml('good') })));
    const deployed = new Map(api.files);
    const folder = await folderOf({
      'good.yml': cubeYaml('good'),
      'model/bad.yml': 'cubes:\n  broken: yes\n',
      'model/worse.yml': 'cubes:\n  - name: worse\n    broken: true\n',
    });
    api.calls.length = 0;
    const failure = await deployModel(api, optionsFor(folder)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(InvalidModelError);
    expect((failure as InvalidModelError).message.split('\n')).toEqual([
      'the data model has 2 error(s); nothing was deployed',
      'model/bad.yml:2 unknown key broken',
      'model/worse.yml:3 unknown key broken',
    ]);
    expect(api.calls).not.toContain('finishUpload');
    expect(api.files).toEqual(deployed);
  });

  it('refuses a folder without model files rather than remove the whole remote model', async () => {
    const folder = await folderOf({ 'README.md': 'nothing here\n' });
    await expect(deployModel(new FakeDeployApi(), optionsFor(folder))).rejects.toThrow(/no model files/);
  });
});
