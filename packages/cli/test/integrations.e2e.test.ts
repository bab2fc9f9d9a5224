import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jsonOf,
  type PlatformResult,
  type RunningServer,
  runPlatform,
  startServer,
  temporaryConfigDirectory,
} from './support/platform-process.js';

interface Integration {
  id: number;
  name: string;
  type: string;
  clientId: string;
  clientSecret: string;
  scopes: string[];
  redirectUri: string;
}

const clientSecret = 'cli-client-secret-3b9e';

/**
 * The integrations commands against a real server. The provider's endpoints are never contacted here:
 * the whole connection flow runs against a scripted provider in the server's tests.
 */
describe('platform integrations against a real server', () => {
  let server: RunningServer;
  let configDirectory: string;
  const platform = (args: string[], environment: Record<string, string> = {}): Promise<PlatformResult> =>
    runPlatform(args, {
      PLATFORM_CONFIG_DIR: configDirectory,
      PLATFORM_API_URL: server.apiUrl,
      PLATFORM_API_KEY: server.adminKey,
      ...environment,
    });

  beforeAll(async () => {
    [server, configDirectory] = await Promise.all([startServer(), temporaryConfigDirectory()]);
  });
  afterAll(async () => {
    await server?.stop();
    if (configDirectory) await rm(configDirectory, { recursive: true, force: true });
  });

  it('creates, lists, shows, updates and deletes an integration, its secret never shown', async () => {
    const created = await platform(
      [
        'integrations',
        'create',
        '--name',
        'warehouse',
        '--type',
        'snowflake',
        '--client-id',
        'platform-client',
        '--authorization-url',
        'http://127.0.0.1:9/authorize',
        '--token-url',
        'http://127.0.0.1:9/token',
        '--scope',
        'refresh_token',
        '--json',
      ],
      { PLATFORM_INTEGRATION_CLIENT_SECRET: clientSecret },
    );
    expect(created.exitCode, created.stderr).toBe(0);
    const integration = jsonOf<Integration>(created);
    expect(integration).toMatchObject({
      name: 'warehouse',
      type: 'snowflake',
      clientSecret: '[ENCRYPTED]',
      scopes: ['refresh_token'],
    });
    expect(integration.redirectUri).toMatch(/\/api\/v1\/oauth\/callback$/);

    const listed = await platform(['integrations', 'list']);
    expect(listed.exitCode, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(/warehouse\s+snowflake\s+platform-client/);
    const shown = await platform(['integrations', 'get', String(integration.id)]);
    expect(shown.stdout).toMatch(/client secret:\s+\[ENCRYPTED\]/);
    for (const output of [created.stdout, listed.stdout, shown.stdout])
      expect(output).not.toContain(clientSecret);

    const updated = await platform([
      'integrations',
      'update',
      String(integration.id),
      '-d',
      '{"scopes":["refresh_token","session:role:ANALYST"]}',
      '--json',
    ]);
    expect(jsonOf<Integration>(updated).scopes).toEqual(['refresh_token', 'session:role:ANALYST']);
    const refused = await platform([
      'integrations',
      'update',
      String(integration.id),
      '-d',
      '{"tokenUrl":"ftp://x"}',
    ]);
    expect(refused.exitCode).not.toBe(0);
    expect(refused.stderr).toMatch(/tokenUrl/);

    const deleted = await platform(['integrations', 'delete', String(integration.id)]);
    expect(deleted.stdout).toContain(`deleted OAuth integration ${integration.id}`);
    expect((await platform(['integrations', 'get', String(integration.id)])).exitCode).not.toBe(0);
  });

  it('starts a connection, lists none until it completes, and refuses a state nobody issued', async () => {
    const integration = jsonOf<Integration>(
      await platform([
        'integrations',
        'create',
        '-d',
        JSON.stringify({
          name: 'spreadsheet',
          clientId: 'platform-client',
          clientSecret,
          authorizationUrl: 'http://127.0.0.1:9/authorize',
          tokenUrl: 'http://127.0.0.1:9/token',
        }),
        '--json',
      ]),
    );
    const initiated = await platform(['integrations', 'tokens', 'initiate', String(integration.id)]);
    expect(initiated.exitCode, initiated.stderr).toBe(0);
    const authorizationUrl = new URL(initiated.stdout.trim().split('\n').at(-1) ?? '');
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('client_id')).toBe('platform-client');

    expect((await platform(['integrations', 'tokens', 'list'])).stdout).toContain(
      'no connected integrations',
    );
    expect((await platform(['integrations', 'tokens', 'get', String(integration.id)])).exitCode).not.toBe(0);

    const forged = await platform([
      'integrations',
      'tokens',
      'complete',
      `${server.apiUrl}/api/v1/oauth/callback?code=a-code&state=a-state-nobody-issued`,
    ]);
    expect(forged.exitCode).not.toBe(0);
    expect(forged.stderr).toMatch(/unknown, already used or older than 10 minutes/);
    const revoked = await platform(['integrations', 'tokens', 'revoke', String(integration.id)]);
    expect(revoked.exitCode).not.toBe(0);
    expect(revoked.stderr).toMatch(/not found/);
  });
});
