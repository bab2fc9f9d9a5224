import type { Agent, CurrentUser } from '@platform/contract';
import type * as z from 'zod';
import type { ApiClient } from '../client/api-client.js';
import { CliError, UsageError } from '../program/cli-errors.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { fetchPages } from '../program/paginate.js';

/** Where the Chat API listens when nothing says otherwise: the server's default PLATFORM_AI_PORT. */
export const defaultChatUrl = 'http://127.0.0.1:4001';

/** The external id of a chat user when no management credential says who is asking. */
export const fallbackExternalId = 'cli-user';

export interface ChatTargetOptions extends CommonOptions {
  agent?: string;
  deployment?: number;
  account?: string;
  chatUrl?: string;
  agentKey?: string;
  externalId?: string;
}

/** Everything a chat needs: where, which agent, with which key, as whom. */
export interface ChatTarget {
  chatUrl: string;
  accountName: string;
  agentId: string;
  agentKey: string;
  externalId: string;
  /** A saved key may have been deleted on the server: this makes a new one (null when the key was given). */
  replaceKey: (() => Promise<string>) | null;
}

type User = z.infer<typeof CurrentUser>;

async function agentsOf(client: ApiClient, deploymentId: number): Promise<Agent[]> {
  return (await client.call('listAgents', { params: { deploymentId } })).items;
}

async function defaultAgentOf(client: ApiClient, deploymentId: number): Promise<Agent> {
  const agent = (await agentsOf(client, deploymentId)).find((candidate) => candidate.isDefault);
  if (!agent) {
    throw new CliError(`deployment ${deploymentId} has no agent; create one with platform agents create`);
  }
  return agent;
}

/** Without --agent or --deployment, the account's only deployment is meant; with several, ask. */
async function onlyDeployment(client: ApiClient): Promise<number> {
  const page = await fetchPages({ all: true, first: 100 }, (paging) =>
    client.call('listDeployments', { query: paging }),
  );
  const [first, ...others] = page.items;
  if (first && others.length === 0) return first.id;
  if (!first) throw new CliError('the account has no deployment to chat with');
  const names = page.items.map((deployment) => `${deployment.id} (${deployment.name})`).join(', ');
  throw new UsageError(`give --agent <agentId> or --deployment <id>; the deployments are ${names}`);
}

/** An agent named by id alone: its deployment is needed to create a key for it. */
async function deploymentOfAgent(client: ApiClient, agentId: string): Promise<number> {
  const page = await fetchPages({ all: true, first: 100 }, (paging) =>
    client.call('listDeployments', { query: paging }),
  );
  for (const deployment of page.items) {
    const agents = await agentsOf(client, deployment.id);
    if (agents.some((agent) => agent.id === agentId)) return deployment.id;
  }
  throw new CliError(`no agent ${agentId} in the deployments this credential can see`);
}

/**
 * Resolves the chat's target. The order for each value: the option, the environment, the saved context,
 * then the management API (the current user for the account and the external id, the deployment's
 * default agent, a new agent API key saved in the CLI config for the next chats).
 */
export async function resolveChatTarget(
  context: CommandContext,
  options: ChatTargetOptions,
): Promise<ChatTarget> {
  const { environment } = context.runtime;
  const config = await context.readConfig();
  const connection = await context.connection(options);
  const savedContext = connection.contextName ? config.contexts[connection.contextName] : undefined;
  const chatUrl = (
    options.chatUrl ??
    (environment.PLATFORM_CHAT_URL?.trim() || undefined) ??
    savedContext?.chatUrl ??
    defaultChatUrl
  ).replace(/\/+$/, '');
  const givenKey = options.agentKey ?? (environment.PLATFORM_AGENT_KEY?.trim() || undefined);

  const management = connection.apiKey ? context.clientFor(connection) : null;
  const requireManagement = (why: string): ApiClient => {
    if (management) return management;
    throw new CliError(`${why} needs the management API: run platform login, or set PLATFORM_API_KEY`);
  };
  let user: User | null = null;
  const currentUser = async (why: string): Promise<User> => {
    user ??= await requireManagement(why).call('getCurrentUser');
    return user;
  };

  let deploymentId = options.deployment ?? null;
  let agentId = options.agent ?? null;
  if (agentId === null) {
    const client = requireManagement('finding the default agent');
    deploymentId ??= await onlyDeployment(client);
    agentId = (await defaultAgentOf(client, deploymentId)).id;
  }
  const accountName = options.account ?? (await currentUser('finding the account name')).account.name;
  const externalId =
    options.externalId ??
    (management ? (await currentUser('naming the chat user')).email.toLowerCase() : fallbackExternalId);

  const resolvedAgentId = agentId;
  const createKey = async (): Promise<string> => {
    const client = requireManagement('creating an agent API key (or give --agent-key)');
    deploymentId ??= await deploymentOfAgent(client, resolvedAgentId);
    const created = await client.call('createAgentApiKey', {
      params: { deploymentId, agentId: resolvedAgentId },
      body: { name: 'platform-cli' },
    });
    const latest = await context.readConfig();
    await context.writeConfig({
      ...latest,
      agentKeys: {
        ...latest.agentKeys,
        [resolvedAgentId]: { apiUrl: connection.apiUrl, token: created.token },
      },
    });
    context.note(`created an API key for agent ${resolvedAgentId}, saved in the CLI config`);
    return created.token;
  };

  if (givenKey) return { chatUrl, accountName, agentId, agentKey: givenKey, externalId, replaceKey: null };
  const saved = config.agentKeys?.[agentId];
  if (saved && saved.apiUrl === connection.apiUrl) {
    return { chatUrl, accountName, agentId, agentKey: saved.token, externalId, replaceKey: createKey };
  }
  return { chatUrl, accountName, agentId, agentKey: await createKey(), externalId, replaceKey: null };
}
