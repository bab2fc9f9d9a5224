import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentsTable, deploymentChatAuthTable } from '../../src/modules/agents/agents.tables.js';
import { gitRemotesTable } from '../../src/modules/data-model/data-model.tables.js';
import { dbtRepositoriesTable } from '../../src/modules/dbt-sync/dbt-sync.tables.js';
import { sealStoredUrlCredentials } from '../../src/seal-stored-url-credentials.js';
import { startDiskContainer } from '../support/disk-container.js';
import { type StoreEngine, startTestServer, storeEngines, type TestServer } from '../support/test-server.js';
import { createDeployment } from './account-resources.js';

const secrets = {
  agent: 'agent-password-4d1c',
  jwks: 'jwks-password-77ab',
  git: 'ghp_gittoken9f3e',
  dbt: 'dbt-password-2b8a',
};

const plaintext = {
  agent: `https://bot:${secrets.agent}@llm.example.com/v1`,
  jwks: `https://jwks:${secrets.jwks}@idp.example.com/.well-known/jwks.json`,
  git: `https://${secrets.git}@git.invalid/acme/model.git`,
  dbt: `https://ci:${secrets.dbt}@git.invalid/acme/dbt.git`,
};

function expectNoSecret(value: unknown, label: string): void {
  const text = JSON.stringify(value);
  for (const secret of Object.values(secrets)) expect(text, label).not.toContain(secret);
}

