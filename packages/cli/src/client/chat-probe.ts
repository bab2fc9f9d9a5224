import { chatOperations } from '@platform/contract';
import { ConnectionError } from './api-error.js';
import { buildUrl } from './request-url.js';

/** Long enough for a slow network, short enough that a wrong address fails before the user gives up. */
const probeTimeoutMilliseconds = 10_000;

/**
 * Asks the Chat API listener at `chatUrl` for its own description of the stream operation: null when it
 * answers as the Chat API, else why not (nothing listening, another server, an error status). Reads only.
 */
export async function probeChatApi(options: {
  chatUrl: string;
  userAgent: string;
  fetch: typeof fetch;
}): Promise<string | null> {
  const url = buildUrl(options.chatUrl, chatOperations.getChatOpenApiSpec.path, {
    operationId: chatOperations.streamChatState.operationId,
  });
  let response: Response;
  try {
    response = await options.fetch(url, {
      headers: { accept: 'application/json', 'user-agent': options.userAgent },
      signal: AbortSignal.timeout(probeTimeoutMilliseconds),
    });
  } catch (error) {
    return new ConnectionError(options.chatUrl, error).message;
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) return `${options.chatUrl} answered HTTP ${response.status} to GET ${url.pathname}`;
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return `${options.chatUrl} answered, but not as the Chat API (no JSON description)`;
  }
  const paths = (document as { paths?: Record<string, unknown> } | null)?.paths;
  if (!paths || !(chatOperations.streamChatState.path in paths)) {
    return `${options.chatUrl} answered, but not as the Chat API (it does not describe the chat stream)`;
  }
  return null;
}
