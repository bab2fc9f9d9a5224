import { randomUUID } from 'node:crypto';
import type { ChatStreamMessage } from '@platform/contract';
import type { Logger } from 'pino';
import { redactUrlCredentials } from '../../platform/crypto/url-credentials.js';
import type { AgentAdmission, AgentHistoryMessage, AgentUsage } from '../../platform/llm/agent-turn.types.js';
import type { StreamWriter } from '../../platform/streams/stream-bus.js';
import { StreamAbortedError } from '../../platform/streams/stream-bus-errors.js';
import type { ChatAnswering } from './chat-answering.js';
import type { ChatSession } from './chat-session.js';
import {
  abortedGraphPath,
  abortedLine,
  agentGraphPath,
  assistantLine,
  failedGraphPath,
  finalGraphPath,
  stateLine,
  toolsGraphPath,
  usageLine,
} from './chat-stream.lines.js';
import type { ChatMessageRow, ChatThreadsRepository } from './chat-threads.repository.js';

/** One answer to generate: the thread is claimed for `messageId` and the stream is open. */
export interface ChatAnswerJob {
  session: ChatSession;
  chatId: string;
  messageId: string;
  input: string;
  writer: StreamWriter;
  /** The sort of the next line (lines already written: the cutoff and the user echo). */
  nextSort: number;
  /** Fires at shutdown: the answer stops and is stored as failed. */
  stopSignal: AbortSignal;
  /** Room for the answer, taken with the request; released when the answer ends. */
  admission?: AgentAdmission;
}

/** How long an answer may write lines before it lets the rest of the process run. */
const turnMilliseconds = 4;

/** Resolves after the I/O and timers already due, such as another request. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Numbers the lines as the bus does: one writer, no gaps, so sort = sequence - 1. An in-process bus
 * takes a line without any I/O, so a model streaming many parts would write them all, and its readers
 * encode them, in one task of the event loop; the sink gives the loop back every few milliseconds.
 */
class LineSink {
  private turnStartedAt = performance.now();

  constructor(
    private readonly writer: StreamWriter,
    private nextSort: number,
  ) {}

  async emit(line: (sort: number) => ChatStreamMessage): Promise<void> {
    await this.writer.append(line(this.nextSort));
    this.nextSort += 1;
    if (performance.now() - this.turnStartedAt >= turnMilliseconds) {
      await nextTurn();
      this.turnStartedAt = performance.now();
    }
  }

  /** The error line carries no sort, but takes a place on the bus like any line. */
  async emitError(message: string): Promise<void> {
    await this.writer.append({ error: message });
    this.nextSort += 1;
  }
}

type AnswerOutcome =
  | { kind: 'finished'; text: string; usage: AgentUsage }
  | { kind: 'aborted' }
  | { kind: 'failed'; message: string };

/**
 * Generates one answer in the background, independent of any request: turns the agent's events into
 * stream lines, stores each message as it completes, and always leaves the thread idle and the stream
 * ended, whatever happens.
 */
export class ChatAnswerWriter {
  constructor(
    private readonly threads: ChatThreadsRepository,
    private readonly answering: ChatAnswering,
    private readonly logger: Logger,
  ) {}

