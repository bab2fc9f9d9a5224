import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));

export interface RunningServer {
  child: ChildProcess;
  output: () => string;
  managementUrl: string;
  chatUrl: string;
  adminKey: string | null;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

/**
 * Starts the real server process from the compiled build, as `npm start` does (the test run's global
 * set-up rebuilt it if a source changed), and waits for its start-up lines.
 */
export async function startServerProcess(environment: Record<string, string>): Promise<RunningServer> {
  const child = spawn(process.execPath, ['packages/server/dist/main.js'], {
    cwd: repositoryRoot,
    // The process under test uses its embedded store: DATABASE_URL of the test environment is cleared.
    env: {
      ...process.env,
      DATABASE_URL: '',
      PLATFORM_DATABASE_SCHEMA: '',
      PLATFORM_PORT: '0',
      PLATFORM_AI_PORT: '0',
      LOG_LEVEL: 'warn',
      ...environment,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  while (!/chat API:\s+\S+/.test(output)) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const managementUrl = /management and build API: (\S+)/.exec(output)?.[1];
  const chatUrl = /chat API:\s+(\S+)/.exec(output)?.[1];
  if (!managementUrl || !chatUrl) throw new Error(`unexpected start-up output:\n${output}`);
  return {
    child,
    output: () => output,
    managementUrl,
    chatUrl,
    adminKey: /admin API key \(shown once\): (sk-\S+)/.exec(output)?.[1] ?? null,
    exited,
  };
}
