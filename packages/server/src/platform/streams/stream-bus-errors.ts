/** Every error the stream bus throws on purpose extends this, so callers can tell them from I/O failures. */
export class StreamBusError extends Error {
  override readonly name: string = 'StreamBusError';
}

const maximumStreamIdLength = 512;

/** Stream ids become parts of Redis keys: refuse what is empty or absurdly long before it gets there. */
export function assertStreamId(streamId: string): void {
  if (streamId.length === 0 || streamId.length > maximumStreamIdLength) {
    throw new StreamBusError(`A stream id must have 1 to ${maximumStreamIdLength} characters`);
  }
}

/** open() of a stream that is active, or that ended but is still retained for late subscribers. */
export class StreamExistsError extends StreamBusError {
  override readonly name = 'StreamExistsError';

  constructor(
    readonly streamId: string,
    readonly isActive: boolean,
  ) {
    super(
      isActive
        ? `Stream ${streamId} already has a writer`
        : `Stream ${streamId} has ended and is still retained`,
    );
  }
}

/** append() past the bus's event limit; the bus has already failed the stream for its subscribers. */
export class StreamLimitError extends StreamBusError {
  override readonly name = 'StreamLimitError';

  constructor(
    readonly streamId: string,
    readonly limit: number,
  ) {
    super(limitMessage(limit));
  }
}

export function limitMessage(limit: number): string {
  return `The stream exceeded its limit of ${limit} events`;
}

/** Why a writer can no longer write, or why its stream failed. */
export type StreamStopReason = 'event-limit' | 'writer-lost' | 'bus-closed';

/** A write to a stream whose writer has ended, failed, lost ownership, or whose bus was closed. */
export class StreamWriterClosedError extends StreamBusError {
  override readonly name = 'StreamWriterClosedError';

  constructor(
    readonly streamId: string,
    readonly state: 'ended' | 'failed' | StreamStopReason,
  ) {
    super(`The writer of stream ${streamId} can no longer write (${state})`);
  }
}

/**
 * How a failed stream failed: the writer called fail(), the event limit was hit, the writer stopped
 * heartbeating (its process died), the stream expired while being read, or this bus was closed.
 */
export type StreamFailure = 'failed' | 'expired' | StreamStopReason;

/** Thrown by a subscriber's iteration when the stream ends with an error instead of completing. */
export class StreamFailedError extends StreamBusError {
  override readonly name = 'StreamFailedError';

  constructor(
    readonly streamId: string,
    readonly failure: StreamFailure,
    message: string,
  ) {
    super(message);
  }
}

export function failureMessage(failure: Exclude<StreamFailure, 'failed'>, limit = 0): string {
  switch (failure) {
    case 'event-limit':
      return limitMessage(limit);
    case 'writer-lost':
      return 'The stream stopped: its writer is no longer running';
    case 'expired':
      return 'The stream expired while it was being read';
    case 'bus-closed':
      return 'The stream stopped: the server is shutting down';
  }
}

/** The reason of a writer's abortSignal. Named AbortError, as platform APIs name an abort. */
export class StreamAbortedError extends StreamBusError {
  override readonly name = 'AbortError';

  constructor(
    readonly streamId: string,
    readonly reason: 'abort-requested' | StreamStopReason,
  ) {
    super(`Stream ${streamId} was aborted (${reason})`);
  }
}
