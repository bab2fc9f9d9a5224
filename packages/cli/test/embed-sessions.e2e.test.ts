import { rm } from 'node:fs/promises';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jsonOf,
  type PlatformResult,
  type RunningServer,
  runPlatform,
  startServer,
  temporaryConfigDirectory,
} from './support/platform-process.js';

describe('platform embed session|token against a real server', () => {
  let server: RunningServer;
  let configDirectory: string;
  const platform = (args: string[], key: string | null = server.adminKey): Promise<PlatformResult> =>
    runPlatform(args, {
      PLATFORM_CONFIG_DIR: configDirectory,
      PLATFORM_API_URL: server.apiUrl,
      ...(key === null ? {} : { PLATFORM_API_KEY: key }),
    });

  beforeAll(async () => {
    [server, configDirectory] = await Promise.all([startServer(), temporaryConfigDirectory()]);
  });
  afterAll(async () => {
    await server?.stop();
    if (configDirectory) await rm(configDirectory, { recursive: true, force: true });
  });

  it('generates a session with named options over -d, exchanges it once without a key, and refuses the second exchange', async () => {
    const deployments = jsonOf<{ items: Array<{ id: number }> }>(
      await platform(['deployments', 'list', '--json']),
    );
    const deploymentId = String(deployments.items[0]?.id ?? 0);
    const data = JSON.stringify({
      externalId: 'overridden',
      securityContext: { tenantId: 7 },
      tenantGroupDefinitions: [{ name: 'finance' }],
    });
    const session = await platform([
      'embed',
      'session',
      '--deployment',
      deploymentId,
      '-d',
      data,
      '--external-id',
      'CLI-Customer',
      '--tenant',
      'acme',
      '--group',
      'finance',
      '--chat',
    ]);
    expect(session.exitCode, session.stderr).toBe(0);
    const sessionId = session.stdout.trim();
    expect(sessionId).toMatch(/^[0-9a-f]{32}$/);

    const exchanged = jsonOf<{ token: string }>(
      await platform(['embed', 'token', sessionId, '--json'], null),
    );
    const claims = decodeJwt(exchanged.token) as {
      sub: string;
      scope: string[];
      embed: Record<string, unknown>;
    };
    expect(claims.sub).toBe('cli-customer');
    expect(claims.scope).toEqual(['embed', 'chat']);
    expect(claims.embed).toMatchObject({
      embedTenantName: 'acme',
      securityContext: { tenantId: 7 },
      settings: { showDashboardChat: true },
    });

    const replayed = await platform(['embed', 'token', sessionId], null);
    expect(replayed.exitCode).not.toBe(0);
    expect(replayed.stderr).toMatch(/unknown, already exchanged or expired/);
    const neither = await platform(['embed', 'session', '--deployment', deploymentId]);
    expect(neither.exitCode).not.toBe(0);
    expect(neither.stderr).toMatch(/--external-id/);
  });
});
