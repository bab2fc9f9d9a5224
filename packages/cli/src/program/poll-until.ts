export interface PollOptions {
  intervalMilliseconds: number;
  /**
   * The first wait, doubled each time up to intervalMilliseconds: a short build is seen soon after it
   * ends, a long one is not asked about more often than the interval.
   */
  firstIntervalMilliseconds?: number;
  timeoutMilliseconds: number;
  /** Injected so tests do not wait in real time. */
  sleep?: (milliseconds: number) => Promise<void>;
  now?: () => number;
}

export class PollTimeoutError extends Error {
  readonly lastValue: unknown;

  constructor(timeoutMilliseconds: number, lastValue: unknown) {
    super(`still waiting after ${Math.round(timeoutMilliseconds / 1000)} s`);
    this.name = 'PollTimeoutError';
    this.lastValue = lastValue;
  }
}

const realSleep = (milliseconds: number) => new Promise<void>((resolve) => setTimeout(resolve, milliseconds));

/**
 * Reads `read` until `isDone` holds and answers that value; asks at once, then every interval. Throws
 * PollTimeoutError (carrying the last value) when the timeout passes first.
 */
export async function pollUntil<Value>(
  read: () => Promise<Value>,
  isDone: (value: Value) => boolean,
  options: PollOptions,
): Promise<Value> {
  const sleep = options.sleep ?? realSleep;
  const now = options.now ?? Date.now;
  const deadline = now() + options.timeoutMilliseconds;
  let interval = Math.min(
    options.firstIntervalMilliseconds ?? options.intervalMilliseconds,
    options.intervalMilliseconds,
  );
  for (;;) {
    const value = await read();
    if (isDone(value)) return value;
    if (now() + interval > deadline) {
      throw new PollTimeoutError(options.timeoutMilliseconds, value);
    }
    await sleep(interval);
    interval = Math.min(interval * 2, options.intervalMilliseconds);
  }
}
