import type { StreamEvent } from './stream-bus.js';
import { StreamFailedError } from './stream-bus-errors.js';

/**
 * The events waiting for one subscriber. Both buses may offer an event twice (backlog and live delivery
 * overlap), so it keeps only events after the last one it took, and refuses a gap loudly rather than
 * hand a reader an answer with a hole in it.
 */
export class StreamEventQueue {
  private items: StreamEvent[] = [];
  private head = 0;
  private outcome: { error: Error | null } | null = null;
  private wake: (() => void) | null = null;

  constructor(
    readonly streamId: string,
    private lastSequence: number,
  ) {}

  get isFinished(): boolean {
    return this.outcome !== null;
  }

  push(event: StreamEvent): void {
    if (this.outcome || event.sequence <= this.lastSequence) return;
    if (event.sequence !== this.lastSequence + 1) {
      this.finish(
        new StreamFailedError(
          this.streamId,
          'failed',
          `Stream ${this.streamId} skipped from event ${this.lastSequence} to ${event.sequence}`,
        ),
      );
      return;
    }
    this.lastSequence = event.sequence;
    this.items.push(event);
    this.notify();
  }

  /** Ends the iteration after the queued events: completed without an error, failed with one. */
  finish(error: Error | null = null): void {
    if (this.outcome) return;
    this.outcome = { error };
    this.notify();
  }

  async *drain(signal?: AbortSignal): AsyncGenerator<StreamEvent, void, undefined> {
    const onAbort = () => this.notify();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      for (;;) {
        if (signal?.aborted) return;
        const item = this.take();
        if (item) {
          yield item;
          continue;
        }
        if (this.outcome) {
          if (this.outcome.error) throw this.outcome.error;
          return;
        }
        await new Promise<void>((resolve) => {
          this.wake = resolve;
        });
      }
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }

  private take(): StreamEvent | undefined {
    if (this.head >= this.items.length) return undefined;
    const item = this.items[this.head];
    this.head += 1;
    // A reader catching up on thousands of events would make shift() quadratic; compact in batches.
    if (this.head === this.items.length) {
      this.items = [];
      this.head = 0;
    } else if (this.head >= 1024) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}
