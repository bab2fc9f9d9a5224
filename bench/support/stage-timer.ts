import { performance } from 'node:perf_hooks';
import { summarize, type TimingSummary } from './timing-samples.js';

/**
 * Times named methods inside real requests: each wrapped method adds its duration to the stage of the
 * request under way, so the breakdown is of the very requests measured end to end. Requests must run
 * one at a time (a stage's time is added to whichever request is current).
 */
export class StageTimer {
  private readonly current = new Map<string, number>();
  private readonly samples = new Map<string, number[]>();
  private readonly restores: Array<() => void> = [];

  /** Wraps `target[method]` (an object or a class prototype) so that its calls count towards `stage`. */
  wrap(stage: string, target: object, method: string): void {
    const record = target as Record<string, unknown>;
    const original = record[method];
    if (typeof original !== 'function') throw new Error(`${method} is not a method of the target`);
    const add = (started: number) => {
      this.current.set(stage, (this.current.get(stage) ?? 0) + performance.now() - started);
    };
    this.samples.set(stage, []);
    record[method] = function timed(this: unknown, ...arguments_: unknown[]): unknown {
      const started = performance.now();
      const result: unknown = Reflect.apply(original, this, arguments_);
      if (result instanceof Promise) {
        return result.finally(() => add(started));
      }
      add(started);
      return result;
    };
    this.restores.push(() => {
      record[method] = original;
    });
  }

  /** Adds time measured by the caller itself (work of the client, which no method of the server covers). */
  add(stage: string, milliseconds: number): void {
    if (!this.samples.has(stage)) this.samples.set(stage, []);
    this.current.set(stage, (this.current.get(stage) ?? 0) + milliseconds);
  }

  /** Starts a measured request: stages counted until `end` belong to it. */
  begin(): void {
    this.current.clear();
  }

  /** Ends a measured request; a stage it never reached counts as 0 ms. */
  end(): void {
    for (const [stage, samples] of this.samples) samples.push(this.current.get(stage) ?? 0);
    this.current.clear();
  }

  /** Drops what `begin` collected without keeping it (warm-up rounds). */
  discard(): void {
    this.current.clear();
  }

  summaries(): TimingSummary[] {
    return [...this.samples].map(([stage, samples]) => summarize(stage, samples));
  }

  restore(): void {
    for (const restore of this.restores.splice(0).reverse()) restore();
  }
}
