import type { ChatStreamMessage } from '@platform/contract';
import type { Logger } from 'pino';
import { AppError } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import { isUniqueViolation } from '../../platform/database/unique-violation.js';
import type { AgentAdmission } from '../../platform/llm/agent-turn.types.js';
import type { StreamBus, StreamWriter } from '../../platform/streams/stream-bus.js';
import { StreamExistsError } from '../../platform/streams/stream-bus-errors.js';
import type { ChatAgent } from '../agents/chat-agent.js';
import { ChatAnswerWriter } from './chat-answer.writer.js';
import type { ChatAnswering } from './chat-answering.js';
import type { ChatSession } from './chat-session.js';
import { cutoffLine, userEchoLine } from './chat-stream.lines.js';
import { ChatThreadReader, inProgressMessage, streamIdOf } from './chat-thread.reader.js';
import { type ChatThreadActor, chatThreadActorOf } from './chat-thread-access.js';
import { ChatThreadsRepository } from './chat-threads.repository.js';

export interface ChatStreamRequest {
  input?: string;
  chatId?: string;
  messageId?: string;
  /** Room for the answer (`admit`); the answer takes it, or `start` releases it when none starts. */
  admission?: AgentAdmission;
}

/** The admission of a request until an answer takes it. */
interface HeldAdmission {
  admission: AgentAdmission | undefined;
}

export interface ChatStreamOptions {
  /**
   * A claimed thread whose stream is not on the bus is taken for abandoned (its process died) only
   * after this long: between the claim and the opening of the stream it is legitimately missing.
   */
  claimGraceMilliseconds?: number;
}

// A claim's stream opens a few milliseconds after the claim; a process that died is noticed after this.
const defaultClaimGraceMilliseconds = 10_000;
/** Resolves after the I/O already due, such as writing a first line to its socket. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

// Attempts at deciding a thread's move when another request keeps changing it under this one.
const maximumAttempts = 5;

/**
 * The chat thread state machine (SPEC.md "Chat thread"): starts answers, joins running ones, replays
 * finished ones, and aborts. An answer runs in the background, independent of the request that
 * started it; requests only subscribe to its stream on the bus (`chat:<chatId>:<messageId>`).
 */
export class ChatStreamService {
  private readonly threads: ChatThreadsRepository;
  private readonly reader: ChatThreadReader;
  private readonly answers: ChatAnswerWriter;
  private readonly running = new Set<Promise<void>>();
  private readonly shutdown = new AbortController();

  constructor(
    database: Database,
    private readonly bus: StreamBus,
    private readonly answering: ChatAnswering,
    private readonly logger: Logger,
    options: ChatStreamOptions = {},
  ) {
    this.threads = new ChatThreadsRepository(database);
    this.reader = new ChatThreadReader(
      this.threads,
      bus,
      options.claimGraceMilliseconds ?? defaultClaimGraceMilliseconds,
    );
    this.answers = new ChatAnswerWriter(this.threads, answering, logger);
  }

  /** Room to answer a new question of the agent, waited for before any of its work. */
  admit(agent: ChatAgent, signal: AbortSignal): Promise<AgentAdmission> {
    return this.answering.agentRunner.admit(agent.model, signal);
  }

  /**
   * Throws before the first line: BAD_REQUEST, NOT_FOUND, FORBIDDEN, or CONFLICT while another
   * message is being answered. A failure after the first line makes the iteration throw an AppError
   * (its message is the `{"error"}` line). `signal` ends this subscription only, never the answer.
   */
  async start(
    session: ChatSession,
    request: ChatStreamRequest,
    signal: AbortSignal,
  ): Promise<AsyncIterable<ChatStreamMessage>> {
    const held: HeldAdmission = { admission: request.admission };
    try {
      return await this.decide(session, request, signal, held);
    } finally {
      held.admission?.release();
    }
  }

  private async decide(
    session: ChatSession,
    request: ChatStreamRequest,
    signal: AbortSignal,
    held: HeldAdmission,
  ): Promise<AsyncIterable<ChatStreamMessage>> {
    const { input, chatId, messageId } = request;
    if (input === undefined && chatId === undefined) {
      throw new AppError(
        'BAD_REQUEST',
        'Either input (a new message) or chatId (a thread to read) is required',
      );
    }
    if (chatId === undefined) return this.startThread(session, input ?? '', messageId, signal, held);
    const actor = chatThreadActorOf(session);
    const action = input === undefined ? 'read' : 'write';
    let thread = await this.reader.accessible(session.agent, actor, chatId, action);
    for (let attempt = 0; attempt < maximumAttempts; attempt += 1) {
      thread = await this.reader.settle(thread);
      if (thread.activeMessageId !== null) {
        if (messageId === thread.activeMessageId) {
          return this.reader.follow(thread.id, messageId, signal);
        }
        if (input === undefined) return this.reader.state(thread.id, true);
        throw new AppError('CONFLICT', inProgressMessage);
      }
      if (input === undefined) return this.reader.state(thread.id, false);
      if (messageId !== undefined && (await this.threads.hasUserMessage(thread.id, messageId))) {
        // Answered already: never again. The retained stream if the bus still has it, else the state.
        return this.reader.replay(thread.id, messageId, signal);
      }
      const answerId = messageId ?? (await this.newMessageId(thread.id));
      if (await this.threads.claim(thread.id, answerId)) {
        return this.answer(session, thread.id, answerId, input, signal, held);
      }
      // Claimed by someone else between the read and the claim: decide again on what they claimed.
      thread = await this.reader.accessible(session.agent, actor, chatId, action);
    }
    throw new AppError('CONFLICT', inProgressMessage);
  }

