import type { ChatAbortInput, ChatStreamInput, ChatStreamMessage } from '@platform/contract';
import { AppError } from '../../errors/app-error.js';
import type { AgentAdmission } from '../../platform/llm/agent-turn.types.js';
import type { ChatAgent } from '../agents/chat-agent.js';
import type {
  ChatAuthenticationService,
  ChatCaller,
  ChatCredentials,
} from './chat-authentication.service.js';
import { type ChatSessionBuilder, userIdentityOf } from './chat-session.builder.js';
import type { ChatSession } from './chat-session.js';
import { assertAiEnabled, type ChatTenantSettingsSource } from './chat-tenant-settings.js';
import type { ChatThreadActor } from './chat-thread-access.js';
import type { ChatUsersService } from './chat-users.service.js';

/** The agent a chat path names: directly, or as the deployment's default agent. */
export type ChatTarget =
  | { accountName: string; agentId: string }
  | { accountName: string; deploymentId: string };

/** How the Chat API finds agents (the agents module). */
export interface ChatAgentFinder {
  agentForChat(accountName: string, agentId: string): Promise<ChatAgent | null>;
  defaultAgentForChat(accountName: string, deploymentId: string): Promise<ChatAgent | null>;
}

/** The stream service (threads, answers, abort) as the API surface calls it. */
export interface ChatStreams {
  /** Waits for room to answer a new question of the agent (see `AgentRunner.admit`). */
  admit(agent: ChatAgent, signal: AbortSignal): Promise<AgentAdmission>;
  /** Takes the admission: released when the answer ends, or at once when no answer starts. */
  start(
    session: ChatSession,
    request: { input?: string; chatId?: string; messageId?: string; admission?: AgentAdmission },
    signal: AbortSignal,
  ): Promise<AsyncIterable<ChatStreamMessage>>;
  abort(agent: ChatAgent, actor: ChatThreadActor, chatId: string): Promise<void>;
}

/**
 * One Chat API request from path to stream: find the agent (404), authenticate (a JSON-RPC failure),
 * refuse it when the account has AI turned off (403, nothing stored), build the session from
 * `sessionSettings` or the token (400 for broken rules), then start or abort.
 */
export class ChatRequestsService {
  constructor(
    private readonly agents: ChatAgentFinder,
    private readonly authentication: ChatAuthenticationService,
    private readonly sessions: ChatSessionBuilder,
    private readonly users: ChatUsersService,
    private readonly streams: ChatStreams,
    private readonly tenantSettings: ChatTenantSettingsSource,
  ) {}

  async stream(
    target: ChatTarget,
    credentials: ChatCredentials,
    body: ChatStreamInput,
    signal: AbortSignal,
  ): Promise<AsyncIterable<ChatStreamMessage>> {
    const { agent, caller } = await this.authenticated(target, credentials);
    const settings = await this.tenantSettings.settingsOf(agent.accountId);
    assertAiEnabled(settings);
    // why: a new question waits for room before the rest of its work (its user, the claim, the stored
    // question), so many at once never queue that work ahead of every other request of the process.
    const admission = body.input === undefined ? undefined : await this.streams.admit(agent, signal);
    try {
      const session = await this.sessions.build(agent, caller, body, settings);
      return await this.streams.start(
        session,
        {
          ...(body.input === undefined ? {} : { input: body.input }),
          ...(body.chatId === undefined ? {} : { chatId: body.chatId }),
          ...(body.messageId === undefined ? {} : { messageId: body.messageId }),
          ...(admission === undefined ? {} : { admission }),
        },
        signal,
      );
    } catch (error) {
      admission?.release();
      throw error;
    }
  }

  /**
   * Looks the caller up without creating them: an unknown user owns no thread (403 from the streams).
   * Stopping an answer makes no answer, so it is not refused while AI is turned off.
   */
  async abort(target: ChatTarget, credentials: ChatCredentials, body: ChatAbortInput): Promise<void> {
    const { agent, caller } = await this.authenticated(target, credentials);
    const { userId, isInternal } = await this.abortingUser(agent, caller, body);
    const actor: ChatThreadActor = {
      userId,
      isInternal,
      policies: (await this.tenantSettings.settingsOf(agent.accountId)).chatThreadPolicies,
    };
    await this.streams.abort(agent, actor, body.chatId);
  }

  /** The caller's user as abort sees it: found, never created (an embed token's was found with the token). */
  private async abortingUser(
    agent: ChatAgent,
    caller: ChatCaller,
    body: ChatAbortInput,
  ): Promise<{ userId: number | null; isInternal: boolean }> {
    if (caller.method === 'embedToken') {
      return { userId: caller.embed.user.id, isInternal: caller.embed.user.internalId !== null };
    }
    const identity =
      caller.method === 'platformToken'
        ? { externalId: caller.user.externalId }
        : userIdentityOf(body.sessionSettings);
    const user = await this.users.find(agent.accountId, identity);
    return { userId: user?.id ?? null, isInternal: 'internalId' in identity };
  }

  private async authenticated(
    target: ChatTarget,
    credentials: ChatCredentials,
  ): Promise<{ agent: ChatAgent; caller: ChatCaller }> {
    if ('deploymentId' in target) this.authentication.assertDeploymentFormCredentials(credentials);
    const agent = await this.agentOf(target);
    const caller = await this.authentication.authenticate(agent, credentials);
    return { agent, caller };
  }

  private async agentOf(target: ChatTarget): Promise<ChatAgent> {
    if ('agentId' in target) {
      const agent = await this.agents.agentForChat(target.accountName, target.agentId);
      if (!agent)
        throw new AppError('NOT_FOUND', `agent ${target.agentId} of account ${target.accountName} not found`);
      return agent;
    }
    const agent = await this.agents.defaultAgentForChat(target.accountName, target.deploymentId);
    if (!agent) {
      throw new AppError(
        'NOT_FOUND',
        `deployment ${target.deploymentId} of account ${target.accountName} not found, or it has no agent`,
      );
    }
    return agent;
  }
}
