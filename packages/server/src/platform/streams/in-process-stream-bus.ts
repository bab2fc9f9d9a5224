import {
  defaultMaxEventsPerStream,
  defaultStreamTtlSeconds,
  type OpenStreamOptions,
  type StreamBus,
  type StreamBusOptions,
  type StreamEvent,
  type StreamPayload,
  type StreamSubscription,
  type StreamWriter,
  type SubscribeOptions,
} from './stream-bus.js';
import {
  assertStreamId,
  failureMessage,
  StreamAbortedError,
  StreamBusError,
  StreamExistsError,
  StreamFailedError,
  StreamLimitError,
  StreamWriterClosedError,
} from './stream-bus-errors.js';
import { StreamEventQueue } from './stream-event-queue.js';

interface LocalStream {
  readonly streamId: string;
  readonly events: StreamEvent[];
  readonly subscribers: Set<StreamEventQueue>;
  readonly controller: AbortController;
  readonly ttlMilliseconds: number;
  /** null while the writer is writing. */
  outcome: {
    error: StreamFailedError | null;
    state: 'ended' | 'failed' | 'event-limit' | 'bus-closed';
  } | null;
  expiry: NodeJS.Timeout | null;
}

/** The bus of a single process: streams live in memory and finished ones are dropped by an unref'd timer. */
export class InProcessStreamBus implements StreamBus {
  private readonly streams = new Map<string, LocalStream>();
  private readonly defaultTtlSeconds: number;
  private readonly maxEvents: number;
  private isClosed = false;

  constructor(options: StreamBusOptions = {}) {
    this.defaultTtlSeconds = options.defaultTtlSeconds ?? defaultStreamTtlSeconds;
    this.maxEvents = options.maxEventsPerStream ?? defaultMaxEventsPerStream;
  }

  async open(streamId: string, options: OpenStreamOptions = {}): Promise<StreamWriter> {
    this.ensureOpen();
    assertStreamId(streamId);
    const existing = this.streams.get(streamId);
    if (existing) throw new StreamExistsError(streamId, existing.outcome === null);
    const stream: LocalStream = {
      streamId,
      events: [],
      subscribers: new Set(),
      controller: new AbortController(),
      ttlMilliseconds: (options.ttlSeconds ?? this.defaultTtlSeconds) * 1000,
      outcome: null,
      expiry: null,
    };
    this.streams.set(streamId, stream);
    return {
      streamId,
      abortSignal: stream.controller.signal,
      append: async (data) => this.append(stream, data),
      end: async () => this.finish(stream, 'ended', null),
      fail: async (message) =>
        this.finish(stream, 'failed', new StreamFailedError(streamId, 'failed', message)),
    };
  }

  async subscribe(streamId: string, options: SubscribeOptions = {}): Promise<StreamSubscription> {
    this.ensureOpen();
    const stream = this.streams.get(streamId);
    if (!stream) return { status: 'missing' };
    return { status: 'found', events: this.follow(stream, options) };
  }

  async isActive(streamId: string): Promise<boolean> {
    this.ensureOpen();
    return this.streams.get(streamId)?.outcome === null;
  }

  async requestAbort(streamId: string): Promise<boolean> {
    this.ensureOpen();
    const stream = this.streams.get(streamId);
    if (!stream || stream.outcome) return false;
    stream.controller.abort(new StreamAbortedError(streamId, 'abort-requested'));
    return true;
  }

  async ping(): Promise<void> {
    this.ensureOpen();
  }

  async close(): Promise<void> {
    if (this.isClosed) return;
    this.isClosed = true;
    for (const stream of this.streams.values()) {
      if (stream.expiry) clearTimeout(stream.expiry);
      if (!stream.outcome) {
        const error = new StreamFailedError(stream.streamId, 'bus-closed', failureMessage('bus-closed'));
        this.settle(stream, 'bus-closed', error);
      }
    }
    this.streams.clear();
  }

  private async append(stream: LocalStream, data: StreamPayload): Promise<number> {
    if (stream.outcome) throw new StreamWriterClosedError(stream.streamId, stream.outcome.state);
    if (stream.events.length >= this.maxEvents) {
      const message = failureMessage('event-limit', this.maxEvents);
      this.finish(stream, 'event-limit', new StreamFailedError(stream.streamId, 'event-limit', message));
      throw new StreamLimitError(stream.streamId, this.maxEvents);
    }
    // Stored as JSON and parsed back, so subscribers see what the Redis bus would deliver, not the
    // writer's live object that it may go on mutating.
    const json = JSON.stringify(data);
    const event: StreamEvent = { sequence: stream.events.length + 1, data: JSON.parse(json), json };
    stream.events.push(event);
    for (const subscriber of stream.subscribers) subscriber.push(event);
    return event.sequence;
  }

  private finish(
    stream: LocalStream,
    state: 'ended' | 'failed' | 'event-limit',
    error: StreamFailedError | null,
  ): void {
    if (stream.outcome?.state === 'ended' && state === 'ended') return;
    if (stream.outcome) throw new StreamWriterClosedError(stream.streamId, stream.outcome.state);
    this.settle(stream, state, error);
    if (state === 'event-limit') {
      stream.controller.abort(new StreamAbortedError(stream.streamId, 'event-limit'));
    }
    const expiry = setTimeout(() => {
      if (this.streams.get(stream.streamId) === stream) this.streams.delete(stream.streamId);
    }, stream.ttlMilliseconds);
    expiry.unref();
    stream.expiry = expiry;
  }

  private settle(
    stream: LocalStream,
    state: NonNullable<LocalStream['outcome']>['state'],
    error: StreamFailedError | null,
  ): void {
    stream.outcome = { state, error };
    for (const subscriber of stream.subscribers) subscriber.finish(error);
    stream.subscribers.clear();
    if (state === 'bus-closed')
      stream.controller.abort(new StreamAbortedError(stream.streamId, 'bus-closed'));
  }

  private async *follow(stream: LocalStream, options: SubscribeOptions): AsyncGenerator<StreamEvent> {
    const fromSequence = Math.max(0, options.fromSequence ?? 0);
    const queue = new StreamEventQueue(stream.streamId, fromSequence);
    for (const event of stream.events.slice(fromSequence)) queue.push(event);
    if (stream.outcome) queue.finish(stream.outcome.error);
    else stream.subscribers.add(queue);
    try {
      yield* queue.drain(options.signal);
    } finally {
      stream.subscribers.delete(queue);
    }
  }

  private ensureOpen(): void {
    if (this.isClosed) throw new StreamBusError('The stream bus is closed');
  }
}
