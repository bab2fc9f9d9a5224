import { performance } from 'node:perf_hooks';
import type { DeployApi } from '../../packages/cli/src/deploy/deploy-api.js';

export interface OperationTiming {
  calls: number;
  /** When the first call started and the last one ended, in ms since the deploy began (calls may overlap). */
  firstStartMs: number;
  lastEndMs: number;
}

export interface TimedDeployApi {
  api: DeployApi;
  /** The timings since the last reset, by DeployApi method. */
  timings(): Record<string, OperationTiming>;
  reset(): void;
}

/** Wraps a DeployApi to see where a deploy spends its time: hashes, uploads, finish, build wait. */
export function timedDeployApi(inner: DeployApi): TimedDeployApi {
  const spans = new Map<string, { calls: number; first: number; last: number }>();
  let origin = performance.now();
  const wrap =
    <Arguments extends unknown[], Result>(name: string, call: (...values: Arguments) => Promise<Result>) =>
    async (...values: Arguments): Promise<Result> => {
      const startedAt = performance.now();
      try {
        return await call(...values);
      } finally {
        const span = spans.get(name) ?? { calls: 0, first: startedAt, last: startedAt };
        span.calls += 1;
        span.last = performance.now();
        spans.set(name, span);
      }
    };
  const api: DeployApi = {
    fileHashes: wrap('fileHashes', inner.fileHashes),
    startUpload: wrap('startUpload', inner.startUpload),
    uploadFile: wrap('uploadFile', inner.uploadFile),
    validateUpload: wrap('validateUpload', inner.validateUpload),
    finishUpload: wrap('finishUpload', inner.finishUpload),
    buildStatus: wrap('buildStatus', inner.buildStatus),
    validationErrors: wrap('validationErrors', inner.validationErrors),
  };
  return {
    api,
    timings: () =>
      Object.fromEntries(
        [...spans].map(([name, span]) => [
          name,
          {
            calls: span.calls,
            firstStartMs: Math.round(span.first - origin),
            lastEndMs: Math.round(span.last - origin),
          },
        ]),
      ),
    reset: () => {
      spans.clear();
      origin = performance.now();
    },
  };
}
