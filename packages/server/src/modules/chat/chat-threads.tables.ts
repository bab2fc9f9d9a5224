import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A conversation of one chat user with the agents of one deployment. `activeMessageId` is the user
 * message being answered: set by a conditional UPDATE, it is the thread's streaming flag, atomic across
 * processes.
 */
export const chatThreadsTable = pgTable('chat_threads', {
  id: text('id').primaryKey(),
  accountId: integer('account_id').notNull(),
  deploymentId: integer('deployment_id').notNull(),
  agentId: text('agent_id').notNull(),
  chatUserId: integer('chat_user_id').notNull(),
  activeMessageId: text('active_message_id'),
  activeSince: timestamp('active_since', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A stored tool call: input and result are JSON text, as the stream carries them. */
export interface StoredToolCall {
  name: string;
  input: string;
  result?: string;
}

/**
 * The completed messages of a thread, in the order they were completed (`position`): the user message,
 * the tool calls, then the final answer, or a `failed`/`aborted` marker when there was none.
 */
export const chatMessagesTable = pgTable(
  'chat_messages',
  {
    position: serial('position').primaryKey(),
    threadId: text('thread_id').notNull(),
    messageId: text('message_id').notNull(),
    /** The user message this one answers (its own id for a user message). */
    answerOf: text('answer_of').notNull(),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    toolCall: jsonb('tool_call').$type<StoredToolCall>(),
    graphPath: jsonb('graph_path').$type<string[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('chat_messages_thread').on(table.threadId, table.position)],
);