  async run(job: ChatAnswerJob): Promise<void> {
    const sink = new LineSink(job.writer, job.nextSort);
    const signal = AbortSignal.any([job.writer.abortSignal, job.stopSignal]);
    const progress = { text: '' };
    let outcome: AnswerOutcome;
    try {
      const finished = await this.generate(job, sink, signal, progress);
      outcome = signal.aborted ? this.stopped(job) : (finished ?? stoppedEarly);
    } catch (error) {
      outcome = signal.aborted
        ? this.stopped(job)
        : { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
    }
    try {
      await this.conclude(job, sink, outcome, progress.text);
    } catch (error) {
      this.logger.error({ err: error, chatId: job.chatId }, 'could not conclude a chat answer');
      await sink.emitError('The answer could not be completed').catch(() => undefined);
    } finally {
      // Idle before the stream ends: whoever sees the end finds the thread free for the next question.
      await this.threads.release(job.chatId, job.messageId).catch((error: unknown) => {
        this.logger.error({ err: error, chatId: job.chatId }, 'could not release a chat thread');
      });
      await job.writer.end().catch(() => undefined);
      job.admission?.release();
    }
  }

  private async generate(
    job: ChatAnswerJob,
    sink: LineSink,
    signal: AbortSignal,
    progress: { text: string },
  ): Promise<AnswerOutcome | null> {
    const { session } = job;
    const data = await this.answering.agentData.accessFor({
      accountId: session.agent.accountId,
      deploymentId: session.agent.deploymentId,
      branchName: session.branchName,
      identity: session.data,
      timezone: session.timezone,
    });
    const events = this.answering.agentRunner.runTurn({
      model: session.agent.model,
      builtinAnalyst: {
        now: new Date(),
        timezone: session.timezone,
        locale: session.locale,
        lookupValues: (memberPath) => data.lookupValues(memberPath),
      },
      instructions: session.agent.instructions,
      history: historyOf(await this.threads.messages(job.chatId), job.messageId),
      input: job.input,
      tools: this.answering.createAgentTools(data),
      abortSignal: signal,
      ...(job.admission === undefined ? {} : { admission: job.admission }),
    });
    let stepId: string | null = null;
    // The lines of one model step share an id; a runner that skips step-start still gets one.
    const currentStep = async (isNew: boolean): Promise<string> => {
      if (stepId !== null && !isNew) return stepId;
      const id = randomUUID();
      stepId = id;
      await sink.emit((sort) =>
        assistantLine({ id, content: '', graphPath: agentGraphPath, isDelta: true, isInProcess: true }, sort),
      );
      return id;
    };
    const toolCalls = new Map<string, { id: string; name: string; input: string }>();
    for await (const event of events) {
      switch (event.type) {
        case 'step-start':
          await currentStep(true);
          break;
        case 'thinking-delta': {
          const id = await currentStep(false);
          await sink.emit((sort) =>
            assistantLine(
              {
                id,
                content: '',
                thinking: event.text,
                graphPath: agentGraphPath,
                isDelta: true,
                isInProcess: true,
              },
              sort,
            ),
          );
          break;
        }
        case 'text-delta': {
          const id = await currentStep(false);
          progress.text += event.text;
          await sink.emit((sort) =>
            assistantLine(
              { id, content: event.text, graphPath: agentGraphPath, isDelta: true, isInProcess: true },
              sort,
            ),
          );
          break;
        }
        case 'tool-call': {
          const call = { id: randomUUID(), name: event.toolName, input: JSON.stringify(event.input ?? {}) };
          toolCalls.set(event.toolCallId, call);
          await sink.emit((sort) =>
            assistantLine(
              {
                id: call.id,
                content: '',
                toolCall: { name: call.name, input: call.input },
                graphPath: toolsGraphPath,
                isDelta: false,
                isInProcess: true,
              },
              sort,
            ),
          );
          break;
        }
        case 'tool-result': {
          const call = toolCalls.get(event.toolCallId) ?? {
            id: randomUUID(),
            name: event.toolName,
            input: '{}',
          };
          const toolCall = {
            name: call.name,
            input: call.input,
            result: JSON.stringify(event.output ?? null),
          };
          await this.threads.addMessage(job.chatId, {
            messageId: call.id,
            answerOf: job.messageId,
            role: 'assistant',
            content: '',
            toolCall,
            graphPath: toolsGraphPath,
          });
          await sink.emit((sort) =>
            assistantLine(
              {
                id: call.id,
                content: '',
                toolCall,
                graphPath: toolsGraphPath,
                isDelta: false,
                isInProcess: false,
              },
              sort,
            ),
          );
          break;
        }
        case 'finish':
          return { kind: 'finished', text: event.text, usage: event.usage };
      }
    }
    return null;
  }

  /** An abort someone asked for is `aborted`; any other stop (shutdown, a lost stream) is a failure. */
  private stopped(job: ChatAnswerJob): AnswerOutcome {
    if (job.stopSignal.aborted) {
      return { kind: 'failed', message: 'The answer stopped: the server is shutting down' };
    }
    const reason: unknown = job.writer.abortSignal.reason;
    if (reason instanceof StreamAbortedError && reason.reason !== 'abort-requested') {
      return { kind: 'failed', message: reason.message };
    }
    return { kind: 'aborted' };
  }

  private async conclude(
    job: ChatAnswerJob,
    sink: LineSink,
    outcome: AnswerOutcome,
    partialText: string,
  ): Promise<void> {
    const { chatId, messageId } = job;
    if (outcome.kind === 'finished') {
      const finalId = randomUUID();
      await this.threads.addMessage(chatId, {
        messageId: finalId,
        answerOf: messageId,
        role: 'assistant',
        content: outcome.text,
        graphPath: finalGraphPath,
      });
      await sink.emit((sort) =>
        assistantLine(
          {
            id: finalId,
            content: outcome.text,
            graphPath: finalGraphPath,
            isDelta: false,
            isInProcess: false,
          },
          sort,
        ),
      );
      const messages = await this.threads.messages(chatId);
      await sink.emit((sort) => stateLine(chatId, false, messages, sort));
      await sink.emit((sort) => usageLine(outcome.usage, sort));
      return;
    }
    if (outcome.kind === 'aborted') {
      await this.threads.addMessage(chatId, {
        messageId: randomUUID(),
        answerOf: messageId,
        role: 'assistant',
        content: partialText,
        graphPath: abortedGraphPath,
      });
      await sink.emit((sort) => abortedLine(chatId, sort));
      return;
    }
    // why: a model or tool error quotes URLs (the agent's base URL); their credentials stay out of the
    // stored thread and the streamed line.
    const message = redactUrlCredentials(outcome.message);
    this.logger.warn({ chatId, error: message }, 'a chat answer failed');
    await recordFailure(this.threads, chatId, messageId, message);
    await sink.emitError(message);
  }
}

const stoppedEarly: AnswerOutcome = {
  kind: 'failed',
  message: 'The model stopped before it finished its answer',
};

/** Stored in place of the final answer, so the thread's state shows that this question failed. */
export async function recordFailure(
  threads: ChatThreadsRepository,
  chatId: string,
  messageId: string,
  message: string,
): Promise<void> {
  await threads.addMessage(chatId, {
    messageId: randomUUID(),
    answerOf: messageId,
    role: 'assistant',
    content: message,
    graphPath: failedGraphPath,
  });
}

/** The conversation so far as the model sees it: each earlier question with its final answer. */
function historyOf(messages: readonly ChatMessageRow[], currentMessageId: string): AgentHistoryMessage[] {
  const history: AgentHistoryMessage[] = [];
  let question: string | null = null;
  for (const message of messages) {
    if (message.answerOf === currentMessageId) break;
    if (message.role === 'user') question = message.content;
    else if (message.graphPath?.[0] === finalGraphPath[0] && question !== null) {
      history.push({ role: 'user', content: question }, { role: 'assistant', content: message.content });
      question = null;
    }
  }
  return history;
}
