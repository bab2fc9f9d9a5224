import type { Redis } from 'ioredis';
import { dataField, type EndRecord, entryIdOf } from './redis-stream-entries.js';
import { appendScript, finishScript, heartbeatScript, type RedisStreamKeys } from './redis-stream-scripts.js';
import type { StreamPayload, StreamWriter } from './stream-bus.js';
import {
  failureMessage,
  StreamAbortedError,
  StreamLimitError,
  type StreamStopReason,
  StreamWriterClosedError,
} from './stream-bus-errors.js';

/** What every writer of one Redis bus shares. */
export interface RedisWriterContext {
  readonly redis: Redis;
  readonly keys: RedisStreamKeys;
  readonly heartbeatTimeoutMilliseconds: number;
  readonly maxEvents: number;
  /** Called once when the writer stops writing, however it stops. */
  readonly onStopped: (writer: RedisStreamWriter) => void;
}

type WriterState = 'open' | 'ended' | 'failed' | StreamStopReason;

/**
 * Owns a stream while its token is in the writer key. Every write and every heartbeat checks the token,
 * so a writer whose key expired (its process stalled past the heartbeat timeout) stops instead of writing
 * behind the back of subscribers that were already told it is gone.
 */
export class RedisStreamWriter implements StreamWriter {
  private readonly controller = new AbortController();
  private sequence = 0;
  private state: WriterState = 'open';
  private isBeating = false;

  constructor(
    private readonly context: RedisWriterContext,
    readonly streamId: string,
    private readonly token: string,
    private readonly retentionMilliseconds: number,
  ) {}

  get abortSignal(): AbortSignal {
    return this.controller.signal;
  }

  async append(data: StreamPayload): Promise<number> {
    this.ensureOpen();
    if (this.sequence >= this.context.maxEvents) {
      const limit = this.context.maxEvents;
      await this.writeEnd(
        { failure: 'event-limit', message: failureMessage('event-limit', limit) },
        'event-limit',
      );
      throw new StreamLimitError(this.streamId, limit);
    }
    this.sequence += 1;
    const sequence = this.sequence;
    const isOwner = await appendScript.run(
      this.context.redis,
      [this.context.keys.writer(this.streamId), this.context.keys.events(this.streamId)],
      [
        this.token,
        entryIdOf(sequence),
        dataField,
        JSON.stringify(data),
        this.activeExpiryMilliseconds,
        this.context.heartbeatTimeoutMilliseconds,
      ],
    );
    if (isOwner !== 1) {
      this.stop('writer-lost');
      throw new StreamWriterClosedError(this.streamId, 'writer-lost');
    }
    return sequence;
  }

  async end(): Promise<void> {
    if (this.state === 'ended') return;
    this.ensureOpen();
    await this.writeEnd({}, 'ended');
  }

  async fail(message: string): Promise<void> {
    this.ensureOpen();
    await this.writeEnd({ failure: 'failed', message }, 'failed');
  }

  /** Keeps the writer key alive and picks up an abort flag whose notification this process missed. */
  async heartbeat(): Promise<void> {
    if (this.state !== 'open' || this.isBeating) return;
    this.isBeating = true;
    try {
      const result = await heartbeatScript.run(
        this.context.redis,
        [
          this.context.keys.writer(this.streamId),
          this.context.keys.events(this.streamId),
          this.context.keys.abort(this.streamId),
        ],
        [this.token, this.context.heartbeatTimeoutMilliseconds, this.activeExpiryMilliseconds],
      );
      if (this.state !== 'open') return;
      if (result === -1) this.stop('writer-lost');
      else if (result === 1) this.signalAbort();
    } finally {
      this.isBeating = false;
    }
  }

  signalAbort(): void {
    if (this.state === 'open' && !this.controller.signal.aborted) {
      this.controller.abort(new StreamAbortedError(this.streamId, 'abort-requested'));
    }
  }

  /** Stops without writing anything to Redis: what remains there is up to the heartbeat to expire. */
  stop(reason: StreamStopReason): void {
    if (this.state !== 'open') return;
    this.state = reason;
    if (!this.controller.signal.aborted) this.controller.abort(new StreamAbortedError(this.streamId, reason));
    this.context.onStopped(this);
  }

  // While the writer lives the events outlast a heartbeat gap; once it ends they live for the retention.
  private get activeExpiryMilliseconds(): number {
    return this.retentionMilliseconds + this.context.heartbeatTimeoutMilliseconds;
  }

  private async writeEnd(record: EndRecord, state: 'ended' | 'failed' | 'event-limit'): Promise<void> {
    this.state = state;
    this.sequence += 1;
    this.context.onStopped(this);
    if (state === 'event-limit') {
      this.controller.abort(new StreamAbortedError(this.streamId, 'event-limit'));
    }
    const isOwner = await finishScript.run(
      this.context.redis,
      [
        this.context.keys.writer(this.streamId),
        this.context.keys.events(this.streamId),
        this.context.keys.abort(this.streamId),
      ],
      [this.token, entryIdOf(this.sequence), JSON.stringify(record), this.retentionMilliseconds],
    );
    if (isOwner !== 1) {
      this.state = 'writer-lost';
      if (!this.controller.signal.aborted) {
        this.controller.abort(new StreamAbortedError(this.streamId, 'writer-lost'));
      }
      throw new StreamWriterClosedError(this.streamId, 'writer-lost');
    }
  }

  private ensureOpen(): void {
    if (this.state !== 'open') throw new StreamWriterClosedError(this.streamId, this.state);
  }
}
