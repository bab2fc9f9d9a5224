import type { OperationOutput } from '../api/api-client.js';
import { platformApi } from '../api/platform-api.js';
import { useApi } from '../api/use-api.js';
import { ErrorMessage, Loading } from '../components/status.js';
import { isShown, Message, QuestionForm, useChatConversation } from './chat-messages.js';
import { configOf, type Dashboard, type Widget } from './dashboard-model.js';

const noThread: OperationOutput<'getDashboardWidgetThread'> = { chatId: null, messages: [] };

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
  const {
    messages: followUps,
    chatState,
    chatError,
    ask,
  } = useChatConversation((input, chatId, signal) => {
    const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return platformApi.streamDashboardWidgetChat(
      target,
      { input, ...(chatId ? { chatId } : {}), ...(timezone ? { timezone } : {}) },
      signal,
    );
  });
  const isStreaming = chatState === 'streaming';

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
      <QuestionForm label="Ask a follow-up" isStreaming={isStreaming} onAsk={(input) => void ask(input)} />
    </div>
  );
}
