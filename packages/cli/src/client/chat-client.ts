import {
  type ChatAbortInput,
  type ChatStreamInput,
  type ChatStreamMessage,
  chatOperations,
} from '@platform/contract';
import { apiErrorOf, ConnectionError } from './api-error.js';
import { readNdjsonLines } from './ndjson-lines.js';
import { buildUrl, fillPath } from './request-url.js';

export interface ChatClientOptions {
  /** The Chat API listener (`{ai_url}`), not the management API. */
  chatUrl: string;
  accountName: string;
  agentId: string;
  /** An agent API key (`sk-...`), sent as `Authorization: Api-Key`. */
  agentKey: string;
  userAgent: string;
  fetch?: typeof fetch;
}

/**
 * The Chat API refused the credential. It says so with a JSON-RPC error object in an HTTP 200 answer
 * (SPEC.md "Errors"), so this is told apart from the lines of a stream here.
 */
export class ChatAuthenticationError extends Error {
  constructor(message: string) {
    super(`the Chat API refused the agent key: ${message}`);
    this.name = 'ChatAuthenticationError';
  }
}

function jsonRpcErrorMessage(line: unknown): string | null {
  if (typeof line !== 'object' || line === null || !('jsonrpc' in line)) return null;
  const error = (line as { error?: { message?: unknown } }).error;
  return typeof error?.message === 'string' ? error.message : 'authentication failed';
}

/** A client of one agent's chat endpoints: ask (streamed line by line) and abort. */
export class ChatClient {
  private readonly options: ChatClientOptions;
  private readonly fetchFunction: typeof fetch;

  constructor(options: ChatClientOptions) {
    this.options = options;
    this.fetchFunction = options.fetch ?? fetch;
  }

  /**
   * Sends a question (or, without `input`, asks for a thread's state) and yields each line as the server
   * writes it. `signal` cancels the request on this side only; the answer goes on on the server (a
   * re-subscription with the same chatId and messageId picks it up again).
   */
  async *stream(body: ChatStreamInput, signal?: AbortSignal): AsyncGenerator<ChatStreamMessage> {
    const response = await this.post(chatOperations.streamChatState.path, body, signal);
    for await (const line of readNdjsonLines(response)) {
      const authenticationFailure = jsonRpcErrorMessage(line);
      if (authenticationFailure !== null) throw new ChatAuthenticationError(authenticationFailure);
      yield line as ChatStreamMessage;
    }
  }

  /** Stops the answer the thread is streaming; resolves once the server accepted the abort (204). */
  async abort(body: ChatAbortInput): Promise<void> {
    const response = await this.post(chatOperations.abortChat.path, body);
    const text = await response.text();
    if (text.trim() === '') return;
    const authenticationFailure = jsonRpcErrorMessage(JSON.parse(text) as unknown);
    if (authenticationFailure !== null) throw new ChatAuthenticationError(authenticationFailure);
  }

  private async post(pathTemplate: string, body: unknown, signal?: AbortSignal): Promise<Response> {
    const path = fillPath(pathTemplate, {
      accountName: this.options.accountName,
      agentId: this.options.agentId,
    });
    const url = buildUrl(this.options.chatUrl, path);
    let response: Response;
    try {
      response = await this.fetchFunction(url, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          authorization: `Api-Key ${this.options.agentKey}`,
          'user-agent': this.options.userAgent,
        },
        body: JSON.stringify(body),
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ConnectionError(this.options.chatUrl, error);
    }
    if (!response.ok) {
      const text = await response.text();
      let decoded: unknown = text;
      try {
        decoded = text === '' ? undefined : JSON.parse(text);
      } catch {
        // A proxy's error page: keep the text for the message.
      }
      throw apiErrorOf(response.status, response.statusText, decoded, response.headers.get('x-request-id'));
    }
    return response;
  }
}
