/** What a tool returned, or why it failed (`{error}` in its output, or a thrown error). */
export type ToolOutcome = { readonly output: unknown } | { readonly error: string };

/** A tool call of the current turn and, once it ran, its outcome. */
export interface TurnToolCall {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly input: unknown;
  readonly outcome?: ToolOutcome;
}

/** Where the current turn stands: the question and the tool calls made for it so far. */
export interface AnalystTurn {
  /** The text of the last user message. */
  readonly question: string;
  /**
   * The user's earlier questions of the thread, oldest first: a follow-up ("and by month?") changes the
   * query of the latest one that had a query.
   */
  readonly earlierQuestions: readonly string[];
  /** Tool calls made since that message, in order. */
  readonly toolCalls: readonly TurnToolCall[];
}

/** The last call of a tool that has an outcome, if any. */
export function lastCompletedCall(turn: AnalystTurn, toolName: string): Required<TurnToolCall> | undefined {
  const completed = turn.toolCalls.filter(
    (call): call is Required<TurnToolCall> => call.toolName === toolName && call.outcome !== undefined,
  );
  return completed[completed.length - 1];
}
