import { type ProbedPython, probePython } from './probe-python.js';
import {
  defaultPythonSandboxLimits,
  type PythonSandbox,
  type PythonSandboxLimits,
  PythonUnavailableError,
} from './python-sandbox.js';
import { runPythonProcess } from './run-python-process.js';

export interface PythonSandboxOptions {
  /** PLATFORM_PYTHON: a command or path; null looks for `python3` on PATH. */
  command: string | null;
  limits?: Partial<PythonSandboxLimits>;
}

/** Runs beyond the limit wait here in arrival order. */
class RunQueue {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  async use<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active += 1;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next run, so the count never drops and rises again.
      if (next) next();
      else this.active -= 1;
    }
  }
}

export function createPythonSandbox(options: PythonSandboxOptions): PythonSandbox {
  const limits: PythonSandboxLimits = { ...defaultPythonSandboxLimits, ...options.limits };
  const queue = new RunQueue(Math.max(1, limits.concurrentRuns));
  let probed: Promise<ProbedPython> | null = null;
  const probe = () => {
    probed ??= probePython(options.command);
    return probed;
  };
  return {
    availability: async () => (await probe()).availability,
    run: async (request) => {
      const probedPython = await probe();
      if (!probedPython.availability.available) {
        throw new PythonUnavailableError(probedPython.availability.reason);
      }
      return queue.use(() => runPythonProcess(probedPython, request, limits));
    },
  };
}
