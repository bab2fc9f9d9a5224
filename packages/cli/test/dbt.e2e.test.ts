import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jsonOf,
  type PlatformResult,
  type RunningServer,
  runPlatform,
  startServer,
  temporaryConfigDirectory,
} from './support/platform-process.js';

interface SyncResult {
  syncJobId: string;
  generatedFiles: Array<{ path: string }>;
  cubeCount: number;
  manifestStats: { models: number };
}

interface SyncRun {
  syncJobId: string;
  status: string;
  trigger: string;
  source: string;
  gitRef?: string;
}

interface Repository {
  repositoryUrl: string;
  branch: string;
  hasToken: boolean;
  hasWebhookSecret: boolean;
  webhookPath: string;
}

/** The smallest of the real manifests under fixtures/dbt at the repository root (SOURCES.md there says where it is from). */
const smallManifest = fileURLToPath(
  new URL('../../../fixtures/dbt/metricflow-core112-manifest.json', import.meta.url),
);

/** A small dbt project as a repository holds it: two staging models, their tests and a relationship. */
const dbtProjectFiles: Record<string, string> = {
  'dbt_project.yml': [
    'name: shop',
    'version: "1.0.0"',
    'config-version: 2',
    'profile: shop',
    'model-paths: ["models"]',
    '',
  ].join('\n'),
  'models/stg_customers.sql': "select id as customer_id, first_name from {{ source('raw', 'customers') }}\n",
  'models/stg_orders.sql':
    "select id as order_id, customer_id, ordered_at from {{ source('raw', 'orders') }}\n",
  'models/schema.yml': `version: 2

sources:
  - name: raw
    tables:
      - name: customers
      - name: orders

models:
  - name: stg_customers
    columns:
      - name: customer_id
        tests: [unique, not_null]
      - name: first_name
  - name: stg_orders
    columns:
      - name: order_id
        tests: [unique, not_null]
      - name: customer_id
        tests:
          - relationships:
              to: ref('stg_customers')
              field: customer_id
      - name: ordered_at
        data_type: date
`,
};

const git = (directory: string, ...args: string[]) =>
  promisify(execFile)('git', ['-C', directory, ...args], {
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: directory },
  });

/** A git repository on disk holding `files` on branch main, in one commit. */
async function dbtRepository(files: Record<string, string>): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), 'platform-cli-dbt-repository-'));
  await git(directory, 'init', '--quiet', '--initial-branch=main');
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(directory, path)), { recursive: true });
    await writeFile(join(directory, path), text);
  }
  await git(directory, 'add', '--all');
  await git(
    directory,
    '-c',
    'user.name=Test',
    '-c',
    'user.email=test@localhost',
    'commit',
    '--quiet',
    '-m',
    'dbt',
  );
  return directory;
}

/** The progress lines `--wait` wrote to stderr, e.g. `PARSING_PROJECT 20%`. */
function progressLines(result: PlatformResult): string[] {
  return result.stderr.split('\n').filter((line) => /^[A-Z_]+ \d+%/.test(line));
}

