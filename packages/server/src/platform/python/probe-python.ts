import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type PythonAvailability, pythonInstallHint } from './python-sandbox.js';

/** The only variables a sandboxed process gets: nothing of the server's own environment. */
export function sandboxEnvironment(directory: string): NodeJS.ProcessEnv {
  return {
    PATH: '/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin',
    HOME: directory,
    TMPDIR: directory,
    LANG: 'C.UTF-8',
    LC_ALL: 'C.UTF-8',
  };
}

const probeTimeoutMilliseconds = 10_000;
const versionProgram =
  'import json, sys; print(json.dumps({"executable": sys.executable, "version": sys.version.split()[0], "ok": sys.version_info >= (3, 8)}))';

interface Outcome {
  exitCode: number | null;
  stdout: string;
  error: string | null;
}

function runQuietly(command: string, args: string[], environment: NodeJS.ProcessEnv, cwd: string) {
  return new Promise<Outcome>((resolve) => {
    const child = spawn(command, args, { cwd, env: environment, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), probeTimeoutMilliseconds);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ exitCode: null, stdout, error: error.message });
    });
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      resolve({ exitCode, stdout, error: exitCode === 0 ? null : stderr.trim().slice(-500) || 'no output' });
    });
  });
}

/** Ways to give a run its own empty network namespace, tried in order; the first that works is kept. */
const networkNamespacePrefixes = [
  ['unshare', '--net', '--'],
  ['unshare', '--net', '--map-root-user', '--'],
];

export interface ProbedPython {
  availability: PythonAvailability;
  /** The command line before the interpreter's own arguments: a namespace prefix and the executable. */
  commandLine: string[];
}

/**
 * Finds the interpreter (PLATFORM_PYTHON, else `python3` on PATH), resolves it to its real executable
 * (a pyenv shim needs the server's PATH and HOME; the runs get neither), and checks whether an empty
 * network namespace can be entered here.
 */
export async function probePython(command: string | null): Promise<ProbedPython> {
  const directory = await mkdtemp(join(tmpdir(), 'platform-python-probe-'));
  try {
    const lookupEnvironment = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? directory,
    };
    const found = await runQuietly(
      command ?? 'python3',
      ['-I', '-S', '-B', '-c', versionProgram],
      lookupEnvironment,
      directory,
    );
    const described = command === null ? '`python3` on PATH' : `PLATFORM_PYTHON (${command})`;
    if (found.error !== null) {
      return unavailable(`${described} does not run (${found.error}): ${pythonInstallHint}`);
    }
    let probe: { executable: string; version: string; ok: boolean };
    try {
      probe = JSON.parse(found.stdout);
    } catch {
      return unavailable(`${described} printed no version: ${pythonInstallHint}`);
    }
    if (!probe.ok || !probe.executable) {
      return unavailable(
        `${described} is Python ${probe.version}; reports need 3.8 or newer: ${pythonInstallHint}`,
      );
    }
    for (const prefix of networkNamespacePrefixes) {
      const [program = 'unshare', ...rest] = prefix;
      const entered = await runQuietly(
        program,
        [...rest, probe.executable, '-I', '-S', '-B', '-c', 'pass'],
        sandboxEnvironment(directory),
        directory,
      );
      if (entered.exitCode === 0) {
        return {
          availability: available(probe, 'namespace'),
          commandLine: [...prefix, probe.executable],
        };
      }
    }
    return { availability: available(probe, 'audit-hook'), commandLine: [probe.executable] };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

function available(
  probe: { executable: string; version: string },
  networkIsolation: 'namespace' | 'audit-hook',
) {
  return {
    available: true as const,
    version: probe.version,
    executable: probe.executable,
    networkIsolation,
  };
}

function unavailable(reason: string): ProbedPython {
  return { availability: { available: false, reason }, commandLine: [] };
}
