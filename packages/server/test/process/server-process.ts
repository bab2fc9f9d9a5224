import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ProcessRole } from '../../src/config.js';

const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** A compiled server process started with a role; a URL is null when its role opens no such listener. */
export interface RoleProcess {
  role: ProcessRole;
  child: ChildProcess;
  output: () => string;
  managementUrl: string | null;
  chatUrl: string | null;
  /** The worker's listener, which answers only /healthz and /readyz. */
  healthUrl: string | null;
  adminKey: string | null;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

/** A process of role `all`: both listeners. */
export interface RunningServer extends RoleProcess {
  managementUrl: string;
  chatUrl: string;
}

const managementLine = /management and build API: (\S+)/;
const chatLine = /chat API:\s+(\S+)/;
const healthLine = /health probes: (\S+)\/healthz/;

// main.ts prints one line per listener the role opens; the process is up once all of its lines are out.
const startupLines: Record<ProcessRole, RegExp[]> = {
  all: [managementLine, chatLine],
  api: [managementLine],
  ai: [chatLine],
  worker: [healthLine],
};

/**
 * Starts the real server process from the compiled build, as `npm start -- --role <role>` does (the test
 * run's global set-up rebuilt it if a source changed), and waits for its role's start-up lines. Processes
 * given the same DATABASE_URL, schema, REDIS_URL, data directory and secret key form one installation.
 */
export async function startRoleProcess(
  role: ProcessRole,
  environment: Record<string, string>,
): Promise<RoleProcess> {
  const child = spawn(process.execPath, ['packages/server/dist/main.js', '--role', role], {
    cwd: repositoryRoot,
    // The process under test uses its embedded store: DATABASE_URL of the test environment is cleared.
    env: {
      ...process.env,
      DATABASE_URL: '',
      PLATFORM_DATABASE_SCHEMA: '',
      PLATFORM_ROLE: '',
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
  while (!startupLines[role].every((line) => line.test(output))) {
    if (child.exitCode !== null) throw new Error(`${role} process exited early:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${role} process did not start in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    role,
    child,
    output: () => output,
    managementUrl: managementLine.exec(output)?.[1] ?? null,
    chatUrl: chatLine.exec(output)?.[1] ?? null,
    healthUrl: healthLine.exec(output)?.[1] ?? null,
    adminKey: /admin API key \(shown once\): (sk-\S+)/.exec(output)?.[1] ?? null,
    exited,
  };
}

/** A process of the default role `all`, with both listeners. */
export async function startServerProcess(environment: Record<string, string>): Promise<RunningServer> {
  const server = await startRoleProcess('all', environment);
  const { managementUrl, chatUrl } = server;
  if (!managementUrl || !chatUrl) throw new Error(`unexpected start-up output:\n${server.output()}`);
  return { ...server, managementUrl, chatUrl };
}

/** SIGTERM, and SIGKILL when the process has not stopped 15 s later; nothing when it has already ended. */
export async function stopServerProcess(server: RoleProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
  await server.exited;
  clearTimeout(timer);
}
