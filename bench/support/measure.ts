import autocannon from 'autocannon';

export interface Measurement {
  label: string;
  url: string;
  connections: number;
  durationSeconds: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  totalRequests: number;
  non2xx: number;
  errors: number;
}

export interface MeasureOptions {
  label: string;
  url: string;
  headers?: Record<string, string>;
  connections: number;
  durationSeconds: number;
  warmUpSeconds: number;
}

/**
 * Loads one URL with autocannon from a worker thread, so that the load generator does not share the
 * server's event loop; a short warm-up first lets the JIT and caches settle.
 */
export async function measure(options: MeasureOptions): Promise<Measurement> {
  const load = (durationSeconds: number) =>
    autocannon({
      url: options.url,
      connections: options.connections,
      duration: durationSeconds,
      workers: 1,
      headers: options.headers ?? {},
    });
  await load(options.warmUpSeconds);
  const result = await load(options.durationSeconds);
  return {
    label: options.label,
    url: options.url,
    connections: options.connections,
    durationSeconds: options.durationSeconds,
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    totalRequests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
