/** Whether reports' Python can run here; the reason says what to install when it cannot. */
export type PythonAvailability =
  | {
      available: true;
      /** `3.11.7`. */
      version: string;
      /** The interpreter's real path (a pyenv shim or `python3` on PATH resolved once). */
      executable: string;
      /** `namespace`: runs in a network namespace of their own; `audit-hook`: only the hook denies sockets. */
      networkIsolation: 'namespace' | 'audit-hook';
      /** True when the server is root and scripts run as `nobody` (the OS then guards files too). */
      runsAsOtherUser: boolean;
    }
  | { available: false; reason: string };

export interface PythonRunRequest {
  /** The report's Python source. */
  code: string;
  /** Given to the script as `platform_input` and on its stdin as JSON, e.g. `{filters, data}`. */
  input: unknown;
  /** Shorter than the sandbox's wall-clock limit (30 s by default), never longer. */
  timeLimitMs?: number;
}

export interface PythonRunResult {
  /** Capped (1 MiB by default); a cut output ends with a `[output truncated …]` line. */
  stdout: string;
  stderr: string;
  /** What the script passed to `platform_output(html=...)`, else null. */
  html: string | null;
  /** What the script passed to `platform_output(data=...)`, else null. */
  data: unknown;
  /** Null when the process was killed by a signal (wall-clock or CPU limit). */
  exitCode: number | null;
  /** The signal that ended the process (`SIGKILL` on the wall-clock limit, `SIGXCPU` on the CPU limit). */
  signal: string | null;
  timedOut: boolean;
}

/** Runs report Python without network, outside the server's environment, in a temp dir of its own. */
export interface PythonSandbox {
  /** Probed once (interpreter, version, network namespace) and remembered. */
  availability(): Promise<PythonAvailability>;
  /** Queues behind the runs in flight beyond the concurrency limit. Throws PythonUnavailableError. */
  run(request: PythonRunRequest): Promise<PythonRunResult>;
}

export interface PythonSandboxLimits {
  /** Wall clock per run; the process group is killed past it. */
  timeLimitMs: number;
  /** RLIMIT_CPU. */
  cpuSeconds: number;
  /** RLIMIT_AS: address space, so a large allocation fails with MemoryError. */
  memoryBytes: number;
  /** Each of stdout and stderr is cut past this. */
  outputBytes: number;
  /** The largest `platform_output` result. */
  resultBytes: number;
  /** RLIMIT_FSIZE: the largest file the script may write in its temp dir. */
  fileBytes: number;
  /** Runs at once; the others wait. */
  concurrentRuns: number;
}

export const defaultPythonSandboxLimits: PythonSandboxLimits = {
  timeLimitMs: 30_000,
  cpuSeconds: 30,
  memoryBytes: 512 * 1024 * 1024,
  outputBytes: 1024 * 1024,
  resultBytes: 8 * 1024 * 1024,
  fileBytes: 64 * 1024 * 1024,
  concurrentRuns: 2,
};

export const pythonInstallHint = 'install python3, e.g. `apt-get install python3`, or set PLATFORM_PYTHON';

export class PythonUnavailableError extends Error {}
