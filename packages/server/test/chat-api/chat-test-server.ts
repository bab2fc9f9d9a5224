import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildChatApp } from '../../src/app.js';
import { createDeployment, findDeploymentId } from '../security/account-resources.js';
import { type StoreEngine, startTestServer, type TestServer } from '../support/test-server.js';

export interface ChatAnswer {
  status: number;
  headers: Record<string, unknown>;
  text: string;
  /** The body as JSON, or each line as JSON for a stream (more than one line). */
  body: unknown;
  lines: Record<string, unknown>[];
}

export interface ChatTestServer {
  server: TestServer;
  chatApp: FastifyInstance;
  accountName: string;
  demoDeploymentId: number;
  /** The demo deployment's default agent and one API key of it. */
  agentId: string;
  agentKey: string;
  /** A second agent of another deployment, with its own key. */
  otherAgentId: string;
  otherAgentKey: string;
  otherDeploymentId: number;
  post(url: string, body: unknown, headers?: Record<string, string>): Promise<ChatAnswer>;
  agentUrl(agentId: string, endpoint: 'stream-chat-state' | 'abort'): string;
  deploymentUrl(deploymentId: number | string, endpoint: 'stream-chat-state' | 'abort'): string;
  setChatAuth(deploymentId: number, settings: Record<string, unknown>): Promise<void>;
  close(): Promise<void>;
}

export async function createAgentKey(server: TestServer, deploymentId: number, agentId: string) {
  const key = await server.request({
    method: 'POST',
    url: `/api/v1/deployments/${deploymentId}/agents/${agentId}/api-keys`,
    body: { name: 'chat test' },
  });
  if (key.status !== 201) throw new Error(`could not create an agent key: ${JSON.stringify(key.body)}`);
  return (key.body as { token: string }).token;
}

async function defaultAgentOf(server: TestServer, deploymentId: number): Promise<string> {
  const list = await server.request({ method: 'GET', url: `/api/v1/deployments/${deploymentId}/agents` });
  const agent = (list.body as { items: Array<{ id: string; isDefault: boolean }> }).items.find(
    (item) => item.isDefault,
  );
  if (!agent) throw new Error(`deployment ${deploymentId} has no default agent`);
  return agent.id;
}

/** A real server with its chat listener driven in-process, the demo agent and a key of it. */
export async function startChatTestServer(
  engine: StoreEngine = 'pglite',
  environment: Record<string, string> = {},
): Promise<ChatTestServer> {
  const server = await startTestServer({ engine, environment });
  const chatApp = buildChatApp(server.container);
  await chatApp.ready();
  const accountName = 'default';
  const demoDeploymentId = await findDeploymentId(server, 'demo');
  const agentId = await defaultAgentOf(server, demoDeploymentId);
  const agentKey = await createAgentKey(server, demoDeploymentId, agentId);
  const otherDeploymentId = await createDeployment(server, 'chat-other');
  const created = await server.request({
    method: 'POST',
    url: `/api/v1/deployments/${otherDeploymentId}/agents`,
    body: { name: 'other analyst' },
  });
  if (created.status !== 201) throw new Error(`could not create an agent: ${JSON.stringify(created.body)}`);
  const otherAgentId = (created.body as { id: string }).id;
  const otherAgentKey = await createAgentKey(server, otherDeploymentId, otherAgentId);
  return {
    server,
    chatApp,
    accountName,
    demoDeploymentId,
    agentId,
    agentKey,
    otherAgentId,
    otherAgentKey,
    otherDeploymentId,
    async post(url, body, headers = {}) {
      const response = await chatApp.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', ...headers },
        payload: typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = response.body;
      const lines = text
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => {
          try {
            return JSON.parse(line) as Record<string, unknown>;
          } catch {
            return { unparsed: line };
          }
        });
      return {
        status: response.statusCode,
        headers: response.headers,
        text,
        body: lines.length === 1 ? lines[0] : lines,
        lines,
      };
    },
    agentUrl(id, endpoint) {
      return `/api/v1/public/${accountName}/agents/${id}/chat/${endpoint}`;
    },
    deploymentUrl(id, endpoint) {
      return `/api/v1/public/${accountName}/deployments/${id}/chat/${endpoint}`;
    },
    async setChatAuth(deploymentId, settings) {
      const answer = await server.request({
        method: 'PUT',
        url: `/api/v1/deployments/${deploymentId}/chat-auth`,
        body: settings,
      });
      if (answer.status !== 200) throw new Error(`could not set chat-auth: ${JSON.stringify(answer.body)}`);
    },
    async close() {
      await chatApp.close();
      await server.close();
    },
  };
}

/** The JSON-RPC body of an authentication failure (SPEC.md "Errors"). */
export function authenticationFailure(message: RegExp | string) {
  return {
    jsonrpc: '2.0',
    id: null,
    error: { code: -32001, message: typeof message === 'string' ? message : expect.stringMatching(message) },
  };
}
