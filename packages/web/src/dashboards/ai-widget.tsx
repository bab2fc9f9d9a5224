import { type FormEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { ApiError, type OperationOutput } from '../api/api-client.js';
import { platformApi } from '../api/platform-api.js';
import { useApi } from '../api/use-api.js';
import { ErrorMessage, Loading } from '../components/status.js';
import { configOf, type Dashboard, type Widget } from './dashboard-model.js';

// The Markdown renderer is loaded only by a dashboard that shows text or answers.
const MarkdownText = lazy(() =>
  import('./markdown-text.js').then((module) => ({ default: module.MarkdownText })),
);

type StreamLine = OperationOutput<'streamDashboardWidgetChat'>;
type ToolCall = NonNullable<StreamLine['toolCall']>;

/** A message as the widget shows it: the stored thread's, or one of the viewer's follow-up conversation. */
interface ShownMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  toolCall?: ToolCall | undefined;
  isInProcess?: boolean;
}

type ChatState = 'idle' | 'streaming' | 'answered' | 'error';

/** The lines that are not messages (`__state__`, `__cutoff__`, `__usage__`) have ids in double underscores. */
const isControlLine = (line: StreamLine) => line.id.startsWith('__');

const noThread: OperationOutput<'getDashboardWidgetThread'> = { chatId: null, messages: [] };

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
function isShown(message: ShownMessage): boolean {
  return message.toolCall !== undefined || message.content.trim() !== '';
}

/** Applies one stream line to the follow-up conversation (a new message, or the next state of one). */
function withLine(messages: readonly ShownMessage[], line: StreamLine): ShownMessage[] {
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
function messagesOfState(
  messages: NonNullable<NonNullable<StreamLine['state']>['messages']>,
): ShownMessage[] {
  return messages.map((message) => ({
    id: message.id,
    role: message.role,
    content: message.content,
    toolCall: message.toolCall,
  }));
}

function Message({ message, source }: { message: ShownMessage; source: 'thread' | 'follow-up' }) {
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

/**
 * An AI widget: the chat thread it was published with (readable by every viewer), then follow-up
 * questions, answered as the viewer in their own thread and streamed in as the Chat API streams them.
 */
export function AiWidget({ dashboard, widget }: { dashboard: Dashboard; widget: Widget }) {
  const target = { deploymentId: dashboard.deploymentId, dashboardId: dashboard.id, widgetId: widget.id };
  const threadId = configOf(widget).threadId;
  const hasThread = typeof threadId === 'string' && threadId !== '';
  const thread = useApi(
    (signal) =>
      hasThread ? platformApi.getDashboardWidgetThread(target, signal) : Promise.resolve(noThread),
    `${dashboard.id}/${widget.id}/${hasThread ? threadId : ''}`,
  );
  const [followUps, setFollowUps] = useState<ShownMessage[]>([]);
  const [chatId, setChatId] = useState<string | undefined>(undefined);
  const [question, setQuestion] = useState('');
  const [chatState, setChatState] = useState<ChatState>('idle');
  const [chatError, setChatError] = useState<ApiError | null>(null);
  const asking = useRef<AbortController | null>(null);
  const inputId = useId();
  useEffect(() => () => asking.current?.abort(), []);

  const isStreaming = chatState === 'streaming';

  async function ask(input: string) {
    const controller = new AbortController();
    asking.current = controller;
    setChatState('streaming');
    setChatError(null);
    let failure: string | null = null;
    try {
      const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      const lines = platformApi.streamDashboardWidgetChat(
        target,
        { input, ...(chatId ? { chatId } : {}), ...(timezone ? { timezone } : {}) },
        controller.signal,
      );
      for await (const line of lines) {
        if (controller.signal.aborted) return;
        if (typeof line.error === 'string') {
          failure = line.error;
          continue;
        }
        if (isControlLine(line)) {
          const state = line.state;
          if (state?.chatId) setChatId(state.chatId);
          if (line.id === '__state__' && state?.messages) setFollowUps(messagesOfState(state.messages));
          continue;
        }
        setFollowUps((current) => withLine(current, line));
      }
      // What was still in process when the stream ended is as far as it got.
      setFollowUps((current) => current.map((message) => ({ ...message, isInProcess: false })));
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

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = question.trim();
    if (input === '' || isStreaming) return;
    setQuestion('');
    void ask(input);
  }

  const stored = thread.state === 'ready' ? thread.value.messages.filter(isShown) : [];
  const shownFollowUps = followUps.filter(isShown);
  const last = shownFollowUps.at(-1);
  // Until the answer's text streams in (after the question, or after a tool call), say it is on its way.
  const waitingForAnswer = isStreaming && !(last?.role === 'assistant' && last.toolCall === undefined);
  return (
    <div className="ai-widget" data-thread-state={thread.state} data-chat-state={chatState}>
      {thread.state === 'loading' ? <Loading label="Loading the conversation" /> : null}
      {thread.state === 'error' ? (
        <ErrorMessage error={thread.error} title="Could not load the conversation" />
      ) : null}
      {stored.length > 0 || shownFollowUps.length > 0 ? (
        <ol className="ai-messages" aria-label="Conversation">
          {stored.map((message) => (
            <Message key={`thread-${message.id}`} message={message} source="thread" />
          ))}
          {shownFollowUps.map((message) => (
            <Message key={`follow-up-${message.id}`} message={message} source="follow-up" />
          ))}
        </ol>
      ) : null}
      {waitingForAnswer ? <Loading label="Answering" /> : null}
      {chatError ? <ErrorMessage error={chatError} title="The question was not answered" /> : null}
      <form className="ai-form" onSubmit={submit}>
        <label htmlFor={inputId}>Ask a follow-up</label>
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
    </div>
  );
}