  /** Resolves once the answer has stopped (the thread is idle), or at once when nothing is running. */
  async abort(agent: ChatAgent, actor: ChatThreadActor, chatId: string): Promise<void> {
    const found = await this.reader.accessible(agent, actor, chatId, 'abort');
    const thread = await this.reader.settle(found);
    if (thread.activeMessageId === null) return;
    const streamId = streamIdOf(thread.id, thread.activeMessageId);
    await this.bus.requestAbort(streamId);
    await this.reader.awaitEnd(streamId);
  }

  /** Stops the answers of this process (stored as failed) and waits until they have let go of their threads. */
  async close(): Promise<void> {
    this.shutdown.abort();
    await Promise.allSettled([...this.running]);
  }

  private async startThread(
    session: ChatSession,
    input: string,
    messageId: string | undefined,
    signal: AbortSignal,
    held: HeldAdmission,
  ): Promise<AsyncIterable<ChatStreamMessage>> {
    const chatId = crypto.randomUUID();
    const answerId = messageId ?? `${Date.now()}-message`;
    await this.threads.createClaimed({
      id: chatId,
      accountId: session.agent.accountId,
      deploymentId: session.agent.deploymentId,
      agentId: session.agent.id,
      chatUserId: session.user.id,
      activeMessageId: answerId,
    });
    return this.answer(session, chatId, answerId, input, signal, held);
  }

  /**
   * The thread is claimed for `messageId`: open its stream and write the cutoff, then hand the rest to
   * the background (store and echo the question, answer it). Only the claim, the opening and the cutoff
   * stand between the request and its first line; the job starts on the next turn of the event loop,
   * so its work does not delay that line either.
   */
  private async answer(
    session: ChatSession,
    chatId: string,
    messageId: string,
    input: string,
    signal: AbortSignal,
    held: HeldAdmission,
  ): Promise<AsyncIterable<ChatStreamMessage>> {
    const streamId = streamIdOf(chatId, messageId);
    let writer: StreamWriter;
    try {
      writer = await this.bus.open(streamId);
    } catch (error) {
      await this.threads.release(chatId, messageId);
      if (error instanceof StreamExistsError) {
        throw new AppError(
          'CONFLICT',
          `Message ${messageId} was already sent; send the next one with a new messageId`,
        );
      }
      throw error;
    }
    try {
      await writer.append(cutoffLine(chatId, true, 0));
    } catch (error) {
      await this.threads.release(chatId, messageId).catch(() => undefined);
      await writer.fail('The answer could not be started').catch(() => undefined);
      throw error;
    }
    const { admission } = held;
    held.admission = undefined;
    const job = nextTurn()
      .then(() => this.askAndAnswer(session, chatId, messageId, input, writer, admission))
      .catch((error: unknown) =>
        this.logger.error({ err: error, chatId }, 'a chat answer failed unexpectedly'),
      );
    this.running.add(job);
    void job.finally(() => this.running.delete(job));
    return this.reader.follow(chatId, messageId, signal);
  }

  /**
   * Stores the question (a restart loses no question that was echoed) and echoes it, then answers. The
   * claim made sure the message id is new in the thread; should the store still refuse it, the stream
   * ends with an error line and the thread is free again.
   */
  private async askAndAnswer(
    session: ChatSession,
    chatId: string,
    messageId: string,
    input: string,
    writer: StreamWriter,
    admission: AgentAdmission | undefined,
  ): Promise<void> {
    try {
      await this.threads.addMessage(chatId, { messageId, answerOf: messageId, role: 'user', content: input });
      await writer.append(userEchoLine(messageId, input, 1));
    } catch (error) {
      this.logger.error({ err: error, chatId }, 'could not store a chat question');
      await this.threads.release(chatId, messageId).catch(() => undefined);
      await writer
        .fail(
          isUniqueViolation(error)
            ? `Message ${messageId} was already sent`
            : 'The question could not be stored; send it again',
        )
        .catch(() => undefined);
      admission?.release();
      return;
    }
    await this.answers.run({
      session,
      chatId,
      messageId,
      input,
      writer,
      nextSort: 2,
      stopSignal: this.shutdown.signal,
      ...(admission === undefined ? {} : { admission }),
    });
  }

  /** `<ms>-message`, like a client's, and not yet used in the thread. */
  private async newMessageId(chatId: string): Promise<string> {
    let milliseconds = Date.now();
    while (await this.threads.hasUserMessage(chatId, `${milliseconds}-message`)) milliseconds += 1;
    return `${milliseconds}-message`;
  }
}
