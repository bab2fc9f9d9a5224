import { WarehouseError } from './warehouse-error.js';

/**
 * Joins the caller's AbortSignal and the timeout into one signal the drivers listen to, and remembers
 * which one fired so the error says "aborted" or "timed out" rather than the driver's generic message.
 */
export class QueryDeadline {
  readonly signal: AbortSignal;
  private readonly controller = new AbortController();
  private reason: 'aborted' | 'timeout' | null = null;
  private readonly timer: NodeJS.Timeout | null;
  private readonly callerSignal: AbortSignal | undefined;
  readonly timeoutMilliseconds: number | undefined;
  private readonly onCallerAbort = (): void => this.stop('aborted');

  constructor(options: { signal?: AbortSignal; timeoutMilliseconds?: number }) {
    this.signal = this.controller.signal;
    this.callerSignal = options.signal;
    this.timeoutMilliseconds = options.timeoutMilliseconds;
    if (this.timeoutMilliseconds !== undefined && !(this.timeoutMilliseconds > 0)) {
      throw new WarehouseError('configuration', 'timeoutMilliseconds must be a positive number');
    }
    if (options.signal?.aborted) this.stop('aborted');
    else options.signal?.addEventListener('abort', this.onCallerAbort, { once: true });
    this.timer =
      this.timeoutMilliseconds === undefined
        ? null
        : setTimeout(() => this.stop('timeout'), this.timeoutMilliseconds);
  }

  get stopped(): boolean {
    return this.reason !== null;
  }

  error(): WarehouseError {
    return this.reason === 'timeout'
      ? new WarehouseError(
          'timeout',
          `query timed out after ${this.timeoutMilliseconds} ms and was cancelled`,
        )
      : new WarehouseError('aborted', 'query aborted by the caller and cancelled');
  }

  throwIfStopped(): void {
    if (this.stopped) throw this.error();
  }

  /** Settles as soon as the deadline fires, even if the driver is still winding the statement down. */
  race<T>(work: Promise<T>): Promise<T> {
    if (this.stopped) return Promise.reject(this.error());
    return new Promise<T>((resolve, reject) => {
      const onStop = (): void => reject(this.error());
      this.signal.addEventListener('abort', onStop, { once: true });
      work.then(
        (value) => {
          this.signal.removeEventListener('abort', onStop);
          resolve(value);
        },
        (error: unknown) => {
          this.signal.removeEventListener('abort', onStop);
          reject(error);
        },
      );
    });
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.callerSignal?.removeEventListener('abort', this.onCallerAbort);
  }

  private stop(reason: 'aborted' | 'timeout'): void {
    if (this.reason !== null) return;
    this.reason = reason;
    this.controller.abort();
  }
}
