import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeploySummary } from '../src/deploy/deploy-progress.js';
import { type FakeBuildServer, startFakeBuildServer } from './support/fake-build-server.js';
import { runInProcess } from './support/in-process-cli.js';
import { cubeYaml, writeFiles, writeModelFolder } from './support/model-folder.js';
import { recordingFetch } from './support/recording-fetch.js';

/** The command in this process with the real fetch, against the local fake server. */
function platformAgainst(server: FakeBuildServer, args: string[]) {
  return runInProcess(args, { fetch, requests: [] }, { PLATFORM_API_URL: server.url });
}

describe('platform deploy against a local build API', () => {
  let server: FakeBuildServer;
  let folder: string;

  beforeAll(async () => {
    server = await startFakeBuildServer();
    folder = await writeModelFolder({
      'model/cubes/orders.yml': cubeYaml('orders'),
      'model/cubes/users.yml': cubeYaml('users'),
      'schema.yaml': cubeYaml('items'),
      'notes.txt': 'not part of the model\n',
    });
  });
  afterAll(async () => {
    await server?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('uploads every file as multipart, prints progress on stderr and the summary as JSON', async () => {
    const result = await platformAgainst(server, ['deploy', folder, '--deployment', '5', '--json']);
    expect(result.exitCode, result.stderr).toBe(0);
    const summary = JSON.parse(result.stdout) as DeploySummary;
    expect(summary.uploaded.sort()).toEqual([
      'model/cubes/orders.yml',
      'model/cubes/users.yml',
      'schema.yaml',
    ]);
    expect(summary).toMatchObject({ unchangedCount: 0, removed: [], build: { status: 'built' } });
    expect(result.stderr).toMatch(/^uploading 1\/3 \S+$/m);
    expect(result.stderr).toMatch(/^uploading 3\/3 \S+$/m);
    expect(server.uploads).toHaveLength(3);
    for (const upload of server.uploads) {
      expect(upload.contentType).toMatch(/^multipart\/form-data; boundary=/);
      expect(JSON.parse(upload.transaction)).toEqual({ id: 'transaction-1' });
    }
    expect(server.uploads.find((upload) => upload.fileName === 'schema.yaml')?.fileBytes).toBe(
      Buffer.byteLength(cubeYaml('items')),
    );
  });

  it('sends only the changed file the second time, and says so in human output', async () => {
    await writeFiles(folder, { 'schema.yaml': cubeYaml('items', 'public.items') });
    server.uploads.length = 0;
    const result = await platformAgainst(server, ['deploy', folder, '--deployment', '5']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(server.uploads.map((upload) => upload.fileName)).toEqual(['schema.yaml']);
    expect(result.stderr).toContain('uploading 1/1 schema.yaml');
    expect(result.stderr).toMatch(/1 file uploaded, 2 unchanged, 0 removed; \d+ B sent/);
    expect(result.stdout).toBe('build built on main\n');
  });

  it('exits 1 on a model that does not compile, names the file and line, and commits nothing', async () => {
    const before = new Map(server.api.files);
    await writeFiles(folder, { 'model/cubes/users.yml': 'cubes:\n  - name: users\n    broken: true\n' });
    const result = await platformAgainst(server, ['deploy', folder, '--deployment', '5', '--json']);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('model/cubes/users.yml:3 unknown key broken');
    expect(result.stderr).toMatch(/error: the data model has 1 error\(s\); nothing was deployed/);
    expect(server.api.calls).toContain('validateUpload');
    expect(server.api.calls.at(-1)).toBe('validateUpload');
    expect(server.api.files).toEqual(before);
  });

  it('refuses a folder with no model files, with exit 1 and before any upload', async () => {
    const empty = await writeModelFolder({ 'README.md': '# nothing\n' });
    const result = await platformAgainst(server, ['deploy', empty, '--deployment', '5']);
    await rm(empty, { recursive: true, force: true });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/no model files/);
  });
});

describe('waiting on builds and validation', () => {
  it('build-status --wait polls until the build is not building, and exits 1 when it failed', async () => {
    const statuses = ['building', 'building', 'failed'];
    const recorder = recordingFetch(() => ({
      status: 200,
      body: {
        deploymentId: 5,
        branchName: 'main',
        mode: 'production',
        status: statuses.shift() ?? 'failed',
        errorText: 'orders.yml:2 bad',
        updatedAt: '2024-01-01T00:00:00.000Z',
      },
    }));
    const result = await runInProcess(['deployments', 'build-status', '5', '--wait'], recorder);
    expect(recorder.requests).toHaveLength(3);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toMatch(/status:\s+failed/);
    expect(result.stderr).toBe('error: the build of main failed\n');
  });

  it('validate prints file:line errors and exits 1 when the model is invalid', async () => {
    const recorder = recordingFetch(() => ({
      status: 200,
      body: {
        branchName: 'dev-abc',
        valid: false,
        errors: [{ message: 'unknown type', fileName: 'model/orders.yml', line: 7 }],
        cubesCount: 0,
      },
    }));
    const result = await runInProcess(['data-model', 'validate', '--deployment', '5'], recorder);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('invalid: 1 error on dev-abc\nmodel/orders.yml:7 unknown type\n');
  });

  it('put needs exactly one of --file and --content', async () => {
    const recorder = recordingFetch(() => ({ status: 200, body: { success: true } }));
    const neither = await runInProcess(['data-model', 'put', 'a.yml', '--deployment', '5'], recorder);
    expect(neither.exitCode).toBe(2);
    expect(recorder.requests).toEqual([]);
    const put = await runInProcess(
      ['data-model', 'put', 'a.yml', '--content', 'x: 1', '--deployment', '5'],
      recorder,
    );
    expect(put.exitCode, put.stderr).toBe(0);
    expect(recorder.requests[0]?.body).toEqual({ files: [{ path: 'a.yml', content: 'x: 1' }] });
  });
});
