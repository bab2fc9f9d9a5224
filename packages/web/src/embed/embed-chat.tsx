import { ApiError, errorOf, ndjsonLinesOf } from '../api/api-client.js';
import { ErrorMessage, Loading } from '../components/status.js';
import {
  isShown,
  Message,
  QuestionForm,
  type StreamLine,
  useChatConversation,
} from '../dashboards/chat-messages.js';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * One question to the deployment's default agent (`POST {base}/deployments/{id}/chat/stream-chat-state`)
 * as the embed user: the embed token in `X-Platform-Auth-Token`, no cookie. A refused token is not an
 * HTTP error on the Chat API but a JSON-RPC error line: it becomes a 401 here.
 */
async function* askChat(
  url: string,
  token: string,
  body: { input: string; chatId?: string },
  signal: AbortSignal,
): AsyncGenerator<StreamLine> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      accept: 'application/x-ndjson',
      'content-type': 'application/json',
      'x-platform-auth-token': token,
    },
    credentials: 'omit',
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) throw await errorOf(response);
  for await (const line of ndjsonLinesOf<Record<string, unknown>>(response)) {
    if (line.jsonrpc === '2.0' && isRecord(line.error)) {
      const message = typeof line.error.message === 'string' ? line.error.message : 'the token was refused';
      throw new ApiError(401, 'UNAUTHORIZED', message, null);
    }
    yield line as unknown as StreamLine;
  }
}

/** The chat panel beside an embedded dashboard (session setting `showDashboardChat`). */
export function EmbedChat({
  chatBaseUrl,
  deploymentId,
  token,
}: {
  chatBaseUrl: string;
  deploymentId: number;
  token: string;
}) {
  const url = `${chatBaseUrl}/deployments/${encodeURIComponent(String(deploymentId))}/chat/stream-chat-state`;
  const { messages, chatState, chatError, ask } = useChatConversation((input, chatId, signal) =>
    askChat(url, token, { input, ...(chatId ? { chatId } : {}) }, signal),
  );
  const isStreaming = chatState === 'streaming';
  const shown = messages.filter(isShown);
  const last = shown.at(-1);
  const waitingForAnswer = isStreaming && !(last?.role === 'assistant' && last.toolCall === undefined);
  return (
    <aside className="embed-chat ai-widget" aria-label="Ask about this dashboard" data-chat-state={chatState}>
      <h2>Ask about this dashboard</h2>
      {shown.length > 0 ? (
        <ol className="ai-messages" aria-label="Conversation">
          {shown.map((message) => (
            <Message key={message.id} message={message} source="chat" />
          ))}
        </ol>
      ) : (
        <p className="muted">Questions are answered from the data you can see.</p>
      )}
      {waitingForAnswer ? <Loading label="Answering" /> : null}
      {chatError ? <ErrorMessage error={chatError} title="The question was not answered" /> : null}
      <QuestionForm label="Your question" isStreaming={isStreaming} onAsk={(input) => void ask(input)} />
    </aside>
  );
}
