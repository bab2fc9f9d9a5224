import { spawn } from 'node:child_process';
import { chown, mkdtemp, rm } from 'node:fs/promises';
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

/** `nobody`: a server running as root runs scripts as this user, so the OS denies what root could read. */
export const sandboxUserId = 65534;
const dropToSandboxUser = [
  'setpriv',
  `--reuid=${sandboxUserId}`,
  `--regid=${sandboxUserId}`,
  '--clear-groups',
  '--no-new-privs',
  '--',
];

export interface ProbedPython {
  availability: PythonAvailability;
  /** The command line before the interpreter's own arguments: isolation prefixes and the executable. */
  commandLine: string[];
  /** The user the script runs as when it is not the server's: its temp dir is given to that user. */
  runUserId: number | null;
}

interface Isolation {
  prefix: string[];
  networkIsolation: 'namespace' | 'audit-hook';
  runUserId: number | null;
}

/** The strongest first: a namespace and another user, then either, then the audit hook alone. */
function isolationCandidates(): Isolation[] {
  const isRoot = process.getuid?.() === 0;
  const users = isRoot ? [dropToSandboxUser, []] : [[]];
  const candidates: Isolation[] = [];
  for (const user of users) {
    for (const namespace of [...networkNamespacePrefixes, []]) {
      candidates.push({
        prefix: [...namespace, ...user],
        networkIsolation: namespace.length > 0 ? 'namespace' : 'audit-hook',
        runUserId: user.length > 0 ? sandboxUserId : null,
      });
    }
  }
  return candidates.sort((left, right) => rank(right) - rank(left));
}

function rank(isolation: Isolation): number {
  return (isolation.networkIsolation === 'namespace' ? 2 : 0) + (isolation.runUserId === null ? 0 : 1);
}

/**
 * Finds the interpreter (PLATFORM_PYTHON, else `python3` on PATH), resolves it to its real executable
 * (a pyenv shim needs the server's PATH and HOME; the runs get neither), then keeps the strongest
 * isolation that works here: an empty network namespace, and another user when the server is root (an
 * interpreter under /root cannot be run by it; Debian's /usr/bin/python3 can).
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
    for (const isolation of isolationCandidates()) {
      if (await works(isolation, probe.executable)) {
        return {
          availability: available(probe, isolation),
          commandLine: [...isolation.prefix, probe.executable],
          runUserId: isolation.runUserId,
        };
      }
    }
    return unavailable(`${described} does not start in the sandbox: ${pythonInstallHint}`);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** Whether the interpreter starts this way and can write in a temp dir given to the run's user. */
async function works(isolation: Isolation, executable: string): Promise<boolean> {
  const directory = await mkdtemp(join(tmpdir(), 'platform-python-probe-'));
  try {
    if (isolation.runUserId !== null) await chown(directory, isolation.runUserId, isolation.runUserId);
    const commandLine = [
      ...isolation.prefix,
      executable,
      '-I',
      '-S',
      '-B',
      '-c',
      'open("probe", "w").close()',
    ];
    const [program = executable, ...rest] = commandLine;
    const outcome = await runQuietly(program, rest, sandboxEnvironment(directory), directory);
    return outcome.exitCode === 0;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

function available(probe: { executable: string; version: string }, isolation: Isolation) {
  return {
    available: true as const,
    version: probe.version,
    executable: probe.executable,
    networkIsolation: isolation.networkIsolation,
    runsAsOtherUser: isolation.runUserId !== null,
  };
}

function unavailable(reason: string): ProbedPython {
  return { availability: { available: false, reason }, commandLine: [], runUserId: null };
}