describe.each(storeEngines)(
  'the start-up pass that seals URL credentials stored in clear, on %s',
  (engine: StoreEngine) => {
    let server: TestServer;
    let deploymentId: number;
    let agentId: string;

    /** Every stored URL row of the test, as the store holds it. */
    async function storedRows() {
      const database = server.container.platform.store.database;
      return {
        agent: (await database.select().from(agentsTable).where(eq(agentsTable.id, agentId)))[0],
        chatAuth: (
          await database
            .select()
            .from(deploymentChatAuthTable)
            .where(eq(deploymentChatAuthTable.deploymentId, deploymentId))
        )[0],
        gitRemote: (
          await database.select().from(gitRemotesTable).where(eq(gitRemotesTable.deploymentId, deploymentId))
        )[0],
        dbtRepository: (
          await database
            .select()
            .from(dbtRepositoriesTable)
            .where(eq(dbtRepositoriesTable.deploymentId, deploymentId))
        )[0],
      };
    }

    beforeAll(async () => {
      server = await startTestServer({ engine });
      deploymentId = await createDeployment(server, 'sealed-urls');
      const agent = await server.request({
        method: 'POST',
        url: `/api/v1/deployments/${deploymentId}/agents`,
        body: {
          name: 'old agent',
          model: { provider: 'openai-compatible', baseUrl: 'https://llm.example.com/v1', model: 'm' },
        },
      });
      expect(agent.status, JSON.stringify(agent.body)).toBe(201);
      agentId = (agent.body as { id: string }).id;
      // Rows as a server from before URL sealing wrote them: the whole URL in clear, no secret column.
      const database = server.container.platform.store.database;
      await database
        .update(agentsTable)
        .set({ modelBaseUrl: plaintext.agent })
        .where(eq(agentsTable.id, agentId));
      await database
        .insert(deploymentChatAuthTable)
        .values({ deploymentId, isEnabled: false, jwksUrl: plaintext.jwks });
      await database
        .insert(gitRemotesTable)
        .values({ deploymentId, repositoryUrl: plaintext.git, branch: 'main' });
      await database
        .insert(dbtRepositoriesTable)
        .values({ deploymentId, repositoryUrl: plaintext.dbt, branch: 'main' });
    });
    afterAll(async () => {
      await server?.close();
    });

    it('seals each plaintext URL, reads it back masked, and still opens it for the server', async () => {
      const before = await storedRows();
      expect(JSON.stringify(before)).toContain(secrets.git);

      const counts = await sealStoredUrlCredentials(
        server.container.platform.store.database,
        server.container.platform.secretBox,
        server.container.logger,
      );
      expect(counts).toMatchObject({
        agents: 1,
        deployment_chat_auth: 1,
        data_model_git_remotes: 1,
        dbt_repositories: 1,
      });

      const after = await storedRows();
      expectNoSecret(after, 'the rows after the pass');
      expect(after.agent?.modelBaseUrl).toBe('https://bot:[ENCRYPTED]@llm.example.com/v1');
      expect(after.chatAuth?.jwksUrl).toBe('https://jwks:[ENCRYPTED]@idp.example.com/.well-known/jwks.json');
      expect(after.gitRemote?.repositoryUrl).toBe('https://[ENCRYPTED]@git.invalid/acme/model.git');
      expect(after.dbtRepository?.repositoryUrl).toBe('https://ci:[ENCRYPTED]@git.invalid/acme/dbt.git');

      // Reads show them masked; the server's own use gets the whole URL back.
      const agent = await server.request({
        method: 'GET',
        url: `/api/v1/deployments/${deploymentId}/agents/${agentId}`,
      });
      expect((agent.body as { model: { baseUrl: string } }).model.baseUrl).toBe(after.agent?.modelBaseUrl);
      const dbt = await server.request({
        method: 'GET',
        url: `/api/v1/deployments/${deploymentId}/dbt-repository`,
      });
      expect((dbt.body as { repositoryUrl: string }).repositoryUrl).toBe(after.dbtRepository?.repositoryUrl);
      expect((await server.container.services.dbtRepositories.connectionOf(deploymentId))?.remote.url).toBe(
        plaintext.dbt,
      );
      expect((await server.container.services.gitRemotes.remoteOf(deploymentId))?.remote.url).toBe(
        plaintext.git,
      );
      expect((await server.container.services.chatAuthSettings.settingsOf(deploymentId)).jwksUrl).toBe(
        plaintext.jwks,
      );

      // The log says how many, never what.
      const logged = server.logLines.filter((line) => line.includes('sealed the credentials'));
      expect(logged.length).toBeGreaterThan(0);
      expectNoSecret(server.logLines.join(''), 'the log');
    });

    it('changes nothing the second time', async () => {
      const before = await storedRows();
      const counts = await sealStoredUrlCredentials(
        server.container.platform.store.database,
        server.container.platform.secretBox,
        server.container.logger,
      );
      expect(Object.values(counts)).toEqual([0, 0, 0, 0]);
      expect(await storedRows()).toEqual(before);
    });
  },
);

describe('the server seals plaintext URL credentials when it starts', () => {
  let dataDirectory: string;
  beforeAll(async () => {
    dataDirectory = await mkdtemp(join(tmpdir(), 'platform-sealed-urls-'));
  });
  afterAll(async () => {
    await rm(dataDirectory, { recursive: true, force: true });
  });

  it('finds a row written in clear before the restart sealed after it', async () => {
    const first = await startDiskContainer(dataDirectory);
    const [agent] = await first.platform.store.database
      .select({ id: agentsTable.id })
      .from(agentsTable)
      .limit(1);
    if (!agent) throw new Error('the demo deployment has an agent');
    await first.platform.store.database.execute(
      sql`UPDATE agents SET model_base_url = ${plaintext.agent}, model_base_url_secret_encrypted = NULL WHERE id = ${agent.id}`,
    );
    await first.close();

    const second = await startDiskContainer(dataDirectory);
    try {
      const [row] = await second.platform.store.database
        .select()
        .from(agentsTable)
        .where(eq(agentsTable.id, agent.id));
      expect(row?.modelBaseUrl).toBe('https://bot:[ENCRYPTED]@llm.example.com/v1');
      expect(row?.modelBaseUrlSecretEncrypted).not.toBeNull();
      expectNoSecret(row, 'the agent after the restart');
    } finally {
      await second.close();
    }
  });
});
