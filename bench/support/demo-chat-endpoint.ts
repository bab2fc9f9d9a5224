import type { ChatEndpoint } from './chat-stream.js';
import type { PlatformServer } from './platform-server.js';

async function managementJson<Value>(
  server: PlatformServer,
  method: string,
  path: string,
  body?: unknown,
): Promise<Value> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${server.adminKey}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Value;
}

/** The demo deployment's default agent, a key for it, and the chat path under the admin's account. */
export async function demoChatEndpoint(server: PlatformServer): Promise<ChatEndpoint> {
  if (!server.chatUrl) throw new Error('the chat listener is not running');
  const me = await managementJson<{ account: { name: string } }>(server, 'GET', '/api/v1/users/me');
  const deployments = await managementJson<{ items: Array<{ id: number; name: string }> }>(
    server,
    'GET',
    '/api/v1/deployments',
  );
  const demo = deployments.items.find((deployment) => deployment.name === 'demo');
  if (!demo) throw new Error('the server has no demo deployment');
  // The first answers would otherwise wait for the demo model's first build.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const build = await managementJson<{ status?: string }>(
      server,
      'GET',
      `/api/v1/deployments/${demo.id}/build-status?branchName=main`,
    );
    if (build.status === 'built') break;
    if (build.status === 'failed' || Date.now() > deadline)
      throw new Error(`the demo build ended ${build.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const agents = await managementJson<{ items: Array<{ id: string; isDefault: boolean }> }>(
    server,
    'GET',
    `/api/v1/deployments/${demo.id}/agents`,
  );
  const agent = agents.items.find((candidate) => candidate.isDefault);
  if (!agent) throw new Error('the demo deployment has no default agent');
  const key = await managementJson<{ token: string }>(
    server,
    'POST',
    `/api/v1/deployments/${demo.id}/agents/${agent.id}/api-keys`,
    { name: 'chat-bench' },
  );
  return {
    streamUrl: `${server.chatUrl}/api/v1/public/${encodeURIComponent(me.account.name)}/agents/${agent.id}/chat/stream-chat-state`,
    agentKey: key.token,
  };
}
