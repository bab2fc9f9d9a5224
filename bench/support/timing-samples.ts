import { performance } from 'node:perf_hooks';

export interface TimingSummary {
  label: string;
  iterations: number;
  p50Ms: number;
  p95Ms: number;
  meanMs: number;
}

function percentile(sorted: readonly number[], fraction: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

/** Three significant figures: sub-millisecond figures keep their microseconds. */
function rounded(milliseconds: number): number {
  return Number(milliseconds.toPrecision(3));
}

export function summarize(label: string, samples: readonly number[]): TimingSummary {
  const sorted = [...samples].sort((left, right) => left - right);
  const total = samples.reduce((sum, sample) => sum + sample, 0);
  return {
    label,
    iterations: samples.length,
    p50Ms: rounded(percentile(sorted, 0.5)),
    p95Ms: rounded(percentile(sorted, 0.95)),
    meanMs: rounded(total / Math.max(1, samples.length)),
  };
}

/**
 * Runs `task` `warmUp` times unmeasured (so the JIT and caches settle), then `iterations` times, timing
 * each run on its own.
 */
export async function timeSamples(
  label: string,
  options: { iterations: number; warmUp: number },
  task: (iteration: number) => unknown,
): Promise<TimingSummary> {
  // A synchronous task is not awaited: the microtask hop would add to sub-millisecond figures.
  const run = async (iteration: number) => {
    const result = task(iteration);
    if (result instanceof Promise) await result;
  };
  for (let iteration = 0; iteration < options.warmUp; iteration += 1) await run(iteration);
  const samples: number[] = [];
  for (let iteration = 0; iteration < options.iterations; iteration += 1) {
    const started = performance.now();
    const result = task(options.warmUp + iteration);
    if (result instanceof Promise) await result;
    samples.push(performance.now() - started);
  }
  return summarize(label, samples);
}

export function timingLine(summary: TimingSummary, goal?: { p50Ms: number }): string {
  const figures = `p50 ${String(summary.p50Ms).padStart(8)} ms   p95 ${String(summary.p95Ms).padStart(8)} ms`;
  const verdict =
    goal === undefined
      ? ''
      : `   goal p50 < ${goal.p50Ms} ms: ${summary.p50Ms < goal.p50Ms ? 'meets' : 'MISSES'}`;
  return `${summary.label.padEnd(58)}${figures}   (n=${summary.iterations})${verdict}`;
}
