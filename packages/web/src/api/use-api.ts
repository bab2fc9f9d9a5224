import { useEffect, useRef, useState } from 'react';
import { ApiError } from './api-client.js';

export type Loadable<Value> =
  | { state: 'loading' }
  | { state: 'error'; error: ApiError }
  | { state: 'ready'; value: Value };

function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError(0, 'NETWORK', error instanceof Error ? error.message : String(error), null);
}

/**
 * Runs `load` again whenever `key` changes (say, the ids it reads), aborting the call before; its state
 * for rendering.
 */
export function useApi<Value>(load: (signal: AbortSignal) => Promise<Value>, key: string): Loadable<Value> {
  const [loadable, setLoadable] = useState<Loadable<Value>>({ state: 'loading' });
  const latestLoad = useRef(load);
  latestLoad.current = load;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for what `load` reads.
  useEffect(() => {
    const controller = new AbortController();
    setLoadable({ state: 'loading' });
    latestLoad.current(controller.signal).then(
      (value) => {
        if (!controller.signal.aborted) setLoadable({ state: 'ready', value });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoadable({ state: 'error', error: asApiError(error) });
      },
    );
    return () => controller.abort();
  }, [key]);
  return loadable;
}
