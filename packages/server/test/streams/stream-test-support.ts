import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type {
  StreamBus,
  StreamBusOptions,
  StreamEvent,
  SubscribeOptions,
} from '../../src/platform/streams/stream-bus.js';
import type { StreamFailure } from '../../src/platform/streams/stream-bus-errors.js';

/** How the shared contract suite gets its buses. */
export interface StreamBusHarness {
  /** Two buses over the same streams, as two processes would hold them (the in-process twin: one bus). */
  createPair(options: StreamBusOptions): Promise<readonly [StreamBus, StreamBus]>;
  /** What a subscriber on the second bus is told when the first bus closes under an active writer. */
  crashFailure: StreamFailure;
}

/** Short timings keep the suite fast; nothing asserts how long anything took. */
export const fastOptions: StreamBusOptions = {
  defaultTtlSeconds: 30,
  heartbeatTimeoutMilliseconds: 600,
  maxEventsPerStream: 1000,
};

export function newStreamId(): string {
  return `stream-${randomUUID()}`;
}

/** Polls until the check passes or a generous bound is reached; returns whether it passed. */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  milliseconds = 10_000,
): Promise<boolean> {
  const deadline = Date.now() + milliseconds;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}

/** Consumes one subscription in the background, keeping what it received and how it ended. */
export class Collector {
  readonly events: StreamEvent[] = [];
  error: unknown = null;
  readonly done: Promise<void>;

  constructor(events: AsyncIterable<StreamEvent>, stopAfter = Number.POSITIVE_INFINITY) {
    this.done = (async () => {
      try {
        for await (const event of events) {
          this.events.push(event);
          if (this.events.length >= stopAfter) break;
        }
      } catch (error) {
        this.error = error;
      }
    })();
  }

  get sequences(): number[] {
    return this.events.map((event) => event.sequence);
  }

  get indexes(): unknown[] {
    return this.events.map((event) => event.data.index);
  }
}

export async function follow(
  bus: StreamBus,
  streamId: string,
  options: SubscribeOptions & { stopAfter?: number } = {},
): Promise<Collector> {
  const subscription = await bus.subscribe(streamId, options);
  expect(subscription.status).toBe('found');
  if (subscription.status !== 'found') throw new Error(`stream ${streamId} not found`);
  return new Collector(subscription.events, options.stopAfter);
}

/** 1..count, the sequences (and, in these tests, the indexes) of a stream of count events. */
export function oneTo(count: number): number[] {
  return Array.from({ length: count }, (_, index) => index + 1);
}

export function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}
