import { rm } from 'node:fs/promises';
import { createLocalJWKSet, decodeProtectedHeader, type JSONWebKeySet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jsonOf,
  type PlatformResult,
  type RunningServer,
  runPlatform,
  startServer,
  temporaryConfigDirectory,
} from './support/platform-process.js';

interface OidcTokenConfig {
  id: number;
  name: string;
  audience: string;
  targetEnvVar: string;
  deploymentIds: number[] | null;
  isEnabled: boolean;
  lifetimeSeconds: number;
}

describe('platform oidc against a real server', () => {
  let server: RunningServer;
  let configDirectory: string;
  const platform = (args: string[]): Promise<PlatformResult> =>
    runPlatform(args, {
      PLATFORM_CONFIG_DIR: configDirectory,
      PLATFORM_API_URL: server.apiUrl,
      PLATFORM_API_KEY: server.adminKey,
    });

  beforeAll(async () => {
    [server, configDirectory] = await Promise.all([startServer(), temporaryConfigDirectory()]);
  });
  afterAll(async () => {
    await server?.stop();
    if (configDirectory) await rm(configDirectory, { recursive: true, force: true });
  });

  it('creates, lists, shows, updates and deletes configurations, mints a verifiable token and rotates the key', async () => {
    const deployments = jsonOf<{ items: Array<{ id: number }> }>(
      await platform(['deployments', 'list', '--json']),
    );
    const deploymentId = deployments.items[0]?.id ?? 0;
    const body = JSON.stringify({
      name: 'warehouse',
      audience: 'sts.example.com',
      targetEnvVar: 'WAREHOUSE_TOKEN',
    });
    const created = jsonOf<OidcTokenConfig>(await platform(['oidc', 'create', '-d', body, '--json']));
    expect(created).toMatchObject({
      name: 'warehouse',
      deploymentIds: null,
      isEnabled: true,
      lifetimeSeconds: 3600,
    });

    const listed = await platform(['oidc', 'list']);
    expect(listed.stdout).toContain('WAREHOUSE_TOKEN');
    expect((await platform(['oidc', 'get', String(created.id)])).stdout).toContain('sts.example.com');
    const updated = jsonOf<OidcTokenConfig>(
      await platform([
        'oidc',
        'update',
        String(created.id),
        '--lifetime',
        '900',
        '--deployments',
        String(deploymentId),
        '--json',
      ]),
    );
    expect(updated).toMatchObject({ lifetimeSeconds: 900, deploymentIds: [deploymentId] });

    const minted = jsonOf<{ token: string }>(
      await platform(['oidc', 'token', String(created.id), '--deployment', String(deploymentId), '--json']),
    );
    const discovery = jsonOf<{ issuer: string }>(await platform(['oidc', 'discovery', '--json']));
    const jwks = jsonOf<JSONWebKeySet>(await platform(['oidc', 'jwks', '--json']));
    const { payload } = await jwtVerify(minted.token, createLocalJWKSet(jwks), {
      issuer: discovery.issuer,
      audience: 'sts.example.com',
    });
    expect(payload.sub).toBe(`deployment:${deploymentId}`);

    const rotated = jsonOf<{ kid: string; retiredKid: string | null }>(
      await platform(['oidc', 'rotate-key', '--json']),
    );
    expect(rotated.retiredKid).toBe(decodeProtectedHeader(minted.token).kid);

    const deleted = await platform(['oidc', 'delete', String(created.id)]);
    expect(deleted.stdout).toContain(`deleted OIDC token configuration ${created.id}`);
    expect((await platform(['oidc', 'get', String(created.id)])).exitCode).not.toBe(0);
  });
});
