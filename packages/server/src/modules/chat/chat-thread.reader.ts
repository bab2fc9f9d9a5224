import { setTimeout as delay } from 'node:timers/promises';
import type { ChatStreamMessage, ChatThreadAction } from '@platform/contract';
import { AppError } from '../../errors/app-error.js';
import type { StreamBus, StreamEvent } from '../../platform/streams/stream-bus.js';
import { StreamFailedError } from '../../platform/streams/stream-bus-errors.js';
import type { ChatAgent } from '../agents/chat-agent.js';
import { recordFailure } from './chat-answer.writer.js';
import { cutoffLine, stateLine } from './chat-stream.lines.js';
import { type ChatThreadActor, mayActOnChatThread } from './chat-thread-access.js';
import type { ChatThreadRow, ChatThreadsRepository } from './chat-threads.repository.js';

export const inProgressMessage = 'Streaming for thread is in progress';

/** One bus stream per answer. */
export function streamIdOf(chatId: string, messageId: string): string {
  return `chat:${chatId}:${messageId}`;
}

// How often a subscriber looks again for a stream its claim says is about to open.
const openPollMilliseconds = 25;
// An abort waits this long for the answer to stop before it answers anyway.
const abortWaitMilliseconds = 15_000;

/** Reading threads: who may see them, whether they still stream, and their lines from the bus or the store. */
export class ChatThreadReader {
  constructor(
    private readonly threads: ChatThreadsRepository,
    private readonly bus: StreamBus,
    private readonly claimGraceMilliseconds: number,
  ) {}

  /**
   * The thread, if the actor may take the action on it. Threads of another account or deployment do not
   * exist for the caller (404); another user's thread is forbidden (403) unless the account's chat
   * thread policies let the actor read it, and then take the action.
   */
  async accessible(
    agent: ChatAgent,
    actor: ChatThreadActor,
    chatId: string,
    action: ChatThreadAction,
  ): Promise<ChatThreadRow> {
    const thread = await this.threads.find(chatId);
    if (!thread || !this.isVisibleTo(thread, agent)) throw new AppError('NOT_FOUND', 'Chat thread not found');
    await this.assertMay(actor, thread, action);
    return thread;
  }

  private async assertMay(
    actor: ChatThreadActor,
    thread: ChatThreadRow,
    action: ChatThreadAction,
  ): Promise<void> {
    if (thread.chatUserId === actor.userId) return;
    // Only an account user acting under some policy can reach another user's thread: skip the read else.
    const ownerIsInternal =
      actor.isInternal && actor.policies.length > 0 && (await this.threads.isInternalUser(thread.chatUserId));
    const subject = {
      ownerId: thread.chatUserId,
      ownerIsInternal,
      agentId: thread.agentId,
      deploymentId: thread.deploymentId,
    };
    if (!mayActOnChatThread(actor, subject, 'read')) {
      throw new AppError('FORBIDDEN', 'The chat thread belongs to another user');
    }
    if (!mayActOnChatThread(actor, subject, action)) {
      throw new AppError(
        'FORBIDDEN',
        `The chat thread belongs to another user: the account's chat thread policies let you read it, not ${action} it`,
      );
    }
  }

  private isVisibleTo(thread: ChatThreadRow, agent: ChatAgent): boolean {
    return thread.accountId === agent.accountId && thread.deploymentId === agent.deploymentId;
  }

  /**
   * A claim whose stream is not on the bus, past the grace of its opening, belongs to a process that
   * died: the thread is idle again and the answer is stored as failed.
   */
  async settle(thread: ChatThreadRow): Promise<ChatThreadRow> {
    const messageId = thread.activeMessageId;
    if (messageId === null) return thread;
    if (await this.bus.isActive(streamIdOf(thread.id, messageId))) return thread;
    const claimedAt = thread.activeSince?.getTime() ?? 0;
    if (Date.now() - claimedAt < this.claimGraceMilliseconds) return thread;
    if (await this.threads.release(thread.id, messageId)) {
      await recordFailure(
        this.threads,
        thread.id,
        messageId,
        'The answer stopped: the server generating it is no longer running',
      );
    }
    return (await this.threads.find(thread.id)) ?? { ...thread, activeMessageId: null, activeSince: null };
  }

  /** The answer's stream from its first line: what was already sent, then the rest as it comes. */
  async follow(
    chatId: string,
    messageId: string,
    signal: AbortSignal,
  ): Promise<AsyncIterable<ChatStreamMessage>> {
    const streamId = streamIdOf(chatId, messageId);
    const deadline = Date.now() + this.claimGraceMilliseconds;
    for (;;) {
      const subscription = await this.bus.subscribe(streamId, { signal });
      if (subscription.status === 'found') return linesOf(subscription.events);
      const thread = await this.threads.find(chatId);
      // Claimed a moment ago by another request that has not opened the stream yet: wait for it.
      if (thread?.activeMessageId !== messageId || Date.now() > deadline || signal.aborted) {
        return this.state(chatId, thread?.activeMessageId != null);
      }
      await delay(openPollMilliseconds);
    }
  }

  /** A finished answer again: the retained stream while the bus keeps it, then the thread's state. */
  async replay(
    chatId: string,
    messageId: string,
    signal: AbortSignal,
  ): Promise<AsyncIterable<ChatStreamMessage>> {
    const subscription = await this.bus.subscribe(streamIdOf(chatId, messageId), { signal });
    if (subscription.status === 'found') return linesOf(subscription.events);
    return this.state(chatId, false);
  }

  /** `__cutoff__` then `__state__`, read before the first line so that a failure is still an error reply. */
  async state(chatId: string, isStreaming: boolean): Promise<AsyncIterable<ChatStreamMessage>> {
    const messages = await this.threads.messages(chatId);
    return linesOfState([cutoffLine(chatId, isStreaming, 0), stateLine(chatId, isStreaming, messages, 1)]);
  }

  /** Follows the stream to its end (the thread is released just before), bounded so an abort never hangs. */
  async awaitEnd(streamId: string): Promise<void> {
    const subscription = await this.bus.subscribe(streamId, {
      signal: AbortSignal.timeout(abortWaitMilliseconds),
    });
    if (subscription.status === 'missing') return;
    try {
      for await (const _event of subscription.events) {
        // Only the end matters.
      }
    } catch (error) {
      if (!(error instanceof StreamFailedError)) throw error;
    }
  }
}

async function* linesOfState(lines: readonly ChatStreamMessage[]): AsyncGenerator<ChatStreamMessage> {
  yield* lines;
}

/**
 * The bus's events as stream lines. The error line a failed answer ends with, and a stream that
 * failed on the bus, become a thrown AppError: the NDJSON writer turns it into the `{"error"}` line.
 */
async function* linesOf(events: AsyncIterable<StreamEvent>): AsyncGenerator<ChatStreamMessage> {
  let failure: string | null = null;
  try {
    for await (const event of events) {
      const error = event.data.error;
      // The error line is the last; the stream ends once the thread is idle, so wait for that end.
      if (typeof error === 'string') failure = error;
      else yield event.data as ChatStreamMessage;
    }
  } catch (error) {
    if (error instanceof StreamFailedError) throw new AppError('SERVICE_UNAVAILABLE', error.message);
    throw error;
  }
  if (failure !== null) throw new AppError('BAD_GATEWAY', failure);
}
