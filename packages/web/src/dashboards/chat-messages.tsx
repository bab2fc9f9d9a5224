import './chat-messages.css';
import type { ChatStreamMessage } from '@platform/contract';
import { type FormEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../api/api-client.js';

// The Markdown renderer is loaded only by a dashboard that shows text or answers.
const MarkdownText = lazy(() =>
  import('./markdown-text.js').then((module) => ({ default: module.MarkdownText })),
);

/** One line of a chat stream: the Chat API's, as the AI widget and the embed page's chat panel read them. */
export type StreamLine = ChatStreamMessage;
type ToolCall = NonNullable<StreamLine['toolCall']>;

/** A message as the widget shows it: the stored thread's, or one of the viewer's follow-up conversation. */
export interface ShownMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  toolCall?: ToolCall | undefined;
  isInProcess?: boolean;
}

export type ChatState = 'idle' | 'streaming' | 'answered' | 'error';

/** The lines that are not messages (`__state__`, `__cutoff__`, `__usage__`) have ids in double underscores. */
export const isControlLine = (line: StreamLine) => line.id.startsWith('__');

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The tool call in a few words: its name and, when its arguments have one, the title or the SQL. */
function toolCallSummaryOf(toolCall: ToolCall): string {
  let detail: string | null = null;
  try {
    const input: unknown = JSON.parse(toolCall.input);
    if (isRecord(input)) {
      const candidate = input.queryTitle ?? input.title ?? input.sqlQuery ?? input.searchQuery;
      if (typeof candidate === 'string' && candidate.trim() !== '') detail = candidate.trim();
    }
  } catch {
    // Arguments that are not JSON: the name says enough.
  }
  return detail ? `${toolCall.name}: ${detail}` : toolCall.name;
}

/** The messages worth showing: questions, answers with text, and tool calls. */
export function isShown(message: ShownMessage): boolean {
  return message.toolCall !== undefined || message.content.trim() !== '';
}

/** Applies one stream line to the follow-up conversation (a new message, or the next state of one). */
export function withLine(messages: readonly ShownMessage[], line: StreamLine): ShownMessage[] {
  if (!line.role) return [...messages];
  const index = messages.findIndex((message) => message.id === line.id);
  const before = index === -1 ? undefined : messages[index];
  const content = line.isDelta ? `${before?.content ?? ''}${line.content ?? ''}` : (line.content ?? '');
  const next: ShownMessage = {
    id: line.id,
    role: line.role,
    content: line.content === undefined && before ? before.content : content,
    toolCall: line.toolCall ?? before?.toolCall,
    isInProcess: line.isInProcess === true,
  };
  const updated =
    index === -1
      ? [...messages, next]
      : messages.map((message, position) => (position === index ? next : message));
  // The final answer arrives as a message of its own: the text streamed before it was its draft.
  const isFinalAnswer = next.role === 'assistant' && !next.isInProcess && next.content.trim() !== '';
  return isFinalAnswer
    ? updated.filter((message) => !(message.isInProcess && message.toolCall === undefined))
    : updated;
}

/** The thread as the final `__state__` line lists it (the caller's own follow-up thread, whole). */
export function messagesOfState(
  messages: NonNullable<NonNullable<StreamLine['state']>['messages']>,
): ShownMessage[] {
  return messages.map((message) => ({
    id: message.id,
    role: message.role,
    content: message.content,
    toolCall: message.toolCall,
  }));
}

export function Message({
  message,
  source,
}: {
  message: ShownMessage;
  source: 'thread' | 'follow-up' | 'chat';
}) {
  if (message.toolCall && message.content.trim() === '') {
    return (
      <li className="ai-message ai-tool muted" data-role="tool" data-source={source}>
        Used {toolCallSummaryOf(message.toolCall)}
      </li>
    );
  }
  return (
    <li
      className={`ai-message ai-${message.role}`}
      data-role={message.role}
      data-source={source}
      data-in-process={message.isInProcess ? 'true' : undefined}
    >
      <span className="visually-hidden">{message.role === 'user' ? 'Question: ' : 'Answer: '}</span>
      {message.role === 'user' ? (
        <p>{message.content}</p>
      ) : (
        <div className="markdown">
          <Suspense fallback={<p>{message.content}</p>}>
            <MarkdownText markdown={message.content} />
          </Suspense>
        </div>
      )}
    </li>
  );
}

/** Opens one question's stream: the lines of the answer as they arrive. */
export type OpenChatStream = (
  input: string,
  chatId: string | undefined,
  signal: AbortSignal,
) => AsyncIterable<StreamLine>;

/**
 * A conversation streamed one question at a time (the AI widget's follow-ups, the embed page's chat
 * panel): the messages as they stream in, replaced by the final `__state__`'s list; the thread's `chatId`
 * goes with the next question. A failure before the stream or an `{error}` line is the chat error.
 */
export function useChatConversation(open: OpenChatStream) {
  const [messages, setMessages] = useState<ShownMessage[]>([]);
  const [chatId, setChatId] = useState<string | undefined>(undefined);
  const [chatState, setChatState] = useState<ChatState>('idle');
  const [chatError, setChatError] = useState<ApiError | null>(null);
  const asking = useRef<AbortController | null>(null);
  useEffect(() => () => asking.current?.abort(), []);

  async function ask(input: string) {
    const controller = new AbortController();
    asking.current = controller;
    setChatState('streaming');
    setChatError(null);
    let failure: string | null = null;
    try {
      for await (const line of open(input, chatId, controller.signal)) {
        if (controller.signal.aborted) return;
        if (typeof line.error === 'string') {
          failure = line.error;
          continue;
        }
        if (isControlLine(line)) {
          const state = line.state;
          if (state?.chatId) setChatId(state.chatId);
          if (line.id === '__state__' && state?.messages) setMessages(messagesOfState(state.messages));
          continue;
        }
        setMessages((current) => withLine(current, line));
      }
      // What was still in process when the stream ended is as far as it got.
      setMessages((current) => current.map((message) => ({ ...message, isInProcess: false })));
      if (failure !== null) throw new ApiError(200, 'CHAT_ERROR', failure, null);
      setChatState('answered');
    } catch (error) {
      if (controller.signal.aborted) return;
      setChatError(
        error instanceof ApiError
          ? error
          : new ApiError(0, 'NETWORK', error instanceof Error ? error.message : String(error), null),
      );
      setChatState('error');
    } finally {
      if (asking.current === controller) asking.current = null;
    }
  }

  return { messages, chatState, chatError, ask };
}

/** A question box: Enter or Send asks (Shift+Enter is a new line); disabled while an answer streams. */
export function QuestionForm({
  label,
  isStreaming,
  onAsk,
}: {
  label: string;
  isStreaming: boolean;
  onAsk: (input: string) => void;
}) {
  const [question, setQuestion] = useState('');
  const inputId = useId();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = question.trim();
    if (input === '' || isStreaming) return;
    setQuestion('');
    onAsk(input);
  }
  return (
    <form className="ai-form" onSubmit={submit}>
      <label htmlFor={inputId}>{label}</label>
      <div className="ai-form-row">
        <textarea
          id={inputId}
          rows={2}
          value={question}
          disabled={isStreaming}
          onChange={(event) => setQuestion(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }
          }}
        />
        <button type="submit" disabled={isStreaming || question.trim() === ''}>
          Send
        </button>
      </div>
    </form>
  );
}
