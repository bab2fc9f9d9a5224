import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../platform/database/database.js';
import { chatMessagesTable, chatThreadsTable, type StoredToolCall } from './chat-threads.tables.js';
import { chatUsersTable } from './chat-users.tables.js';

export type ChatThreadRow = typeof chatThreadsTable.$inferSelect;
export type ChatMessageRow = typeof chatMessagesTable.$inferSelect;

export interface NewChatMessage {
  messageId: string;
  answerOf: string;
  role: 'user' | 'assistant';
  content: string;
  toolCall?: StoredToolCall | null;
  graphPath?: string[] | null;
}

/** The chat module's tables; only this module's services use it. */
export class ChatThreadsRepository {
  constructor(private readonly database: Database) {}

  async find(chatId: string): Promise<ChatThreadRow | null> {
    const [thread] = await this.database
      .select()
      .from(chatThreadsTable)
      .where(eq(chatThreadsTable.id, chatId));
    return thread ?? null;
  }

  /** Whether the thread's user is an account user (`internalId`); false for an external or removed one. */
  async isInternalUser(chatUserId: number): Promise<boolean> {
    const [user] = await this.database
      .select({ internalId: chatUsersTable.internalId })
      .from(chatUsersTable)
      .where(eq(chatUsersTable.id, chatUserId));
    return (user?.internalId ?? null) !== null;
  }

  /** A new thread, already claimed for its first answer. */
  async createClaimed(thread: {
    id: string;
    accountId: number;
    deploymentId: number;
    agentId: string;
    chatUserId: number;
    activeMessageId: string;
  }): Promise<void> {
    await this.database.insert(chatThreadsTable).values({ ...thread, activeSince: sql`now()` });
  }

  /** The streaming flag: true only for the one caller, in any process, that found the thread idle. */
  async claim(chatId: string, messageId: string): Promise<boolean> {
    const claimed = await this.database
      .update(chatThreadsTable)
      .set({ activeMessageId: messageId, activeSince: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(chatThreadsTable.id, chatId), isNull(chatThreadsTable.activeMessageId)))
      .returning({ id: chatThreadsTable.id });
    return claimed.length === 1;
  }

  /** Idle again, unless another answer has claimed the thread since (then nothing changes). */
  async release(chatId: string, messageId: string): Promise<boolean> {
    const released = await this.database
      .update(chatThreadsTable)
      .set({ activeMessageId: null, activeSince: null, updatedAt: sql`now()` })
      .where(and(eq(chatThreadsTable.id, chatId), eq(chatThreadsTable.activeMessageId, messageId)))
      .returning({ id: chatThreadsTable.id });
    return released.length === 1;
  }

  async addMessage(chatId: string, message: NewChatMessage): Promise<void> {
    await this.database.insert(chatMessagesTable).values({
      threadId: chatId,
      messageId: message.messageId,
      answerOf: message.answerOf,
      role: message.role,
      content: message.content,
      toolCall: message.toolCall ?? null,
      graphPath: message.graphPath ?? null,
    });
  }

  async messages(chatId: string): Promise<ChatMessageRow[]> {
    return this.database
      .select()
      .from(chatMessagesTable)
      .where(eq(chatMessagesTable.threadId, chatId))
      .orderBy(asc(chatMessagesTable.position));
  }

  async hasUserMessage(chatId: string, messageId: string): Promise<boolean> {
    const [found] = await this.database
      .select({ position: chatMessagesTable.position })
      .from(chatMessagesTable)
      .where(
        and(
          eq(chatMessagesTable.threadId, chatId),
          eq(chatMessagesTable.messageId, messageId),
          eq(chatMessagesTable.role, 'user'),
        ),
      );
    return found !== undefined;
  }
}