describe('platform dbt against a real server', () => {
  let server: RunningServer;
  let configDirectory: string;
  let repositoryDirectory: string;
  let emptyDirectory: string;
  let malformedManifest: string;
  let deployment: string;
  const platform = (args: string[], environment: Record<string, string> = {}): Promise<PlatformResult> =>
    runPlatform(args, { PLATFORM_CONFIG_DIR: configDirectory, ...environment });
  const dbt = (args: string[], environment: Record<string, string> = {}) =>
    platform(['dbt', ...args, '--deployment', deployment], environment);

  beforeAll(async () => {
    [server, configDirectory, repositoryDirectory, emptyDirectory] = await Promise.all([
      // The test repositories are file:// remotes in the temp directory.
      startServer({ PLATFORM_GIT_FILE_REMOTE_DIRS: tmpdir() }),
      temporaryConfigDirectory(),
      dbtRepository(dbtProjectFiles),
      dbtRepository({ 'README.md': 'no dbt project here\n' }),
    ]);
    malformedManifest = join(emptyDirectory, 'malformed-manifest.json');
    // A valid header, then `nodes` that is not an object: the sync fails while parsing, naming `nodes`.
    await writeFile(
      malformedManifest,
      JSON.stringify({
        metadata: { dbt_schema_version: 'https://schemas.getdbt.com/dbt/manifest/v12.json' },
        nodes: 5,
      }),
    );
    const login = await platform(['login', '--api-key', server.adminKey, '--url', server.apiUrl]);
    if (login.exitCode !== 0) throw new Error(`login failed: ${login.stderr}`);
    const created = jsonOf<{ id: number }>(
      await platform(['deployments', 'create', '--name', 'dbt', '--region', 'local', '--json']),
    );
    deployment = String(created.id);
  });
  afterAll(async () => {
    await server?.stop();
    await Promise.all(
      [configDirectory, repositoryDirectory, emptyDirectory]
        .filter(Boolean)
        .map((path) => rm(path, { recursive: true, force: true })),
    );
  });

  it('syncs a manifest with --wait --json: progress on stderr, the result on stdout, trigger manual', async () => {
    const result = await dbt(['sync', '--manifest', smallManifest, '--wait', '--timeout', '120', '--json']);
    expect(result.exitCode, result.stderr).toBe(0);
    const synced = jsonOf<SyncResult>(result);
    expect(synced.cubeCount).toBeGreaterThan(0);
    expect(synced.generatedFiles).toHaveLength(synced.cubeCount);
    expect(synced.manifestStats.models).toBeGreaterThan(0);

    const progress = progressLines(result);
    expect(progress.at(-1)).toMatch(/^COMPLETED 100%/);
    // One line per change: never the same line twice in a row.
    expect(progress.filter((line, index) => line === progress[index - 1])).toEqual([]);

    const history = await dbt(['history', '--json']);
    expect(history.exitCode, history.stderr).toBe(0);
    const run = jsonOf<{ items: SyncRun[] }>(history).items.find(
      (item) => item.syncJobId === synced.syncJobId,
    );
    expect(run).toMatchObject({ status: 'COMPLETED', trigger: 'manual', source: 'manifest' });
  });

  it('exits 1 with the reason when the sync fails', async () => {
    const result = await dbt(['sync', '--manifest', malformedManifest, '--wait', '--timeout', '120']);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^error: sync [0-9a-f-]{36} failed: .*nodes/m);
    expect(progressLines(result).at(-1)).toMatch(/^FAILED /);
  });

  it('connects, shows and disconnects a repository, never printing the token back', async () => {
    const token = 'token-that-must-never-be-printed';
    const url = pathToFileURL(emptyDirectory).href;
    const connect = await dbt(['repository', 'connect', '--url', url, '--branch', 'main'], {
      PLATFORM_DBT_TOKEN: token,
      PLATFORM_DBT_WEBHOOK_SECRET: 'a-webhook-secret-of-32-characters',
    });
    expect(connect.exitCode, connect.stderr).toBe(0);
    const webhookUrl = /^webhook URL:\s+(\S+)$/m.exec(connect.stdout)?.[1];
    expect(webhookUrl).toBe(`${server.apiUrl}/api/v1/deployments/${deployment}/dbt-sync/webhook`);

    const shown = await dbt(['repository', 'get', '--json']);
    expect(shown.exitCode, shown.stderr).toBe(0);
    expect(jsonOf<Repository>(shown)).toMatchObject({
      repositoryUrl: url,
      branch: 'main',
      hasToken: true,
      hasWebhookSecret: true,
      webhookPath: `/api/v1/deployments/${deployment}/dbt-sync/webhook`,
    });
    const human = await dbt(['repository', 'get']);
    expect(human.stdout).toMatch(/^token:\s+set$/m);
    for (const output of [connect, shown, human]) expect(output.stdout + output.stderr).not.toContain(token);

    const disconnect = await dbt(['repository', 'disconnect']);
    expect(disconnect.exitCode, disconnect.stderr).toBe(0);
    const gone = await dbt(['repository', 'get']);
    expect(gone.exitCode).toBe(1);
    expect(gone.stderr).toMatch(/^error: 404 /);
  });

  it('syncs the connected repository at --ref main with --wait', async () => {
    const connect = await dbt([
      'repository',
      'connect',
      '--url',
      pathToFileURL(repositoryDirectory).href,
      '--json',
    ]);
    expect(connect.exitCode, connect.stderr).toBe(0);
    expect(jsonOf<Repository>(connect)).toMatchObject({ branch: 'main', hasToken: false });

    const result = await dbt(['sync', '--ref', 'main', '--wait', '--timeout', '120']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^sync [0-9a-f-]{36} completed on dbt-sync\/\S+: 2 cubes from 2 models/);
    expect(result.stdout).toMatch(/stg_orders/);

    const history = jsonOf<{ items: SyncRun[] }>(await dbt(['history', '--json']));
    expect(history.items[0]).toMatchObject({ status: 'COMPLETED', trigger: 'manual', source: 'git' });
  });

  it('webhook-test starts a sync with the right secret (trigger webhook) and is refused with a wrong one', async () => {
    const secret = 'a-webhook-secret-of-32-characters';
    const connect = await dbt(['repository', 'connect', '--url', pathToFileURL(repositoryDirectory).href], {
      PLATFORM_DBT_WEBHOOK_SECRET: secret,
    });
    expect(connect.exitCode, connect.stderr).toBe(0);

    const refused = await dbt(['webhook-test', '--webhook-secret', 'not-the-secret-of-the-repository']);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toMatch(/^error: 401 the delivery's signature does not match the webhook secret/);

    const sent = await dbt(['webhook-test', '--json'], { PLATFORM_DBT_WEBHOOK_SECRET: secret });
    expect(sent.exitCode, sent.stderr).toBe(0);
    const answer = jsonOf<{ started: boolean; syncJobId?: string }>(sent);
    expect(answer.started).toBe(true);
    const history = jsonOf<{ items: SyncRun[] }>(await dbt(['history', '--trigger', 'webhook', '--json']));
    expect(history.items.map((run) => run.syncJobId)).toEqual([answer.syncJobId]);
  });

  it('refuses --ref together with --manifest before calling the server', async () => {
    const result = await dbt(['sync', '--ref', 'main', '--manifest', smallManifest]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/--ref .* --manifest/);
  });
});
