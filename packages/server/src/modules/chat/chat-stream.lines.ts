import type { ChatStreamMessage } from '@platform/contract';
import type { AgentUsage } from '../../platform/llm/agent-turn.types.js';
import type { ChatMessageRow } from './chat-threads.repository.js';

/** The graph nodes a line comes from (SPEC.md "Chat resources"). */
export const agentGraphPath = ['platform_data_analyst_agent'];
export const toolsGraphPath = ['platform_data_analyst_agent', 'tools'];
export const finalGraphPath = ['final'];
/** Stored in place of a final answer, so the state shows that the question got none. */
export const failedGraphPath = ['failed'];
export const abortedGraphPath = ['aborted'];

type StateMessage = NonNullable<NonNullable<ChatStreamMessage['state']>['messages']>[number];

export function cutoffLine(chatId: string, isStreaming: boolean, sort: number): ChatStreamMessage {
  return { id: '__cutoff__', role: 'assistant', sort, state: { chatId, isStreaming } };
}

export function userEchoLine(messageId: string, input: string, sort: number): ChatStreamMessage {
  return { id: messageId, role: 'user', content: input, isDelta: false, isInProcess: false, sort };
}

export function stateLine(
  chatId: string,
  isStreaming: boolean,
  messages: readonly ChatMessageRow[],
  sort: number,
): ChatStreamMessage {
  return {
    id: '__state__',
    role: 'assistant',
    sort,
    state: { chatId, isStreaming, messages: messages.map(stateMessageOf) },
  };
}

export function abortedLine(chatId: string, sort: number): ChatStreamMessage {
  return { id: '__aborted__', role: 'assistant', sort, state: { chatId, isStreaming: false } };
}

export function usageLine(usage: AgentUsage, sort: number): ChatStreamMessage {
  return {
    id: '__usage__',
    type: 'usage',
    sort,
    usage: {
      llmCalls: usage.llmCalls,
      inputTokens: usage.inputTokens,
      outputTokens: usage.outputTokens,
      totalTokens: usage.totalTokens,
    },
  };
}

/** What the state lists of a stored message; positions are renumbered from 0 in thread order. */
export function stateMessageOf(message: ChatMessageRow, index: number): StateMessage {
  return {
    id: message.messageId,
    role: message.role,
    content: message.content,
    ...(message.toolCall ? { toolCall: message.toolCall } : {}),
    ...(message.graphPath ? { graphPath: message.graphPath } : {}),
    sort: index,
  };
}

/** Builds the assistant lines of one answer, numbering them as the bus will (sort = sequence - 1). */
export function assistantLine(
  fields: Pick<ChatStreamMessage, 'id' | 'content' | 'thinking' | 'toolCall' | 'graphPath'> & {
    isDelta: boolean;
    isInProcess: boolean;
  },
  sort: number,
): ChatStreamMessage {
  return { role: 'assistant', ...fields, isStructuredResponse: false, sort };
}
