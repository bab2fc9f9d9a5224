import type { ChatStreamMessage } from '@platform/contract';
import { AppError, notFound } from '../../errors/app-error.js';
import type { ChatAgent } from '../agents/chat-agent.js';
import type { Principal } from '../identity/principal.js';
import type { ChatAgentFinder, ChatStreams } from './chat-requests.service.js';
import type { ChatSessionBuilder } from './chat-session.builder.js';
import { stateMessageOf } from './chat-stream.lines.js';
import { assertAiEnabled, type ChatTenantSettingsSource } from './chat-tenant-settings.js';
import type { ChatThreadsRepository } from './chat-threads.repository.js';

/** A question of a signed-in account user (not through the Chat API's own credentials). */
export interface AccountUserQuestion {
  input?: string;
  chatId?: string;
  messageId?: string;
  timezone?: string;
}

/**
 * The Chat API's agents answering an account user whose right to ask was checked by the caller (a
 * dashboard's AI widget): the user chats as their own internal chat user (`internalId` = their e-mail),
 * so threads stay theirs and the model's access policies see them as the Chat API would.
 */
export class AccountUserChatService {
  constructor(
    private readonly agents: ChatAgentFinder,
    private readonly sessions: ChatSessionBuilder,
    private readonly streams: ChatStreams,
    private readonly threads: ChatThreadsRepository,
    private readonly tenantSettings: ChatTenantSettingsSource,
  ) {}

  /** The named agent, or the deployment's default one; an agent of another deployment is a 404. */
  async agentOf(principal: Principal, deploymentId: number, agentId: string | null): Promise<ChatAgent> {
    const agent =
      agentId === null
        ? await this.agents.defaultAgentForChat(principal.accountName, String(deploymentId))
        : await this.agents.agentForChat(principal.accountName, agentId);
    if (!agent || agent.deploymentId !== deploymentId || agent.accountId !== principal.accountId) {
      throw notFound(agentId === null ? `default agent of deployment ${deploymentId}` : `agent ${agentId}`);
    }
    return agent;
  }

  /** Refused (403, nothing stored) while the account has AI turned off. */
  async stream(
    principal: Principal,
    agent: ChatAgent,
    question: AccountUserQuestion,
    signal: AbortSignal,
  ): Promise<AsyncIterable<ChatStreamMessage>> {
    const settings = await this.tenantSettings.settingsOf(agent.accountId);
    assertAiEnabled(settings);
    const admission = question.input === undefined ? undefined : await this.streams.admit(agent, signal);
    try {
      const session = await this.sessions.build(
        agent,
        { method: 'apiKey' },
        {
          ...(question.input === undefined ? {} : { input: question.input }),
          sessionSettings: {
            internalId: principal.email,
            ...(question.timezone === undefined ? {} : { timezone: question.timezone }),
          },
        },
        // Chat thread policies are the Chat API's: a widget's follow-ups stay in the asker's own threads,
        // so a published thread never changes under a viewer's questions.
        { ...settings, chatThreadPolicies: [] },
      );
      return await this.streams.start(
        session,
        {
          ...(question.input === undefined ? {} : { input: question.input }),
          ...(question.chatId === undefined ? {} : { chatId: question.chatId }),
          ...(question.messageId === undefined ? {} : { messageId: question.messageId }),
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
   * The messages of a thread of the deployment, whoever owns it: the caller has shown the right to
   * see it (it is part of a published dashboard). A thread of another deployment does not exist here.
   */
  async threadMessages(
    deployment: { accountId: number; deploymentId: number },
    chatId: string,
  ): Promise<ReturnType<typeof stateMessageOf>[]> {
    const thread = await this.threads.find(chatId);
    if (
      !thread ||
      thread.accountId !== deployment.accountId ||
      thread.deploymentId !== deployment.deploymentId
    ) {
      throw new AppError('NOT_FOUND', `chat thread ${chatId} not found`);
    }
    const messages = await this.threads.messages(chatId);
    return messages.map(stateMessageOf);
  }
}
