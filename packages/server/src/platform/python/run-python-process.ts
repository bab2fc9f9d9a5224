import { spawn } from 'node:child_process';
import { chmod, chown, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { type ProbedPython, sandboxEnvironment } from './probe-python.js';
import { pythonBootstrapSource } from './python-bootstrap.js';
import type { PythonRunRequest, PythonRunResult, PythonSandboxLimits } from './python-sandbox.js';

/** Keeps the first `limit` bytes of a stream and reads (and drops) the rest, so the writer never blocks. */
class CappedOutput {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  isTruncated = false;

  constructor(private readonly limit: number) {}

  append(chunk: Buffer): void {
    const room = this.limit - this.size;
    if (chunk.length > room) this.isTruncated = true;
    if (room <= 0) return;
    const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
    this.chunks.push(kept);
    this.size += kept.length;
  }

  bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }

  text(): string {
    const text = this.bytes().toString('utf8');
    return this.isTruncated ? `${text}\n[output truncated after ${this.limit} bytes]\n` : text;
  }
}

function collect(stream: Readable | null | undefined, output: CappedOutput): void {
  stream?.on('data', (chunk: Buffer) => output.append(chunk));
  // A stream torn down with the killed process has nothing more to say.
  stream?.on('error', () => {});
}

/** The last line the bootstrap wrote to fd 3, if it is the `{html, data}` object it writes. */
function resultOf(output: CappedOutput): { html: string | null; data: unknown } {
  if (output.isTruncated) return { html: null, data: null };
  const line = output.bytes().toString('utf8').trimEnd().split('\n').at(-1) ?? '';
  try {
    const parsed: unknown = JSON.parse(line);
    if (typeof parsed !== 'object' || parsed === null) return { html: null, data: null };
    const { html, data } = parsed as { html?: unknown; data?: unknown };
    return { html: typeof html === 'string' ? html : null, data: data ?? null };
  } catch {
    return { html: null, data: null };
  }
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** Removes the run's directory even when the script took its own permissions away. */
async function removeDirectory(directory: string): Promise<void> {
  try {
    await rm(directory, { recursive: true, force: true });
  } catch {
    await restorePermissions(directory);
    await rm(directory, { recursive: true, force: true });
  }
}

async function restorePermissions(directory: string): Promise<void> {
  await chmod(directory, 0o700).catch(() => {});
  const entries = await readdir(directory, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (entry.isDirectory()) await restorePermissions(join(directory, entry.name));
  }
}

/**
 * One run: a fresh temp dir as cwd, HOME and TMPDIR, a minimal environment, its own process group
 * (killed whole on the wall-clock limit), output capped, the directory removed however the run ended.
 */
export async function runPythonProcess(
  { commandLine, runUserId }: Pick<ProbedPython, 'commandLine' | 'runUserId'>,
  request: PythonRunRequest,
  limits: PythonSandboxLimits,
): Promise<PythonRunResult> {
  const directory = await mkdtemp(join(tmpdir(), 'platform-python-'));
  try {
    if (runUserId !== null) await chown(directory, runUserId, runUserId);
    const [command = 'python3', ...prefixArguments] = commandLine;
    const timeLimit = Math.min(request.timeLimitMs ?? limits.timeLimitMs, limits.timeLimitMs);
    const child = spawn(
      command,
      [
        ...prefixArguments,
        '-I',
        '-S',
        '-B',
        '-c',
        pythonBootstrapSource,
        String(limits.cpuSeconds),
        String(limits.memoryBytes),
        String(limits.fileBytes),
        String(limits.resultBytes),
      ],
      {
        cwd: directory,
        env: sandboxEnvironment(directory),
        detached: true,
        stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
      },
    );
    const stdout = new CappedOutput(limits.outputBytes);
    const stderr = new CappedOutput(limits.outputBytes);
    // A little over the limit so a result at the limit still parses.
    const result = new CappedOutput(limits.resultBytes + 1024);
    collect(child.stdout, stdout);
    collect(child.stderr, stderr);
    collect(child.stdio[3] as Readable | null, result);
    child.stdin?.on('error', () => {});
    child.stdin?.end(JSON.stringify({ code: request.code, input: request.input ?? null }));

    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, timeLimit);
    const ended = await new Promise<{ exitCode: number | null; signal: string | null }>((resolve, reject) => {
      child.on('error', reject);
      // Anything the script left behind in its group goes with it, so the pipes close.
      child.on('exit', () => killGroup(child.pid));
      child.on('close', (exitCode, signal) => resolve({ exitCode, signal }));
    }).finally(() => clearTimeout(timer));
    return {
      stdout: stdout.text(),
      stderr: stderr.text(),
      ...resultOf(result),
      exitCode: ended.exitCode,
      signal: ended.signal,
      timedOut,
    };
  } finally {
    await removeDirectory(directory);
  }
}
