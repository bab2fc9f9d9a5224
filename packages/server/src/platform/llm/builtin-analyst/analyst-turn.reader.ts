import type {
  LanguageModelV3Prompt,
  LanguageModelV3ToolResultOutput,
  LanguageModelV3ToolResultPart,
} from '@ai-sdk/provider';
import type { AnalystTurn, ToolOutcome, TurnToolCall } from '@platform/analyst';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A tool's output as the tool gave it; a failed tool's `{error}` becomes an error outcome. */
function outcomeOf(output: LanguageModelV3ToolResultOutput): ToolOutcome {
  switch (output.type) {
    case 'json':
      return isRecord(output.value) && typeof output.value.error === 'string'
        ? { error: output.value.error }
        : { output: output.value };
    case 'text': {
      const value = parseJson(output.value);
      return isRecord(value) && typeof value.error === 'string' ? { error: value.error } : { output: value };
    }
    case 'error-text':
      return { error: output.value };
    case 'error-json':
      return {
        error:
          isRecord(output.value) && typeof output.value.error === 'string'
            ? output.value.error
            : JSON.stringify(output.value),
      };
    case 'execution-denied':
      return { error: output.reason ?? 'the tool was not allowed to run' };
    default:
      return { error: 'the tool returned content the built-in analyst cannot read' };
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The user's text of a message: its text parts, joined. */
function textOf(parts: readonly { type: string; text?: string }[]): string {
  return parts
    .flatMap((part) => (part.type === 'text' && part.text !== undefined ? [part.text] : []))
    .join('\n')
    .trim();
}

/**
 * Reads the question, the thread's earlier questions (the user messages before it, oldest first) and the
 * tool calls of the current turn from the AI SDK prompt.
 */
export function readAnalystTurn(prompt: LanguageModelV3Prompt): AnalystTurn {
  const questions: string[] = [];
  let lastUser = -1;
  prompt.forEach((message, index) => {
    if (message.role !== 'user') return;
    lastUser = index;
    questions.push(textOf(message.content));
  });
  const question = questions.pop() ?? '';
  const earlierQuestions = questions.filter((text) => text !== '');
  const calls: TurnToolCall[] = [];
  const results = new Map<string, LanguageModelV3ToolResultPart>();
  for (const message of prompt.slice(lastUser + 1)) {
    if (message.role === 'system' || message.role === 'user') continue;
    for (const part of message.content) {
      if (part.type === 'tool-call') {
        calls.push({ toolCallId: part.toolCallId, toolName: part.toolName, input: part.input });
      } else if (part.type === 'tool-result') {
        results.set(part.toolCallId, part);
      }
    }
  }
  const toolCalls = calls.map((call) => {
    const result = results.get(call.toolCallId);
    return result === undefined ? call : { ...call, outcome: outcomeOf(result.output) };
  });
  return { question, earlierQuestions, toolCalls };
}

/** Counts words as the built-in analyst's "tokens": it has no tokenizer, so usage is in words. */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => word !== '').length;
}

/** The words of a JSON value: its keys and values, not its punctuation (compact JSON has no spaces). */
export function countJsonWords(value: unknown): number {
  return countWords((JSON.stringify(value) ?? '').replace(/[{}[\]",:]/g, ' '));
}

/** The words of the whole prompt: every text, reasoning, tool input and tool output in it. */
export function countPromptWords(prompt: LanguageModelV3Prompt): number {
  let words = 0;
  for (const message of prompt) {
    if (message.role === 'system') {
      words += countWords(message.content);
      continue;
    }
    for (const part of message.content) {
      if (part.type === 'text' || part.type === 'reasoning') words += countWords(part.text);
      else if (part.type === 'tool-call') words += countJsonWords(part.input);
      else if (part.type === 'tool-result')
        words += countJsonWords('value' in part.output ? part.output.value : part.output);
    }
  }
  return words;
}
