import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const platformBin = join(repositoryRoot, 'packages/cli/bin/platform.mjs');
const serverMain = join(repositoryRoot, 'packages/server/src/main.ts');

export interface RunningServer {
  apiUrl: string;
  /** The Chat API listener. */
  chatUrl: string;
  adminKey: string;
  stop(): Promise<void>;
}

export interface PlatformResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** Variables of the developer's shell that would point the CLI elsewhere than the test server. */
const inheritedCliVariables = [
  'PLATFORM_API_URL',
  'PLATFORM_API_KEY',
  'PLATFORM_AUTH_SCHEME',
  'PLATFORM_CONFIG_DIR',
  'PLATFORM_CHAT_URL',
  'PLATFORM_AGENT_KEY',
];

function cleanEnvironment(): NodeJS.ProcessEnv {
  const environment = { ...process.env };
  for (const name of inheritedCliVariables) delete environment[name];
  return environment;
}

function waitForExit(child: ChildProcess, timeoutMilliseconds: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, timeoutMilliseconds);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Starts the real server process on ephemeral ports with a fresh data directory, and reads its URL and
 * the bootstrap admin key from the lines it prints.
 */
export async function startServer(environment: Record<string, string> = {}): Promise<RunningServer> {
  const dataDirectory = await mkdtemp(join(tmpdir(), 'platform-cli-e2e-data-'));
  const child = spawn(process.execPath, ['--import', 'tsx', serverMain], {
    cwd: repositoryRoot,
    env: {
      ...cleanEnvironment(),
      // The embedded store: a PostgreSQL from the test environment would be shared with other suites.
      DATABASE_URL: '',
      PLATFORM_DATABASE_SCHEMA: '',
      PLATFORM_PORT: '0',
      PLATFORM_AI_PORT: '0',
      PLATFORM_DATA_DIR: dataDirectory,
      LOG_LEVEL: 'warn',
      ...environment,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const started = await new Promise<{ apiUrl: string; chatUrl: string; adminKey: string }>(
    (resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`server did not start in time:\n${stdout}\n${stderr}`)),
        110_000,
      );
      child.stdout?.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const apiUrl = /management and build API: (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)?.[1];
        const chatUrl = /chat API:\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)?.[1];
        const adminKey = /admin API key \(shown once\): (sk-\S+)/.exec(stdout)?.[1];
        if (apiUrl && chatUrl && adminKey) {
          clearTimeout(timer);
          resolve({ apiUrl, chatUrl, adminKey });
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`server exited with ${code} before it was ready:\n${stdout}\n${stderr}`));
      });
    },
  );
  return {
    ...started,
    async stop() {
      child.kill('SIGTERM');
      await waitForExit(child, 15_000);
      await rm(dataDirectory, { recursive: true, force: true });
    },
  };
}

/** A config directory of its own, so a test never reads or writes the developer's ~/.config/platform. */
export async function temporaryConfigDirectory(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'platform-cli-e2e-config-'));
}

/** Runs the real `platform` binary as a child process and collects what it printed. */
export function runPlatform(
  args: readonly string[],
  environment: Record<string, string> = {},
  /** Written to the command's stdin, which is then closed; without it stdin is not connected. */
  input?: string,
  /** Told the stderr so far each time more arrives, for a test that answers the command while it runs. */
  onStderr?: (stderr: string) => void,
): Promise<PlatformResult> {
  return new Promise((resolve, reject) => {
    // The bundle the test run made of the sources under test (cli-bundle.global-setup.ts) starts in a
    // fraction of the time tsx takes; without it, the sources. Never a bundle left in dist/ by `npm pack`.
    const bundle = process.env.PLATFORM_CLI_TEST_BUNDLE;
    const child = spawn(process.execPath, [bundle || platformBin, ...args], {
      cwd: repositoryRoot,
      env: { ...cleanEnvironment(), PLATFORM_CLI_FROM_SOURCE: '1', ...environment },
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    if (input !== undefined) child.stdin?.end(input);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      onStderr?.(stderr);
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ exitCode: code ?? -1, stdout, stderr }));
  });
}

/** Parses stdout as JSON, with the output in the failure message when it is not. */
export function jsonOf<Value>(result: PlatformResult): Value {
  try {
    return JSON.parse(result.stdout) as Value;
  } catch {
    throw new Error(`stdout is not JSON (exit ${result.exitCode}):\n${result.stdout}\n${result.stderr}`);
  }
}
