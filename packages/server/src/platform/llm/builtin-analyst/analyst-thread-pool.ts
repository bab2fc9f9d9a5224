import { Worker } from 'node:worker_threads';
import type { AnalystStep, AnalystTurn } from '@platform/analyst';
import type { BuiltinAnalystContext } from '../agent-turn.types.js';
import { AnalystBusyError } from './analyst-busy.error.js';
import type { FromWorkerMessage, ToWorkerMessage } from './analyst-worker.messages.js';

export interface AnalystThreadPoolOptions {
  /** Worker threads (PLATFORM_ANALYST_THREADS). */
  threads: number;
  /** Answers that may wait for a thread beyond one running per thread (PLATFORM_ANALYST_QUEUE). */
  queue: number;
  /**
   * Answers written at once (PLATFORM_ANALYST_ACTIVE; default one per thread). Every answer also
   * costs the main thread (store writes, stream lines); the others wait as cheap promises.
   */
  active?: number;
}

/** Room for one answer: its steps are decided off the main thread; release it when the answer ends. */
export interface AnalystAnswerSlot {
  /**
   * Resolves once the answer may be written (fewer than `active` answers are); rejects with the
   * signal's reason when it is aborted first. Call it before any work of the answer.
   */
  ready(signal?: AbortSignal): Promise<void>;
  decide(
    turn: AnalystTurn,
    context: BuiltinAnalystContext,
    tools: ReadonlySet<string>,
    signal?: AbortSignal,
  ): Promise<AnalystStep>;
  release(): void;
}

/** Where the built-in analyst's answers run. */
export interface AnalystSteps {
  /** Room for a new answer, or an AnalystBusyError when the threads and the queue are full. */
  admit(): AnalystAnswerSlot;
}

interface StepTask {
  readonly message: Extract<ToWorkerMessage, { kind: 'decide' }>;
  readonly lookupValues: BuiltinAnalystContext['lookupValues'];
  settle(outcome: { step: AnalystStep } | { error: unknown }): void;
}

interface PoolAnswer {
  readonly startedAt: number;
  isActive: boolean;
  /** Ends its wait in ready(): with an active place (null), or with the pool's closing. */
  activate: ((error: Error | null) => void) | undefined;
}

interface PoolThread {
  readonly worker: Worker;
  task: StepTask | undefined;
}

/** Weight of the latest answer in the running average of answer times (for "retry in N s"). */
const averageWeight = 0.2;

/**
 * The worker's entry beside this file: the compiled JavaScript when this file is compiled; else the
 * TypeScript source (tests, `node --import tsx`), loaded by a bootstrap that registers tsx in the thread
 * first, since Node 20 does not apply a worker's `--import` loader to the worker's own entry.
 */
function workerEntry(): URL {
  if (!import.meta.url.endsWith('.ts')) return new URL('./analyst-step.worker.js', import.meta.url);
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const source = new URL('./analyst-step.worker.ts', import.meta.url).href;
  const bootstrap = `import { register } from ${JSON.stringify(tsxApi)}; register(); await import(${JSON.stringify(source)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(bootstrap)}`);
}

/**
 * A pool of worker threads that decide the built-in analyst's steps, so planning never blocks the event
 * loop. At most `threads + queue` answers are in progress; a new one beyond that is refused at once
 * with "busy, retry in N s" instead of waiting. Of those, at most `active` are written at once; the
 * others wait in `ready()` before any of their work, so the main thread's queue (and the store's) stays
 * short and other requests are answered promptly. An answer has one step outstanding at a time, so steps
 * waiting for a thread never exceed `queue`. Threads start when first needed and are kept.
 */
export class AnalystThreadPool implements AnalystSteps {
  private readonly threads: PoolThread[] = [];
  private readonly waiting: StepTask[] = [];
  /** The answers in progress, active or waiting to be, with their start times. */
  private readonly answers = new Set<PoolAnswer>();
  /** Answers waiting for an active place, oldest first. */
  private readonly inactive: PoolAnswer[] = [];
  private activeCount = 0;
  private readonly activeLimit: number;
  private averageAnswerMilliseconds: number | undefined;
  private nextTaskId = 0;
  private isClosed = false;

  constructor(private readonly options: AnalystThreadPoolOptions) {
    this.activeLimit = options.active ?? options.threads;
  }

  admit(): AnalystAnswerSlot {
    if (this.isClosed) throw new Error('The built-in analyst is shutting down');
    if (this.answers.size >= this.options.threads + this.options.queue) {
      throw new AnalystBusyError(this.retryAfterSeconds());
    }
    const answer: PoolAnswer = { startedAt: performance.now(), isActive: false, activate: undefined };
    this.answers.add(answer);
    if (this.activeCount < this.activeLimit) {
      answer.isActive = true;
      this.activeCount += 1;
    } else {
      this.inactive.push(answer);
    }
    return {
      ready: (signal) => this.ready(answer, signal),
      decide: (turn, context, tools, signal) => this.decide(turn, context, tools, signal),
      release: () => {
        if (!this.answers.delete(answer)) return;
        const duration = performance.now() - answer.startedAt;
        this.averageAnswerMilliseconds =
          this.averageAnswerMilliseconds === undefined
            ? duration
            : this.averageAnswerMilliseconds * (1 - averageWeight) + duration * averageWeight;
        if (answer.isActive) {
          this.activeCount -= 1;
          this.activateNext();
        } else {
          this.inactive.splice(this.inactive.indexOf(answer), 1);
        }
      },
    };
  }

