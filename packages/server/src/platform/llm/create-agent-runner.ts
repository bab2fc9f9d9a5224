import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { ModelMessage } from 'ai';
import { stepCountIs, streamText, wrapLanguageModel } from 'ai';
import type { Logger } from 'pino';
import { redactUrlCredentials } from '../crypto/url-credentials.js';
import { agentSystemPrompt } from './agent-system-prompt.js';
import type {
  AgentAdmission,
  AgentEvent,
  AgentRunner,
  AgentTurnRequest,
  AgentUsage,
  LanguageModelSettings,
} from './agent-turn.types.js';
import type { AnalystAnswerSlot, AnalystSteps } from './builtin-analyst/analyst-thread-pool.js';
import { BuiltinAnalystLanguageModel } from './builtin-analyst/builtin-analyst.language-model.js';
import { idleTimeoutMiddleware } from './idle-timeout.middleware.js';
import {
  buildLanguageModel,
  type ResolvedModelSettings,
  resolveModelSettings,
} from './language-model.builder.js';
import { LanguageModelError } from './model-error-message.js';

/** The default of PLATFORM_LLM_TIMEOUT_SECONDS. */
const defaultIdleTimeoutMilliseconds = 120_000;

/** LLM calls of one answer at most: search, query, a few corrections, the answer. */
export const maximumSteps = 8;

export interface AgentRunnerOptions {
  /** PLATFORM_LLM_*: what an agent's unset model fields fall back to. */
  defaults: LanguageModelSettings;
  logger: Logger;
  /** Where the built-in analyst's answers run (the worker-thread pool). */
  analyst: AnalystSteps;
  /** Retries of a failed model call (connection errors, 429, 5xx); the AI SDK's default is 2. */
  maxRetries?: number;
  /** A model endpoint silent for this long fails the call (PLATFORM_LLM_TIMEOUT_SECONDS); 120 s. */
  idleTimeoutMilliseconds?: number;
}

function messagesOf(request: AgentTurnRequest): ModelMessage[] {
  return [
    ...request.history.map((message): ModelMessage => ({ role: message.role, content: message.content })),
    { role: 'user', content: request.input },
  ];
}

/** The final text when the model wrote none: it ran out of steps, or stopped without a word. */
function noAnswerText(usage: AgentUsage): string {
  return usage.llmCalls >= maximumSteps
    ? `I could not finish an answer within ${maximumSteps} steps.`
    : 'The model ended without an answer.';
}

function errorOutput(error: unknown): { error: string } {
  // why: a tool's error goes back to the model and into the stream; URLs in it keep no credentials.
  return { error: redactUrlCredentials(error instanceof Error ? error.message : String(error)) };
}

/** What an admission holds: the built-in analyst's slot, its refusal, or nothing (a remote model). */
type AdmissionState = { slot: AnalystAnswerSlot } | { refusal: unknown } | null;

const admitted = new WeakMap<AgentAdmission, AdmissionState>();

function admissionOf(state: AdmissionState): AgentAdmission {
  const admission: AgentAdmission = {
    release: () => {
      if (state !== null && 'slot' in state) state.slot.release();
    },
  };
  admitted.set(admission, state);
  return admission;
}

/** Room for one answer: the built-in analyst's pool admits it (or refuses it) and it waits to be written. */
async function admit(
  settings: ResolvedModelSettings,
  options: AgentRunnerOptions,
  signal: AbortSignal,
): Promise<AgentAdmission> {
  if (settings.provider !== 'builtin') return admissionOf(null);
  let slot: AnalystAnswerSlot;
  try {
    slot = options.analyst.admit();
  } catch (error) {
    return admissionOf({ refusal: error });
  }
  try {
    await slot.ready(signal);
  } catch (error) {
    slot.release();
    throw error;
  }
  return admissionOf({ slot });
}

/** The agent loop on the model the settings name; the built-in analyst first needs room in its pool. */
async function* runAgentTurn(
  request: AgentTurnRequest,
  settings: ResolvedModelSettings,
  options: AgentRunnerOptions,
): AsyncGenerator<AgentEvent> {
  if (settings.provider === 'builtin') {
    // A full pool refuses the answer here (AnalystBusyError), before any line of it is written.
    // A request's own admission is released by whoever took it, when the whole answer has ended.
    const owned =
      request.admission === undefined ? await admit(settings, options, request.abortSignal) : null;
    const admission = request.admission ?? owned;
    try {
      const state = admission === null ? null : (admitted.get(admission) ?? null);
      if (state === null) throw new Error('The answer was admitted for another model');
      if ('refusal' in state) throw state.refusal;
      const model = new BuiltinAnalystLanguageModel(state.slot, request.builtinAnalyst);
      yield* streamAgentTurn(request, settings, model, options.maxRetries);
    } finally {
      owned?.release();
    }
    return;
  }
  // The built-in analyst cannot hang on a network; remote endpoints can.
  const model = wrapLanguageModel({
    model: buildLanguageModel(settings),
    middleware: idleTimeoutMiddleware(options.idleTimeoutMilliseconds ?? defaultIdleTimeoutMilliseconds),
  });
  yield* streamAgentTurn(request, settings, model, options.maxRetries);
}

