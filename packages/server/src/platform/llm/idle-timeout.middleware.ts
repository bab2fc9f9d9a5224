import type {
  LanguageModelV3CallOptions,
  LanguageModelV3Middleware,
  LanguageModelV3StreamPart,
} from '@ai-sdk/provider';

/** What a turn fails with when the model stays silent too long; its message is shown to the user. */
export class ModelSilentError extends Error {
  constructor(milliseconds: number) {
    super(`the model sent nothing for ${formatSeconds(milliseconds)} (PLATFORM_LLM_TIMEOUT_SECONDS)`);
    this.name = 'ModelSilentError';
  }
}

function formatSeconds(milliseconds: number): string {
  return `${Number((milliseconds / 1000).toFixed(3))} s`;
}

/**
 * Fails a model call that stays silent for longer than `milliseconds`: no response to the request, or
 * no streamed part since the last one. An endpoint that accepts the connection and never answers would
 * otherwise hold the answer (and its thread) until the HTTP client's own timeout, minutes later. The
 * call's request is aborted with it, so no socket is left waiting.
 */
export function idleTimeoutMiddleware(milliseconds: number): LanguageModelV3Middleware {
  const controllers = new WeakMap<LanguageModelV3CallOptions, AbortController>();
  return {
    specificationVersion: 'v3',
    transformParams: async ({ params }) => {
      const controller = new AbortController();
      const abortSignal = params.abortSignal
        ? AbortSignal.any([params.abortSignal, controller.signal])
        : controller.signal;
      const transformed = { ...params, abortSignal };
      controllers.set(transformed, controller);
      return transformed;
    },
    wrapGenerate: async ({ doGenerate, params }) =>
      withinDeadline(doGenerate(), milliseconds, controllers.get(params)),
    wrapStream: async ({ doStream, params }) => {
      const controller = controllers.get(params);
      const result = await withinDeadline(doStream(), milliseconds, controller);
      return { ...result, stream: result.stream.pipeThrough(silenceGuard(milliseconds, controller)) };
    },
  };
}

async function withinDeadline<Value>(
  work: PromiseLike<Value>,
  milliseconds: number,
  controller: AbortController | undefined,
): Promise<Value> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = new ModelSilentError(milliseconds);
      controller?.abort(error);
      reject(error);
    }, milliseconds);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Passes the parts on; errors the stream (and aborts the request) after `milliseconds` without one. */
function silenceGuard(
  milliseconds: number,
  controller: AbortController | undefined,
): TransformStream<LanguageModelV3StreamPart, LanguageModelV3StreamPart> {
  let timer: NodeJS.Timeout | undefined;
  let fail: (error: Error) => void = () => {};
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const error = new ModelSilentError(milliseconds);
      fail(error);
      controller?.abort(error);
    }, milliseconds);
    // A stream its reader let go of is not flushed: its last timer must not keep the process alive.
    timer.unref();
  };
  return new TransformStream({
    start(streamController) {
      fail = (error) => streamController.error(error);
      arm();
    },
    transform(part, streamController) {
      streamController.enqueue(part);
      arm();
    },
    flush() {
      clearTimeout(timer);
    },
  });
}
