import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));
const compiledServer = 'packages/server/dist/main.js';

export interface TimedStart {
  /** From spawning the process to its "chat API" start-up line, as a person typing npm start sees it. */
  wallMs: number;
  /** The server's own figures (startup-phases.ts), from its "listening" log line. */
  phases: Record<string, number>;
  /** Resident memory once the process has been idle for `idleMs` after listening. */
  idleRssMb: number;
  /** From SIGTERM to exit. */
  stopMs: number;
  exitCode: number | null;
}

async function residentMegabytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return Math.round(kilobytes / 1024);
}

/** Starts the compiled server on a data directory, waits until it listens and idles, then stops it. */
export async function timedServerStart(dataDirectory: string, idleMs: number): Promise<TimedStart> {
  const startedAt = performance.now();
  const child = spawn(process.execPath, [compiledServer], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      PLATFORM_DATA_DIR: dataDirectory,
      PLATFORM_PORT: '0',
      PLATFORM_AI_PORT: '0',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  while (!/chat API:\s+\S+/.test(output)) {
    if (child.exitCode !== null) throw new Error(`the server exited while starting:\n${output}`);
    if (performance.now() - startedAt > 120_000) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start within 120 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const wallMs = Math.round(performance.now() - startedAt);
  await new Promise((resolve) => setTimeout(resolve, idleMs));
  const idleRssMb = await residentMegabytes(child.pid ?? 0);
  const stoppingAt = performance.now();
  child.kill('SIGTERM');
  const exitCode = await exited;
  const stopMs = Math.round(performance.now() - stoppingAt);
  const phasesLine = output.split('\n').find((line) => line.includes('"phases"'));
  const phases = phasesLine ? (JSON.parse(phasesLine) as { phases: Record<string, number> }).phases : {};
  return { wallMs, phases, idleRssMb, stopMs, exitCode };
}