/** The AI SDK agent loop on one model, its stream parts mapped to AgentEvents. */
async function* streamAgentTurn(
  request: AgentTurnRequest,
  settings: ResolvedModelSettings,
  model: LanguageModelV3,
  maxRetries?: number,
): AsyncGenerator<AgentEvent> {
  const result = streamText({
    model,
    system: agentSystemPrompt(request.instructions, request.builtinAnalyst),
    messages: messagesOf(request),
    tools: request.tools,
    stopWhen: stepCountIs(maximumSteps),
    abortSignal: request.abortSignal,
    ...(maxRetries === undefined ? {} : { maxRetries }),
    // why: errors arrive as `error` parts below; the default handler would also print them to stderr.
    onError: () => {},
  });
  const usage: AgentUsage = { llmCalls: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0 };
  let stepText = '';
  // The answer is the text of the last step that wrote any; earlier steps' words were on the way there.
  let answerText = '';
  try {
    for await (const part of result.fullStream) {
      switch (part.type) {
        case 'start-step':
          usage.llmCalls += 1;
          stepText = '';
          yield { type: 'step-start' };
          break;
        case 'reasoning-delta':
          if (part.text !== '') yield { type: 'thinking-delta', text: part.text };
          break;
        case 'text-delta':
          if (part.text === '') break;
          stepText += part.text;
          yield { type: 'text-delta', text: part.text };
          break;
        case 'tool-call':
          yield {
            type: 'tool-call',
            toolCallId: part.toolCallId,
            toolName: part.toolName,
            input: part.input,
          };
          break;
        case 'tool-result':
          yield {
            type: 'tool-result',
            toolCallId: part.toolCallId,
            toolName: part.toolName,
            output: part.output,
          };
          break;
        case 'tool-error':
          yield {
            type: 'tool-result',
            toolCallId: part.toolCallId,
            toolName: part.toolName,
            output: errorOutput(part.error),
          };
          break;
        case 'finish-step':
          if (stepText.trim() !== '') answerText = stepText;
          usage.inputTokens += part.usage.inputTokens ?? 0;
          usage.outputTokens += part.usage.outputTokens ?? 0;
          break;
        case 'error':
          if (request.abortSignal.aborted) return;
          throw new LanguageModelError(part.error, settings);
        case 'abort':
          return;
        default:
          break;
      }
    }
  } catch (error) {
    // A stream that breaks off (a silent endpoint, a dropped connection) throws instead of an `error` part.
    if (request.abortSignal.aborted) return;
    throw error instanceof LanguageModelError ? error : new LanguageModelError(error, settings);
  }
  if (request.abortSignal.aborted) return;
  usage.totalTokens = usage.inputTokens + usage.outputTokens;
  yield { type: 'finish', text: answerText === '' ? noAnswerText(usage) : answerText, usage };
}

/**
 * The agent runner the container builds once with the PLATFORM_LLM_* defaults. Settings are checked
 * when the iteration starts, so a missing base URL or model fails the turn with a clear Error.
 */
export function createAgentRunner(options: AgentRunnerOptions): AgentRunner {
  const logger = options.logger.child({ component: 'agent-runner' });
  return {
    async admit(model, signal) {
      let settings: ResolvedModelSettings;
      try {
        settings = resolveModelSettings(options.defaults, model);
      } catch {
        // Broken settings fail the turn itself, with the message, like any model error.
        return admissionOf(null);
      }
      return admit(settings, options, signal);
    },
    async *runTurn(request) {
      const settings = resolveModelSettings(options.defaults, request.model);
      try {
        yield* runAgentTurn(request, settings, options);
      } catch (error) {
        if (!(error instanceof LanguageModelError)) throw error;
        // The provider's own error (status, body) goes to the log; the user gets the short message.
        logger.warn(
          { provider: settings.provider, error: { message: error.message, cause: String(error.cause) } },
          'language model call failed',
        );
        throw error;
      }
    },
  };
}
