import type { ToolSet } from 'ai';

/** Token and call counts of one answer (the `__usage__` line). */
export interface AgentUsage {
  llmCalls: number;
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
}

/** What the agent loop reports while it answers, in order; the chat module turns these into stream lines. */
export type AgentEvent =
  /** The model starts a step (one LLM call) of the `platform_data_analyst_agent` node. */
  | { type: 'step-start' }
  | { type: 'thinking-delta'; text: string }
  | { type: 'text-delta'; text: string }
  /** The model asked for a tool; `input` is the parsed arguments. */
  | { type: 'tool-call'; toolCallId: string; toolName: string; input: unknown }
  /** The tool's output; a failed tool's output is `{error: "<message>"}`, never a thrown error. */
  | { type: 'tool-result'; toolCallId: string; toolName: string; output: unknown }
  /** The whole answer text (what the `final` message carries) and the usage. */
  | { type: 'finish'; text: string; usage: AgentUsage };

/** An earlier message of the thread, as the model sees the conversation. */
export interface AgentHistoryMessage {
  role: 'user' | 'assistant';
  content: string;
}

/** Which endpoint answers; null fields come from PLATFORM_LLM_* and then the defaults. */
export interface LanguageModelSettings {
  provider: 'builtin' | 'openai-compatible' | 'anthropic' | null;
  baseUrl: string | null;
  model: string | null;
  apiKey: string | null;
}

/** What the built-in analyst needs beyond the prompt: the clock, the user's wall clock, known values. */
export interface BuiltinAnalystContext {
  now: Date;
  /** IANA time zone of the session. */
  timezone: string;
  /** BCP 47 locale numbers in answers are written for (the account's default locale); default en-US. */
  locale?: string;
  /** Distinct values of a string dimension (`source.member`) the caller may see, at most 1,000. */
  lookupValues(memberPath: string): Promise<readonly string[]>;
}

export interface AgentTurnRequest {
  model: LanguageModelSettings;
  builtinAnalyst: BuiltinAnalystContext;
  /** The agent's own instructions, added to the system prompt. */
  instructions: string | null;
  history: readonly AgentHistoryMessage[];
  input: string;
  /** `platformMeta` and `platformSqlApi`, bound to the caller. */
  tools: ToolSet;
  abortSignal: AbortSignal;
  /**
   * Room taken with `AgentRunner.admit` before the answer's other work, released by its taker when the
   * answer has ended; without it the turn takes (and releases) its own.
   */
  admission?: AgentAdmission;
}

/**
 * Room for one answer on its model, taken before any of the answer's work and released when it ends
 * (releasing twice is harmless). An answer the built-in analyst refused still gets one: its turn then
 * fails at once with the busy error, so the refusal reads like any failed answer.
 */
export interface AgentAdmission {
  release(): void;
}

/**
 * Runs one answer of the agent loop (`platform_data_analyst_agent` ⇄ `tools`) on the model the request
 * names. Built once by the container (`create-agent-runner.ts`) with the PLATFORM_LLM_* defaults. The
 * iteration ends after `finish`; an aborted signal ends it early without `finish`; a failing model
 * (unreachable endpoint, bad key) throws an Error whose message is fit for the user.
 */
export interface AgentRunner {
  /**
   * Waits until an answer on the model may be written: the built-in analyst writes a few at once and
   * the rest wait here, cheaply; a remote model's answer is admitted at once. Rejects with the signal's
   * reason when it is aborted while waiting.
   */
  admit(model: LanguageModelSettings, signal: AbortSignal): Promise<AgentAdmission>;
  runTurn(request: AgentTurnRequest): AsyncIterable<AgentEvent>;
}
