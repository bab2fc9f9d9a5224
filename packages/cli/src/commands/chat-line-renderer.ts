import type { ChatStreamMessage } from '@platform/contract';
import { formatToolCall, formatToolResult } from './chat-tool-views.js';

export interface ChatLineRendererOptions {
  /** Styling (dimmed reasoning, usage) only for a person at a terminal; pipes get the answer and tools. */
  isTerminal: boolean;
}

const dim = (text: string) => `\u001b[2m${text}\u001b[22m`;

/** SPEC.md "Chat stream" rule 4: the consolidated answer is an assistant message of the `final` node. */
function isFinalAnswer(line: ChatStreamMessage): boolean {
  return (
    line.role === 'assistant' &&
    line.isDelta !== true &&
    line.graphPath?.[0] === 'final' &&
    (line.graphPath?.length ?? 0) <= 2
  );
}

function normalized(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Turns the lines of a chat stream into terminal text, one line at a time, as they arrive: answer text
 * as it is generated, tool calls and their results, reasoning dimmed at a terminal. It also keeps what a
 * caller needs after the stream: the thread id, the final answer, and whether it was aborted or failed.
 * A complete message repeats the text its deltas already showed; only what was not shown is written.
 */
export class ChatLineRenderer {
  chatId: string | null = null;
  finalAnswer: string | null = null;
  isAborted = false;
  /** A failure the server reported after the stream started (`{"error": ...}`). */
  error: string | null = null;
  /** The `__state__` line arrived: the answer is complete. */
  isStateReceived = false;

  private readonly options: ChatLineRendererOptions;
  private readonly shownById = new Map<string, string>();
  private shownText = '';
  private readonly toolCallsShown = new Set<string>();
  private readonly toolResultsShown = new Set<string>();
  private isAtLineStart = true;
  private isInThinking = false;

  constructor(options: ChatLineRendererOptions) {
    this.options = options;
  }

  /** The text to write for one line of the stream (often empty). */
  render(line: ChatStreamMessage): string {
    if (line.error !== undefined) {
      this.error = line.error;
      return '';
    }
    switch (line.id) {
      case '__cutoff__':
        this.chatId = line.state?.chatId ?? this.chatId;
        return '';
      case '__state__':
        this.isStateReceived = true;
        return '';
      case '__aborted__':
        this.isAborted = true;
        return this.block('(answer aborted)');
      case '__usage__':
        return this.renderUsage(line);
    }
    if (line.role !== 'assistant') return '';
    if (line.toolCall) return this.renderToolCall(line.id, line.toolCall);
    let text = '';
    if (line.thinking) text += this.renderThinking(line.thinking);
    if (isFinalAnswer(line)) this.finalAnswer = line.content ?? '';
    if (line.content) text += this.renderContent(line);
    return text;
  }

  /** A newline when the last text left the cursor mid-line, so the prompt starts on its own line. */
  end(): string {
    return this.write(this.isAtLineStart ? '' : '\n');
  }

  private write(text: string): string {
    if (text !== '') this.isAtLineStart = text.endsWith('\n');
    return text;
  }

  /** Text on lines of its own, whatever was written before it. */
  private block(text: string): string {
    const separator = this.isAtLineStart ? '' : '\n';
    this.isInThinking = false;
    return this.write(`${separator}${text}\n`);
  }

  private renderThinking(thinking: string): string {
    if (!this.options.isTerminal) return '';
    const opening = this.isInThinking || this.isAtLineStart ? '' : '\n';
    this.isInThinking = true;
    return this.write(`${opening}${dim(thinking)}`);
  }

  private renderContent(line: ChatStreamMessage): string {
    const content = line.content ?? '';
    const shownForId = this.shownById.get(line.id) ?? '';
    let addition: string;
    if (line.isDelta) addition = content;
    else if (shownForId !== '' && content.startsWith(shownForId)) addition = content.slice(shownForId.length);
    else if (content.startsWith(this.shownText)) addition = content.slice(this.shownText.length);
    else if (normalized(this.shownText).includes(normalized(content))) addition = '';
    else addition = content;
    if (addition === '') return '';
    this.shownById.set(line.id, shownForId + addition);
    this.shownText += addition;
    const opening = this.isInThinking ? '\n' : '';
    this.isInThinking = false;
    return this.write(`${opening}${addition}`);
  }

  private renderToolCall(id: string, toolCall: NonNullable<ChatStreamMessage['toolCall']>): string {
    let text = '';
    if (!this.toolCallsShown.has(id)) {
      this.toolCallsShown.add(id);
      text += this.block(formatToolCall(toolCall.name, toolCall.input));
    }
    if (toolCall.result !== undefined && !this.toolResultsShown.has(id)) {
      this.toolResultsShown.add(id);
      text += this.block(formatToolResult(toolCall.name, toolCall.result));
    }
    return text;
  }

  private renderUsage(line: ChatStreamMessage): string {
    const usage = line.usage;
    if (!this.options.isTerminal || !usage || usage.totalTokens === 0) return '';
    const calls = `${usage.llmCalls} LLM ${usage.llmCalls === 1 ? 'call' : 'calls'}`;
    return this.block(dim(`(${calls}, ${usage.totalTokens.toLocaleString('en-US')} tokens)`));
  }
}
