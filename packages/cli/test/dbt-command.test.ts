import { createHmac } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from './support/in-process-cli.js';
import { recordingFetch } from './support/recording-fetch.js';

const repository = {
  repositoryUrl: 'https://git.example.com/analytics/dbt.git',
  branch: 'main',
  hasToken: true,
  hasWebhookSecret: true,
  webhookPath: '/api/v1/deployments/5/dbt-sync/webhook',
  updatedAt: '2026-11-22T04:00:00.000Z',
};

describe('platform dbt repository and webhook-test', () => {
  it('takes the token and secret from the environment, and prints the webhook URL under a proxy prefix', async () => {
    const recorder = recordingFetch(() => ({ status: 200, body: repository }));
    const result = await runInProcess(
      ['dbt', 'repository', 'connect', '--deployment', '5', '--url', repository.repositoryUrl],
      recorder,
      {
        PLATFORM_API_URL: 'https://tools.example.com/platform/',
        PLATFORM_DBT_TOKEN: 'token-from-the-environment',
        PLATFORM_DBT_WEBHOOK_SECRET: 'secret-from-the-environment',
      },
    );
    expect(result.exitCode, result.stderr).toBe(0);
    expect(recorder.requests[0]?.body).toEqual({
      repositoryUrl: repository.repositoryUrl,
      token: 'token-from-the-environment',
      webhookSecret: 'secret-from-the-environment',
    });
    expect(result.stdout).toMatch(
      /^webhook URL:\s+https:\/\/tools\.example\.com\/platform\/api\/v1\/deployments\/5\/dbt-sync\/webhook$/m,
    );
    expect(result.stdout).not.toContain('token-from-the-environment');
  });

  it('lets an option win over the environment, and treats an empty variable as unset', async () => {
    const recorder = recordingFetch(() => ({ status: 200, body: repository }));
    const result = await runInProcess(
      [
        'dbt',
        'repository',
        'connect',
        '--deployment',
        '5',
        '--url',
        repository.repositoryUrl,
        '--token',
        'given',
      ],
      recorder,
      { PLATFORM_DBT_TOKEN: 'from-the-environment', PLATFORM_DBT_WEBHOOK_SECRET: '' },
    );
    expect(result.exitCode, result.stderr).toBe(0);
    expect(recorder.requests[0]?.body).toEqual({ repositoryUrl: repository.repositoryUrl, token: 'given' });
  });

  it('marks every request as the CLI, so the server records syncs it starts as manual', async () => {
    const recorder = recordingFetch(() => ({
      status: 201,
      body: { syncJobId: 'sync-1', workflowId: 'workflow-1', branchName: 'dbt-sync/main-1' },
    }));
    const result = await runInProcess(['dbt', 'sync', '--deployment', '5', '--ref', 'main'], recorder);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(recorder.requests[0]?.headers['x-platform-client']).toBe('cli');
    expect(recorder.requests[0]?.body).toEqual({ source: 'git', ref: 'main' });
  });

  it('signs the test push with the secret over the exact body, and sends no API key', async () => {
    const recorder = recordingFetch(() => ({
      status: 200,
      body: { started: true, message: 'sync started' },
    }));
    const secret = 'a-secret-of-more-than-16-characters';
    const result = await runInProcess(
      ['dbt', 'webhook-test', '--deployment', '5', '--branch', 'release'],
      recorder,
      { PLATFORM_DBT_WEBHOOK_SECRET: secret },
    );
    expect(result.exitCode, result.stderr).toBe(0);
    const request = recorder.requests[0];
    expect(request?.url.pathname).toBe('/api/v1/deployments/5/dbt-sync/webhook');
    expect(request?.body).toEqual({ ref: 'refs/heads/release', deleted: false });
    const body = JSON.stringify(request?.body);
    expect(request?.headers['x-hub-signature-256']).toBe(
      `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
    );
    expect(request?.headers.authorization).toBeUndefined();
  });

  it('refuses webhook-test without a secret before sending anything', async () => {
    const recorder = recordingFetch(() => ({ status: 200, body: {} }));
    const result = await runInProcess(
      ['dbt', 'webhook-test', '--deployment', '5', '--branch', 'main'],
      recorder,
    );
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/PLATFORM_DBT_WEBHOOK_SECRET/);
    expect(recorder.requests).toEqual([]);
  });

  it('sends a catalog with the manifest, and refuses one without a manifest', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'platform-cli-dbt-artifacts-'));
    try {
      await writeFile(join(directory, 'manifest.json'), JSON.stringify({ metadata: {}, nodes: {} }));
      await writeFile(join(directory, 'catalog.json'), JSON.stringify({ metadata: {}, nodes: { a: 1 } }));
      const recorder = recordingFetch(() => ({
        status: 201,
        body: { syncJobId: 'sync-1', workflowId: 'workflow-1', branchName: 'dbt-sync/manifest-1' },
      }));
      const args = ['dbt', 'sync', '--deployment', '5', '--manifest', join(directory, 'manifest.json')];
      const result = await runInProcess([...args, '--catalog', join(directory, 'catalog.json')], recorder);
      expect(result.exitCode, result.stderr).toBe(0);
      expect(recorder.requests[0]?.body).toEqual({
        source: 'manifest',
        manifest: { metadata: {}, nodes: {} },
        catalog: { metadata: {}, nodes: { a: 1 } },
      });
      const alone = await runInProcess(
        ['dbt', 'sync', '--deployment', '5', '--catalog', join(directory, 'catalog.json')],
        recorder,
      );
      expect(alone.exitCode).toBe(2);
      expect(alone.stderr).toContain('--catalog goes with --manifest');
      expect(recorder.requests).toHaveLength(1);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
