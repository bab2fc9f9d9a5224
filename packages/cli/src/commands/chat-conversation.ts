import type { ChatStreamInput } from '@platform/contract';
import { ConnectionError } from '../client/api-error.js';
import { ChatAuthenticationError, type ChatClient } from '../client/chat-client.js';
import { ChatLineRenderer } from './chat-line-renderer.js';
import type { ChatTarget } from './chat-target.js';

/** How long an abort may take to end the stream before the CLI stops reading it itself. */
const abortGraceMilliseconds = 5000;

export interface ConversationOutput {
  write: (text: string) => void;
  /** `--json`: the raw lines, one per line, instead of the rendering. */
  isJson: boolean;
  isTerminal: boolean;
}

export interface AnswerOutcome {
  chatId: string | null;
  finalAnswer: string | null;
  isAborted: boolean;
  /** A failure the server reported in the stream. */
  error: string | null;
  /** The stream ended with its `__state__` line. */
  isComplete: boolean;
}

interface RunningAnswer {
  renderer: ChatLineRenderer;
  cancel: AbortController;
  isAbortRequested: boolean;
  abortRequest: Promise<void> | null;
}

function isCancellation(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

/** One thread with an agent: questions in turn, the thread id kept between them, Ctrl-C as abort. */
export class ChatConversation {
  chatId: string | null;
  private target: ChatTarget;
  private client: ChatClient;
  private readonly output: ConversationOutput;
  private readonly makeClient: (target: ChatTarget) => ChatClient;
  private running: RunningAnswer | null = null;

  constructor(options: {
    target: ChatTarget;
    output: ConversationOutput;
    chatId: string | null;
    makeClient: (target: ChatTarget) => ChatClient;
  }) {
    this.target = options.target;
    this.output = options.output;
    this.chatId = options.chatId;
    this.makeClient = options.makeClient;
    this.client = options.makeClient(options.target);
  }

  get isStreaming(): boolean {
    return this.running !== null;
  }

  /** Asks one question and writes the answer as it streams; the thread id is kept for the next one. */
  async ask(input: string): Promise<AnswerOutcome> {
    try {
      return await this.streamAnswer(input);
    } catch (error) {
      // A saved key deleted on the server: make a new one once and ask again.
      if (!(error instanceof ChatAuthenticationError) || !this.target.replaceKey) throw error;
      const agentKey = await this.target.replaceKey();
      this.target = { ...this.target, agentKey, replaceKey: null };
      this.client = this.makeClient(this.target);
      return this.streamAnswer(input);
    }
  }

  /** Stops whatever answer the thread is streaming, wherever it was asked (the abort operation, 204). */
  async abortThread(): Promise<void> {
    if (this.chatId === null) throw new Error('no thread to abort');
    await this.client.abort({ chatId: this.chatId, sessionSettings: { externalId: this.target.externalId } });
  }

  /**
   * Ctrl-C while an answer streams: the first asks the server to abort the answer (the stream then ends
   * with `__aborted__`); a second, or an answer whose thread id is not known yet, stops reading at once.
   */
  interrupt(): void {
    const running = this.running;
    if (!running) return;
    const chatId = running.renderer.chatId;
    if (running.isAbortRequested || chatId === null) {
      running.cancel.abort();
      return;
    }
    running.isAbortRequested = true;
    running.abortRequest = this.client
      .abort({ chatId, sessionSettings: { externalId: this.target.externalId } })
      .catch(() => running.cancel.abort());
    setTimeout(() => running.cancel.abort(), abortGraceMilliseconds).unref();
  }

  private async streamAnswer(input: string): Promise<AnswerOutcome> {
    const renderer = new ChatLineRenderer({ isTerminal: this.output.isTerminal });
    const running: RunningAnswer = {
      renderer,
      cancel: new AbortController(),
      isAbortRequested: false,
      abortRequest: null,
    };
    const body: ChatStreamInput = {
      input,
      messageId: `${Date.now()}-message`,
      sessionSettings: { externalId: this.target.externalId },
      ...(this.chatId ? { chatId: this.chatId } : {}),
    };
    this.running = running;
    try {
      for await (const line of this.client.stream(body, running.cancel.signal)) {
        // The renderer also reads the lines --json prints raw: it knows the thread and the outcome.
        const text = renderer.render(line);
        this.output.write(this.output.isJson ? `${JSON.stringify(line)}\n` : text);
        // Kept as soon as it is known, so an interrupted answer still continues the same thread.
        if (renderer.chatId) this.chatId = renderer.chatId;
      }
    } catch (error) {
      if (!(isCancellation(error) && running.cancel.signal.aborted)) {
        // fetch reports a connection lost mid-answer as a TypeError ("terminated").
        throw error instanceof TypeError ? new ConnectionError(this.target.chatUrl, error) : error;
      }
      renderer.isAborted = true;
    } finally {
      this.running = null;
      await running.abortRequest;
    }
    if (!this.output.isJson) this.output.write(renderer.end());
    return {
      chatId: renderer.chatId,
      finalAnswer: renderer.finalAnswer,
      isAborted: renderer.isAborted,
      error: renderer.error,
      isComplete: renderer.isStateReceived,
    };
  }
}