  /** Stops every thread; steps still waiting or running fail. */
  async close(): Promise<void> {
    this.isClosed = true;
    for (const task of this.waiting.splice(0)) {
      task.settle({ error: new Error('The built-in analyst is shutting down') });
    }
    for (const answer of this.inactive) {
      answer.activate?.(new Error('The built-in analyst is shutting down'));
      answer.activate = undefined;
    }
    await Promise.all(this.threads.map((thread) => thread.worker.terminate()));
  }

  private ready(answer: PoolAnswer, signal: AbortSignal | undefined): Promise<void> {
    if (answer.isActive) return Promise.resolve();
    if (this.isClosed) return Promise.reject(new Error('The built-in analyst is shutting down'));
    if (!this.answers.has(answer)) return Promise.reject(new Error('The answer was released'));
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        answer.activate = undefined;
        reject(signal?.reason ?? new DOMException('The answer was aborted.', 'AbortError'));
      };
      if (signal?.aborted) {
        onAbort();
        return;
      }
      signal?.addEventListener('abort', onAbort, { once: true });
      answer.activate = (error) => {
        signal?.removeEventListener('abort', onAbort);
        if (error === null) resolve();
        else reject(error);
      };
    });
  }

  /** Gives the place an answer left to the oldest one waiting. */
  private activateNext(): void {
    const next = this.inactive.shift();
    if (next === undefined) return;
    next.isActive = true;
    this.activeCount += 1;
    next.activate?.(null);
    next.activate = undefined;
  }

  /** When an answer in progress should be done: the average answer time less the oldest one's age. */
  private retryAfterSeconds(): number {
    const now = performance.now();
    let oldest = now;
    for (const answer of this.answers) oldest = Math.min(oldest, answer.startedAt);
    const remaining = (this.averageAnswerMilliseconds ?? 1000) - (now - oldest);
    return Math.max(1, Math.ceil(remaining / 1000));
  }

  private decide(
    turn: AnalystTurn,
    context: BuiltinAnalystContext,
    tools: ReadonlySet<string>,
    signal: AbortSignal | undefined,
  ): Promise<AnalystStep> {
    return new Promise((resolve, reject) => {
      this.nextTaskId += 1;
      const onAbort = () => {
        const index = this.waiting.indexOf(task);
        if (index >= 0) this.waiting.splice(index, 1);
        // A step already running finishes in its thread; its outcome is dropped.
        task.settle({ error: signal?.reason ?? new DOMException('The step was aborted.', 'AbortError') });
      };
      let isSettled = false;
      const task: StepTask = {
        message: {
          kind: 'decide',
          taskId: this.nextTaskId,
          turn,
          now: context.now,
          timezone: context.timezone,
          ...(context.locale === undefined ? {} : { locale: context.locale }),
          tools: [...tools],
        },
        lookupValues: context.lookupValues,
        settle: (outcome) => {
          if (isSettled) return;
          isSettled = true;
          signal?.removeEventListener('abort', onAbort);
          if ('step' in outcome) resolve(outcome.step);
          else reject(outcome.error);
        },
      };
      if (this.isClosed) {
        task.settle({ error: new Error('The built-in analyst is shutting down') });
        return;
      }
      if (signal?.aborted) {
        onAbort();
        return;
      }
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(task);
      this.dispatch();
    });
  }

  /** Hands waiting steps to idle threads, starting threads up to the pool's size. */
  private dispatch(): void {
    while (this.waiting.length > 0) {
      const thread =
        this.threads.find((candidate) => candidate.task === undefined) ??
        (this.threads.length < this.options.threads ? this.spawn() : undefined);
      const task = thread === undefined ? undefined : this.waiting.shift();
      if (thread === undefined || task === undefined) return;
      thread.task = task;
      // why: a thread at work keeps the process alive until its step is back; an idle one does not.
      thread.worker.ref();
      thread.worker.postMessage(task.message satisfies ToWorkerMessage);
    }
  }

  private spawn(): PoolThread {
    const worker = new Worker(workerEntry(), { name: 'builtin-analyst' });
    const thread: PoolThread = { worker, task: undefined };
    worker.on('message', (message: FromWorkerMessage) => this.onMessage(thread, message));
    worker.on('error', (error) => this.onStopped(thread, error));
    worker.on('exit', (code) =>
      this.onStopped(thread, new Error(`The analyst thread stopped (code ${code})`)),
    );
    this.threads.push(thread);
    return thread;
  }

  private onMessage(thread: PoolThread, message: FromWorkerMessage): void {
    const task = thread.task;
    if (task === undefined || task.message.taskId !== message.taskId) return;
    if (message.kind === 'lookup') {
      // The query for known values runs here, on the main thread, where the data access lives.
      const { taskId, requestId } = message;
      const answer = (reply: Omit<Extract<ToWorkerMessage, { kind: 'values' }>, 'kind'>) =>
        thread.worker.postMessage({ kind: 'values', ...reply } satisfies ToWorkerMessage);
      task.lookupValues(message.memberPath).then(
        (values) => answer({ taskId, requestId, values: [...values] }),
        (error: unknown) =>
          answer({ taskId, requestId, error: error instanceof Error ? error.message : String(error) }),
      );
      return;
    }
    thread.task = undefined;
    thread.worker.unref();
    task.settle(message.kind === 'step' ? { step: message.step } : { error: new Error(message.message) });
    this.dispatch();
  }

  /** A thread that failed or exited leaves the pool; its step fails and a new thread takes the queue. */
  private onStopped(thread: PoolThread, error: Error): void {
    const index = this.threads.indexOf(thread);
    if (index < 0) return;
    this.threads.splice(index, 1);
    thread.task?.settle({ error });
    thread.task = undefined;
    if (!this.isClosed) this.dispatch();
  }
}
