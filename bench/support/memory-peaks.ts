export interface MemoryFigures {
  rssMb: number;
  heapUsedMb: number;
}

export interface MemoryPeaks {
  baseline: MemoryFigures;
  peak: MemoryFigures;
  samples: number;
}

function megabytes(bytes: number): number {
  return Math.round((bytes / 1024 / 1024) * 10) / 10;
}

/**
 * Samples this process's memory every `intervalMs` until stopped: the baseline is the first sample,
 * the peaks the highest RSS and heap seen. A timer is used rather than a worker because
 * `process.memoryUsage()` reports the whole process either way; a timer late behind a busy event loop
 * can miss a short spike, so the peaks are a lower bound.
 */
export function sampleMemoryPeaks(intervalMs: number): { stop(): MemoryPeaks } {
  const first = process.memoryUsage();
  const baseline = { rssMb: megabytes(first.rss), heapUsedMb: megabytes(first.heapUsed) };
  let peakRss = first.rss;
  let peakHeapUsed = first.heapUsed;
  let samples = 1;
  const timer = setInterval(() => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeapUsed = Math.max(peakHeapUsed, usage.heapUsed);
    samples += 1;
  }, intervalMs);
  // A run that throws must not be kept alive by the sampler.
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      return {
        baseline,
        peak: { rssMb: megabytes(peakRss), heapUsedMb: megabytes(peakHeapUsed) },
        samples,
      };
    },
  };
}
