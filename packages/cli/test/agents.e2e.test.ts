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

interface Agent {
  id: string;
  name: string;
  isDefault: boolean;
  instructions: string | null;
  model: { provider: string | null; model: string | null; apiKey: string | null };
}

interface AgentApiKey {
  id: number;
  name: string;
  tokenPrefix: string;
}

describe('platform CLI against a real server: agents, their keys, chat auth, user attributes', () => {
  let server: RunningServer;
  let configDirectory: string;
  let deploymentId: string;
  const platform = (args: string[]): Promise<PlatformResult> =>
    runPlatform(args, { PLATFORM_CONFIG_DIR: configDirectory });
  const onDeployment = (...args: string[]) => platform([...args, '--deployment', deploymentId]);

  beforeAll(async () => {
    [server, configDirectory] = await Promise.all([startServer(), temporaryConfigDirectory()]);
    const login = await platform(['login', '--api-key', server.adminKey, '--url', server.apiUrl]);
    if (login.exitCode !== 0) throw new Error(`login failed: ${login.stderr}`);
    const created = jsonOf<{ id: number }>(
      await platform(['deployments', 'create', '--name', 'cli-agents', '--json']),
    );
    deploymentId = String(created.id);
  });
  afterAll(async () => {
    await server?.stop();
    if (configDirectory) await rm(configDirectory, { recursive: true, force: true });
  });

  it('shows the demo deployment its default agent', async () => {
    const deployments = jsonOf<{ items: Array<{ id: number; name: string }> }>(
      await platform(['deployments', 'list', '--json']),
    );
    const demo = deployments.items.find((item) => item.name === 'demo');
    const list = await platform(['agents', 'list', '--deployment', String(demo?.id)]);
    expect(list.exitCode, list.stderr).toBe(0);
    expect(list.stdout.split('\n')[0]).toMatch(/^ID\s+NAME\s+DEFAULT\s+PROVIDER\s+MODEL/);
    expect(list.stdout).toMatch(/Demo analyst\s+yes\s+server default/);
  });

  it('creates, updates, moves the default and deletes agents', async () => {
    const first = jsonOf<Agent>(
      await onDeployment('agents', 'create', '--name', 'Sales', '--instructions', 'Use euros.', '--json'),
    );
    expect(first).toMatchObject({ name: 'Sales', isDefault: true, instructions: 'Use euros.' });
    const second = await onDeployment(
      'agents',
      'create',
      '--name',
      'Ops',
      '--provider',
      'anthropic',
      '--model',
      'claude-small',
      '--api-key',
      'provider-key-e2e',
    );
    expect(second.exitCode, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/api key:\s+\[ENCRYPTED\]/);
    expect(second.stdout).not.toContain('provider-key-e2e');
    const ops = jsonOf<{ items: Agent[] }>(await onDeployment('agents', 'list', '--json')).items.find(
      (agent) => agent.name === 'Ops',
    );
    expect(ops).toMatchObject({ isDefault: false, model: { provider: 'anthropic', apiKey: '[ENCRYPTED]' } });

    const moved = jsonOf<Agent>(
      await onDeployment('agents', 'update', String(ops?.id), '--default', '--clear-instructions', '--json'),
    );
    expect(moved).toMatchObject({ isDefault: true, instructions: null, model: { model: 'claude-small' } });
    const got = await onDeployment('agents', 'get', first.id);
    expect(got.stdout).toMatch(/default:\s+no/);

    const deleted = await onDeployment('agents', 'delete', String(ops?.id));
    expect(deleted.exitCode, deleted.stderr).toBe(0);
    expect(deleted.stdout).toContain(`deleted agent ${ops?.id}`);
    const remaining = jsonOf<{ items: Agent[] }>(await onDeployment('agents', 'list', '--json')).items;
    expect(remaining.map((agent) => [agent.name, agent.isDefault])).toEqual([['Sales', true]]);

    const missing = await onDeployment('agents', 'get', String(ops?.id));
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toMatch(/^error: 404 agent \S+ not found/);
    const badId = await onDeployment('agents', 'get', 'not-a-uuid');
    expect(badId.exitCode).toBe(1);
    expect(badId.stderr).toMatch(/^error: 400 .*agentId/);
  });

  it("creates an agent's key shown once, lists it without the key, and deletes it", async () => {
    const agent = jsonOf<Agent>(await onDeployment('agents', 'create', '--name', 'Keyed', '--json'));
    const created = await onDeployment('agents', 'keys', 'create', agent.id, '--name', 'website');
    expect(created.exitCode, created.stderr).toBe(0);
    const token = /token:\s+(sk-\S+)/.exec(created.stdout)?.[1];
    expect(token).toBeDefined();
    expect(created.stderr).toMatch(/shown only this once/);

    const list = await onDeployment('agents', 'keys', 'list', agent.id);
    expect(list.stdout).toMatch(/website\s+sk-/);
    const keys = jsonOf<{ items: AgentApiKey[] }>(
      await onDeployment('agents', 'keys', 'list', agent.id, '--json'),
    );
    expect(keys.items).toHaveLength(1);
    expect(JSON.stringify(keys)).not.toContain(token);
    const keyId = String(keys.items[0]?.id);
    const deleted = await onDeployment('agents', 'keys', 'delete', agent.id, keyId);
    expect(deleted.stdout).toContain(`deleted API key ${keyId}`);
    expect(
      jsonOf<{ items: AgentApiKey[] }>(await onDeployment('agents', 'keys', 'list', agent.id, '--json'))
        .items,
    ).toEqual([]);
  });

  it('reads and changes chat auth, keeping the secret hidden', async () => {
    const initial = await onDeployment('agents', 'chat-auth', 'get');
    expect(initial.stdout).toMatch(/enabled:\s+no/);
    const refused = await onDeployment('agents', 'chat-auth', 'set', '--enable');
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toMatch(/^error: 400 .*secret/);
    const enabled = await onDeployment(
      'agents',
      'chat-auth',
      'set',
      '--enable',
      '--secret',
      'cli-shared-secret',
    );
    expect(enabled.exitCode, enabled.stderr).toBe(0);
    expect(enabled.stdout).toMatch(/secret:\s+\[ENCRYPTED\]/);
    expect(enabled.stdout).not.toContain('cli-shared-secret');
    // Without --enable/--disable the switch stays where it is.
    const audience = jsonOf<{ enabled: boolean; audience: string | null; secret: string | null }>(
      await onDeployment('agents', 'chat-auth', 'set', '--audience', 'chat', '--json'),
    );
    expect(audience).toEqual(
      expect.objectContaining({ enabled: true, audience: 'chat', secret: '[ENCRYPTED]' }),
    );
    const checked = jsonOf<{ customCheckUrl: string | null }>(
      await onDeployment(
        'agents',
        'chat-auth',
        'set',
        '--custom-check-url',
        'https://checker:check-password@auth.example.com/verify',
        '--json',
      ),
    );
    expect(checked.customCheckUrl).toBe('https://checker:[ENCRYPTED]@auth.example.com/verify');
    const cleared = jsonOf<{ customCheckUrl: string | null }>(
      await onDeployment('agents', 'chat-auth', 'set', '--clear-custom-check', '--json'),
    );
    expect(cleared.customCheckUrl).toBeNull();
    const both = await onDeployment('agents', 'chat-auth', 'set', '--enable', '--disable');
    expect(both.exitCode).toBe(2);
  });

  it('defines, lists and deletes user attributes', async () => {
    const created = await platform(['user-attributes', 'create', '--name', 'region']);
    expect(created.exitCode, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/name:\s+region/);
    const list = await platform(['user-attributes', 'list']);
    expect(list.stdout).toMatch(/region\s+string/);
    const items = jsonOf<{ items: Array<{ id: number; name: string }> }>(
      await platform(['user-attributes', 'list', '--json']),
    ).items;
    const id = String(items.find((item) => item.name === 'region')?.id);
    const bad = await platform(['user-attributes', 'create', '--name', 'Not Valid']);
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toMatch(/^error: 400 .*name/);
    const deleted = await platform(['user-attributes', 'delete', id]);
    expect(deleted.stdout).toContain(`deleted user attribute ${id}`);
    expect(jsonOf<{ items: unknown[] }>(await platform(['user-attributes', 'list', '--json'])).items).toEqual(
      [],
    );
  });

  it("updates attributes and sets users' values as `platform attributes`", async () => {
    const seats = jsonOf<{ id: number }>(
      await platform([
        'attributes',
        'create',
        '--name',
        'seats',
        '--type',
        'number',
        '--default',
        '5',
        '--json',
      ]),
    );
    const id = String(seats.id);
    const updated = await platform([
      'attributes',
      'update',
      id,
      '--display-name',
      'Seat count',
      '--default',
      '7',
    ]);
    expect(updated.exitCode, updated.stderr).toBe(0);
    expect(updated.stdout).toMatch(/display name:\s+Seat count/);
    expect(updated.stdout).toMatch(/default:\s+7/);
    const shown = await platform(['attributes', 'get', id]);
    expect(shown.stdout).toMatch(/name:\s+seats/);
    const listed = await platform(['attributes', 'list', '--type', 'number']);
    expect(listed.stdout).toMatch(/seats\s+number\s+Seat count\s+7/);

    const user = jsonOf<{ id: number }>(
      await platform(['users', 'create', '--email', 'attribute.holder@example.com', '--json']),
    );
    const userId = String(user.id);
    const set = await platform(['attributes', 'values', 'set', userId, id, '--value', '12']);
    expect(set.exitCode, set.stderr).toBe(0);
    expect(set.stdout).toMatch(/seats\s+number\s+12\s+user/);
    const wrong = await platform(['attributes', 'values', 'set', userId, id, '--value', 'twelve']);
    expect(wrong.exitCode).toBe(1);
    expect(wrong.stderr).toMatch(/must be a number; got "twelve"/);
    const values = await platform(['attributes', 'values', 'get', userId]);
    expect(values.stdout).toMatch(/seats\s+number\s+12\s+user/);
    await platform(['attributes', 'values', 'set', userId, id]);
    const cleared = jsonOf<{ items: Array<{ name: string; value: unknown; isDefault: boolean }> }>(
      await platform(['attributes', 'values', 'get', userId, '--json']),
    );
    expect(cleared.items.find((item) => item.name === 'seats')).toMatchObject({ value: 7, isDefault: true });
    const refused = await platform(['attributes', 'update', id, '--default', '1', '--clear-default']);
    expect(refused.exitCode).not.toBe(0);
  });
});
