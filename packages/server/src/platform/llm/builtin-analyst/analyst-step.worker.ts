import { parentPort } from 'node:worker_threads';
import { decideAnalystStep } from '@platform/analyst';
import type { FromWorkerMessage, ToWorkerMessage } from './analyst-worker.messages.js';

/**
 * The entry of an analyst worker thread: decides the built-in analyst's steps off the main event loop.
 * The known values a plan needs are asked of the main thread, which owns the data access.
 */
const port = parentPort;
if (port === null) throw new Error('analyst-step.worker must run in a worker thread');

const pendingLookups = new Map<
  number,
  { resolve(values: readonly string[]): void; reject(error: Error): void }
>();
let nextRequestId = 0;

function send(message: FromWorkerMessage): void {
  port?.postMessage(message);
}

function lookupValues(taskId: number, memberPath: string): Promise<readonly string[]> {
  nextRequestId += 1;
  const requestId = nextRequestId;
  return new Promise((resolve, reject) => {
    pendingLookups.set(requestId, { resolve, reject });
    send({ kind: 'lookup', taskId, requestId, memberPath });
  });
}

async function decide(message: Extract<ToWorkerMessage, { kind: 'decide' }>): Promise<void> {
  const { taskId } = message;
  try {
    const step = await decideAnalystStep(
      message.turn,
      {
        now: message.now,
        timezone: message.timezone,
        ...(message.locale === undefined ? {} : { locale: message.locale }),
        lookupValues: (memberPath) => lookupValues(taskId, memberPath),
      },
      new Set(message.tools),
    );
    send({ kind: 'step', taskId, step });
  } catch (error) {
    send({ kind: 'failed', taskId, message: error instanceof Error ? error.message : String(error) });
  }
}

port.on('message', (message: ToWorkerMessage) => {
  if (message.kind === 'decide') {
    void decide(message);
    return;
  }
  const pending = pendingLookups.get(message.requestId);
  if (pending === undefined) return;
  pendingLookups.delete(message.requestId);
  if (message.values === undefined) pending.reject(new Error(message.error ?? 'the value lookup failed'));
  else pending.resolve(message.values);
});
