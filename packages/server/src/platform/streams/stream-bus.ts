/** One JSON object, as appended by a writer and delivered to every subscriber. */
export type StreamPayload = Readonly<Record<string, unknown>>;

export interface StreamEvent {
  /** 1 for the first event of a stream, then +1 per event, with no gaps. */
  readonly sequence: number;
  /** Shared by every subscriber of this process: treat it as read-only. */
  readonly data: StreamPayload;
  /** The event as JSON text, so an NDJSON writer need not serialize it again for each subscriber. */
  readonly json: string;
}

export interface OpenStreamOptions {
  /** How long the events stay readable after the stream ended (or its writer vanished). */
  ttlSeconds?: number;
}

export interface SubscribeOptions {
  /** Deliver only the events after this sequence; 0 (the default) replays the whole stream. */
  fromSequence?: number;
  /** Ends the iteration quietly when aborted (the client went away); the writer is not affected. */
  signal?: AbortSignal;
}

/**
 * `found`: iterate `events` to get the backlog, then the live events, until the writer ends the stream
 * (the iteration completes) or the stream fails (the iteration throws StreamFailedError). The subscriber
 * is registered when iteration starts and released when it stops, however it stops.
 * `missing`: the stream never existed here or has expired.
 */
export type StreamSubscription =
  | { readonly status: 'found'; readonly events: AsyncIterable<StreamEvent> }
  | { readonly status: 'missing' };

/** The single producer of a stream. */
export interface StreamWriter {
  readonly streamId: string;
  /**
   * Fires when someone, in any process, asked to abort (reason: StreamAbortedError 'abort-requested'),
   * and when the writer can no longer write (event limit reached, ownership lost, bus closed). After an
   * abort request the writer may still append its last events and must then end the stream.
   */
  readonly abortSignal: AbortSignal;
  /** Resolves to the event's sequence once it is stored. Throws StreamLimitError past the event limit. */
  append(data: StreamPayload): Promise<number>;
  /** Completes the stream: subscribers finish iterating. Ending twice is harmless. */
  end(): Promise<void>;
  /** Ends the stream with an error: subscribers' iterations throw StreamFailedError with this message. */
  fail(message: string): Promise<void>;
}

/**
 * Carries the events of live streams (a chat answer being generated) from their one writer to any number
 * of subscribers, which may join late and replay what they missed. The in-process bus serves one
 * process; the Redis bus lets a stream started on one process be joined and aborted from any other.
 */
export interface StreamBus {
  /** Throws StreamExistsError when the stream is active or still retained after it ended. */
  open(streamId: string, options?: OpenStreamOptions): Promise<StreamWriter>;
  subscribe(streamId: string, options?: SubscribeOptions): Promise<StreamSubscription>;
  /** True while the stream has a live writer that has not ended it. */
  isActive(streamId: string): Promise<boolean>;
  /** Asks the writer, wherever it runs, to stop; false when the stream is not active. */
  requestAbort(streamId: string): Promise<boolean>;
  /** Resolves when the bus can carry streams (Redis answers); rejects once it is closed. For /readyz. */
  ping(): Promise<void>;
  /**
   * Releases connections and timers. Writers of this bus are abandoned as a crashed process would
   * abandon them: their signals abort, and subscribers elsewhere learn of it by the missing heartbeat.
   */
  close(): Promise<void>;
}

export interface StreamBusOptions {
  /** Retention of a finished stream when open() does not say; 600 seconds. */
  defaultTtlSeconds?: number;
  /** Events one stream may hold, so a runaway writer cannot exhaust memory; 10,000. */
  maxEventsPerStream?: number;
  /** A writer not heard of for this long is presumed dead (Redis only); 10 seconds. */
  heartbeatTimeoutMilliseconds?: number;
}

export const defaultStreamTtlSeconds = 600;
export const defaultMaxEventsPerStream = 10_000;
export const defaultHeartbeatTimeoutMilliseconds = 10_000;
