import { randomUUID } from 'node:crypto';
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3FinishReason,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import type { AnalystStep } from '@platform/analyst';
import type { BuiltinAnalystContext } from '../agent-turn.types.js';
import type { AnalystAnswerSlot } from './analyst-thread-pool.js';
import { countJsonWords, countPromptWords, countWords, readAnalystTurn } from './analyst-turn.reader.js';

/** Words per text delta: the answer streams in small pieces, as an LLM's would. */
const wordsPerDelta = 3;

/** The answer in pieces of a few words each; the pieces joined give the text back exactly. */
export function textDeltas(text: string): string[] {
  const words = text.match(/\s*\S+\s*/g) ?? [];
  const deltas: string[] = [];
  for (let index = 0; index < words.length; index += wordsPerDelta) {
    deltas.push(words.slice(index, index + wordsPerDelta).join(''));
  }
  return deltas;
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The built-in analyst was aborted.', 'AbortError');
}

/**
 * The built-in analyst (`@platform/analyst`) as an AI SDK language model: deterministic and offline, so
 * the agent loop, the tools and the stream run the same with it as with an LLM. Each call reads the
 * whole prompt and has its answer's slot of the thread pool decide the step from the tool results
 * already in it (search, then query, then answer); it keeps no state. It has no tokenizer: usage counts
 * whitespace-separated words (JSON by its keys and values).
 */
export class BuiltinAnalystLanguageModel implements LanguageModelV3 {
  readonly specificationVersion = 'v3';
  readonly provider = 'platform';
  readonly modelId = 'builtin-analyst';
  readonly supportedUrls: Record<string, RegExp[]> = {};

  constructor(
    private readonly slot: AnalystAnswerSlot,
    private readonly context: BuiltinAnalystContext,
  ) {}

  private async decide(options: LanguageModelV3CallOptions): Promise<AnalystStep> {
    const signal = options.abortSignal;
    if (signal?.aborted) throw abortError(signal);
    const tools = new Set((options.tools ?? []).map((tool) => tool.name));
    const step = await this.slot.decide(readAnalystTurn(options.prompt), this.context, tools, signal);
    if (signal?.aborted) throw abortError(signal);
    return step;
  }

  private usageOf(options: LanguageModelV3CallOptions, step: AnalystStep): LanguageModelV3Usage {
    const inputWords = countPromptWords(options.prompt);
    const reasoningWords = countWords(step.reasoning);
    const textWords = 'text' in step ? countWords(step.text) : countJsonWords(step.toolCall.input);
    return {
      inputTokens: { total: inputWords, noCache: inputWords, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: reasoningWords + textWords, text: textWords, reasoning: reasoningWords },
    };
  }

  private finishReasonOf(step: AnalystStep): LanguageModelV3FinishReason {
    return 'text' in step ? { unified: 'stop', raw: 'stop' } : { unified: 'tool-calls', raw: 'tool-calls' };
  }

  async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
    const step = await this.decide(options);
    const content: LanguageModelV3Content[] = [{ type: 'reasoning', text: step.reasoning }];
    if ('text' in step) content.push({ type: 'text', text: step.text });
    else content.push(toolCallOf(step));
    return {
      content,
      finishReason: this.finishReasonOf(step),
      usage: this.usageOf(options, step),
      response: { modelId: this.modelId },
      warnings: [],
    };
  }

  async doStream(options: LanguageModelV3CallOptions): Promise<LanguageModelV3StreamResult> {
    const step = await this.decide(options);
    const parts: LanguageModelV3StreamPart[] = [
      { type: 'stream-start', warnings: [] },
      { type: 'response-metadata', id: `builtin-${randomUUID()}`, modelId: this.modelId },
      { type: 'reasoning-start', id: 'reasoning-0' },
      ...textDeltas(step.reasoning).map((delta) => ({
        type: 'reasoning-delta' as const,
        id: 'reasoning-0',
        delta,
      })),
      { type: 'reasoning-end', id: 'reasoning-0' },
    ];
    if ('text' in step) {
      parts.push({ type: 'text-start', id: 'text-0' });
      for (const delta of textDeltas(step.text)) parts.push({ type: 'text-delta', id: 'text-0', delta });
      parts.push({ type: 'text-end', id: 'text-0' });
    } else {
      parts.push(toolCallOf(step));
    }
    parts.push({
      type: 'finish',
      finishReason: this.finishReasonOf(step),
      usage: this.usageOf(options, step),
    });
    const signal = options.abortSignal;
    let next = 0;
    // why: parts are handed out one pull at a time, so an abort between them stops the answer there.
    const stream = new ReadableStream<LanguageModelV3StreamPart>({
      pull(controller) {
        if (signal?.aborted) {
          controller.error(abortError(signal));
          return;
        }
        const part = parts[next];
        next += 1;
        if (part === undefined) controller.close();
        else controller.enqueue(part);
      },
    });
    return { stream };
  }
}

function toolCallOf(step: Extract<AnalystStep, { toolCall: unknown }>) {
  return {
    type: 'tool-call' as const,
    toolCallId: `call_${randomUUID()}`,
    toolName: step.toolCall.toolName,
    input: JSON.stringify(step.toolCall.input),
  };
}
