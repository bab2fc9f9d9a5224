import { AppError } from '../../errors/app-error.js';

/** Failed web sign-ins one address may make within a window before it must wait (429). */
export const maximumFailedSignIns = 10;
export const failedSignInWindowMilliseconds = 15 * 60 * 1000;
const maximumTrackedAddresses = 10_000;

interface Failures {
  count: number;
  windowEndsAt: number;
}

/**
 * Counts failed sign-ins per client address, in this process. API keys carry 256 random bits, so this is
 * not what keeps them from being guessed: it keeps a guessing script from costing a store query per try.
 */
export class FailedSignIns {
  private readonly failures = new Map<string, Failures>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Throws TOO_MANY_REQUESTS while the address is over its limit. */
  assertAllowed(address: string): void {
    const entry = this.failures.get(address);
    const now = this.now();
    if (!entry || entry.windowEndsAt <= now) return;
    if (entry.count >= maximumFailedSignIns) {
      const retryAfterSeconds = Math.ceil((entry.windowEndsAt - now) / 1000);
      throw new AppError(
        'TOO_MANY_REQUESTS',
        `too many failed sign-ins from this address: retry in ${retryAfterSeconds} s`,
        { retryAfterSeconds },
      );
    }
  }

  record(address: string): void {
    const now = this.now();
    const entry = this.failures.get(address);
    if (entry && entry.windowEndsAt > now) {
      entry.count += 1;
      return;
    }
    if (this.failures.size >= maximumTrackedAddresses) this.forgetEnded(now);
    this.failures.set(address, { count: 1, windowEndsAt: now + failedSignInWindowMilliseconds });
  }

  private forgetEnded(now: number): void {
    for (const [address, entry] of this.failures) {
      if (entry.windowEndsAt <= now) this.failures.delete(address);
    }
    // Still full (a flood from many addresses): drop the oldest entry rather than grow without bound.
    if (this.failures.size >= maximumTrackedAddresses) {
      const oldest = this.failures.keys().next();
      if (!oldest.done) this.failures.delete(oldest.value);
    }
  }
}
