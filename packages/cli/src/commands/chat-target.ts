import type { Agent, CurrentUser } from '@platform/contract';
import type * as z from 'zod';
import type { ApiClient } from '../client/api-client.js';
import { probeChatApi } from '../client/chat-probe.js';
import { CliError, UsageError } from '../program/cli-errors.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { fetchPages } from '../program/paginate.js';

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

/** The Chat API's URL as the server hands it out: the region of the deployment, else the default one. */
async function chatUrlFromServer(client: ApiClient, deploymentId: number | null): Promise<string> {
  const regions = (await client.call('listRegions')).items;
  const region =
    deploymentId === null
      ? undefined
      : (await client.call('getDeploymentSettings', { params: { deploymentId } })).region;
  const chosen =
    regions.find((candidate) => candidate.id === region) ??
    regions.find((candidate) => candidate.isDefault) ??
    regions[0];
  if (!chosen)
    throw new CliError(
      'the server lists no region, so it does not say where its Chat API is: give --chat-url',
    );
  return chosen.aiUrl;
}

/** What to check when the Chat API cannot be reached, by where its URL came from. */
const chatUrlHints = {
  option: 'check --chat-url',
  environment: 'check PLATFORM_CHAT_URL',
  context: "check the context's chat URL (platform login --chat-url)",
  server:
    "that is where the server says its Chat API listens (PLATFORM_AI_PUBLIC_URL, else its PLATFORM_AI_PORT): check that the server's chat listener runs and is reachable from here, or give --chat-url",
} as const;

/**
 * Resolves the chat's target. The order for each value: the option, the environment, the saved context,
 * then the management API (the current user for the account and the external id, the deployment's
 * default agent, the Chat API's URL from the regions list, a new agent API key saved in the CLI config
 * for the next chats). Before a key is made, the Chat API is asked whether it is there: nothing is
 * created or saved for a chat that cannot take place.
 */
export async function resolveChatTarget(
  context: CommandContext,
  options: ChatTargetOptions,
): Promise<ChatTarget> {
  const { environment } = context.runtime;
  const config = await context.readConfig();
  const connection = await context.connection(options);
  const savedContext = connection.contextName ? config.contexts[connection.contextName] : undefined;
  const givenChatUrl: { url: string; source: keyof typeof chatUrlHints } | null = options.chatUrl
    ? { url: options.chatUrl, source: 'option' }
    : environment.PLATFORM_CHAT_URL?.trim()
      ? { url: environment.PLATFORM_CHAT_URL.trim(), source: 'environment' }
      : savedContext?.chatUrl
        ? { url: savedContext.chatUrl, source: 'context' }
        : null;
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

  const chatUrlChoice = givenChatUrl ?? {
    url: await chatUrlFromServer(
      requireManagement('finding the Chat API (or give --chat-url)'),
      deploymentId,
    ),
    source: 'server' as const,
  };
  const chatUrl = chatUrlChoice.url.replace(/\/+$/, '');
  // why: a key made for a chat that cannot take place would be a credential nobody uses, saved for nothing.
  const requireReachable = async (): Promise<void> => {
    const unreachable = await probeChatApi({
      chatUrl,
      userAgent: `platform-cli/${context.version}`,
      fetch: context.runtime.fetch,
    });
    if (unreachable !== null) {
      throw new CliError(
        `the Chat API is not reachable: ${unreachable}; ${chatUrlHints[chatUrlChoice.source]}. Nothing was created.`,
      );
    }
  };

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
  await requireReachable();
  return { chatUrl, accountName, agentId, agentKey: await createKey(), externalId, replaceKey: null };
}
