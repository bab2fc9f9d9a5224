import { performance } from 'node:perf_hooks';
import { createAgentTools } from '../../../packages/server/src/modules/chat/tools/create-agent-tools.js';
import type { AgentDataAccess } from '../../../packages/server/src/modules/data-api/agent-data-access.js';
import type {
  AgentEvent,
  AgentHistoryMessage,
  AgentRunner,
  LanguageModelSettings,
} from '../../../packages/server/src/platform/llm/agent-turn.types.js';

/** How one answer ended, read from the agent loop's events as the chat stream would show them. */
export type AgentAnswer =
  | {
      readonly kind: 'rows';
      readonly sql: string;
      readonly rows: readonly (readonly unknown[])[];
      readonly totalRows: number;
      readonly text: string;
    }
  | { readonly kind: 'refusal'; readonly text: string }
  | { readonly kind: 'error'; readonly message: string; readonly sql?: string };

export interface TimedAnswer {
  readonly answer: AgentAnswer;
  /** Wall time of the scored answer, from the question to the finish event. */
  readonly milliseconds: number;
}

/** Where the answers run: the agent runner, the model it answers with, and the data the tools reach. */
export interface AnsweringContext {
  readonly runner: AgentRunner;
  readonly model: LanguageModelSettings;
  readonly data: AgentDataAccess;
  readonly now: Date;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The answer of one turn: the last `platformSqlApi` result's rows, else the final text as a refusal. */
export function answerOfEvents(events: readonly AgentEvent[]): AgentAnswer {
  const text = finalText(events);
  const queries = events.filter(
    (event): event is Extract<AgentEvent, { type: 'tool-result' }> =>
      event.type === 'tool-result' && event.toolName === 'platformSqlApi',
  );
  const last = queries[queries.length - 1]?.output;
  if (last === undefined) return { kind: 'refusal', text };
  if (!isRecord(last) || 'error' in last || !Array.isArray(last.data)) {
    const message =
      isRecord(last) && typeof last.error === 'string'
        ? last.error
        : 'the platformSqlApi result carries no data';
    const sql = isRecord(last) && typeof last.sqlQuery === 'string' ? last.sqlQuery : undefined;
    return sql === undefined ? { kind: 'error', message } : { kind: 'error', message, sql };
  }
  return {
    kind: 'rows',
    sql: typeof last.sqlQuery === 'string' ? last.sqlQuery : '',
    rows: last.data as unknown[][],
    totalRows: typeof last.totalRows === 'number' ? last.totalRows : last.data.length,
    text,
  };
}

async function runTurn(
  context: AnsweringContext,
  input: string,
  history: readonly AgentHistoryMessage[],
): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  const turn = context.runner.runTurn({
    model: context.model,
    builtinAnalyst: {
      now: context.now,
      timezone: context.data.timezone,
      lookupValues: (memberPath) => context.data.lookupValues(memberPath),
    },
    instructions: null,
    history,
    input,
    tools: createAgentTools(context.data),
    abortSignal: new AbortController().signal,
  });
  for await (const event of turn) events.push(event);
  return events;
}

function finalText(events: readonly AgentEvent[]): string {
  const finish = events.find((event) => event.type === 'finish');
  return finish?.type === 'finish' ? finish.text : '';
}

/**
 * Asks the thread's earlier questions, each with the history before it (the question and final answer
 * of every earlier turn, as the chat's `historyOf` gives), then the scored question, timed.
 */
export async function askInThread(
  context: AnsweringContext,
  thread: readonly string[],
  question: string,
): Promise<TimedAnswer> {
  const history: AgentHistoryMessage[] = [];
  try {
    for (const earlier of thread) {
      const answer = finalText(await runTurn(context, earlier, history));
      history.push({ role: 'user', content: earlier }, { role: 'assistant', content: answer });
    }
  } catch (error) {
    return {
      answer: { kind: 'error', message: `an earlier turn failed: ${messageOf(error)}` },
      milliseconds: 0,
    };
  }
  const started = performance.now();
  try {
    const events = await runTurn(context, question, history);
    return { answer: answerOfEvents(events), milliseconds: performance.now() - started };
  } catch (error) {
    return {
      answer: { kind: 'error', message: messageOf(error) },
      milliseconds: performance.now() - started,
    };
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
