import pino from 'pino';
import type {
  AgentEvent,
  AgentTurnRequest,
  LanguageModelSettings,
} from '../../src/platform/llm/agent-turn.types.js';
import { AnalystThreadPool } from '../../src/platform/llm/builtin-analyst/analyst-thread-pool.js';

export const noModel: LanguageModelSettings = { provider: null, baseUrl: null, model: null, apiKey: null };

export const silentLogger = pino({ level: 'silent' });

/** The built-in analyst's worker threads for the runners of a suite; a thread starts at the first answer. */
export const analystPool = new AnalystThreadPool({ threads: 1, queue: 8 });

/** Every event of a turn, in order. */
export async function collectEvents(events: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const collected: AgentEvent[] = [];
  for await (const event of events) collected.push(event);
  return collected;
}

/**
 * The events as a readable outline: consecutive deltas of one kind collapse into one entry, tool events
 * carry the tool's name (`tool-call platformMeta`).
 */
export function outline(events: readonly AgentEvent[]): string[] {
  const lines: string[] = [];
  for (const event of events) {
    const line =
      event.type === 'tool-call' || event.type === 'tool-result'
        ? `${event.type} ${event.toolName}`
        : event.type;
    const isDelta = event.type === 'text-delta' || event.type === 'thinking-delta';
    if (isDelta && lines[lines.length - 1] === line) continue;
    lines.push(line);
  }
  return lines;
}

/** The text deltas after the last step start: what the last step wrote. */
export function lastStepText(events: readonly AgentEvent[]): string {
  const lastStart = events.map((event) => event.type).lastIndexOf('step-start');
  return events
    .slice(lastStart)
    .flatMap((event) => (event.type === 'text-delta' ? [event.text] : []))
    .join('');
}

export function finishOf(events: readonly AgentEvent[]): Extract<AgentEvent, { type: 'finish' }> {
  const finish = events.find((event) => event.type === 'finish');
  if (finish?.type !== 'finish') throw new Error(`no finish among ${outline(events).join(', ')}`);
  return finish;
}

/** A turn request with the built-in analyst's context; the caller adds tools and overrides. */
export function turnRequest(
  overrides: Partial<AgentTurnRequest> & Pick<AgentTurnRequest, 'tools' | 'input' | 'builtinAnalyst'>,
): AgentTurnRequest {
  return {
    model: noModel,
    instructions: null,
    history: [],
    abortSignal: new AbortController().signal,
    ...overrides,
  };
}
