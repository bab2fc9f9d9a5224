import { execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A real git smart-HTTP server on loopback: git's own `git-http-backend` run as a CGI program behind a
 * node HTTP server, serving bare repositories from a temp folder. Tests talk to it exactly as to GitHub.
 */
export interface GitHttpServer {
  /** `http://127.0.0.1:<port>`; a repository is at `${baseUrl}/<name>.git`. */
  baseUrl: string;
  rootDirectory: string;
  /** Creates a bare repository that accepts pushes; returns its directory. */
  createRepository(name: string): Promise<string>;
  repositoryUrl(name: string): string;
  close(): Promise<void>;
}

export const gitHttpBackend = '/usr/lib/git-core/git-http-backend';

/** Environment for the git command line in tests: no user or system configuration, a fixed identity. */
export function gitEnvironment(home: string): NodeJS.ProcessEnv {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('GIT_')),
  );
  return {
    ...inherited,
    HOME: home,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    GIT_AUTHOR_NAME: 'Remote Author',
    GIT_AUTHOR_EMAIL: 'remote@example.com',
    GIT_COMMITTER_NAME: 'Remote Author',
    GIT_COMMITTER_EMAIL: 'remote@example.com',
    LC_ALL: 'C',
  };
}

/** Runs the git command line and returns its trimmed standard output; rejects with its error output. */
export function runGit(args: string[], options: { cwd?: string; home?: string } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const environment = gitEnvironment(options.home ?? tmpdir());
    execFile('git', args, { cwd: options.cwd, env: environment }, (error, stdout, stderr) => {
      if (error) reject(new Error(`git ${args.join(' ')} failed: ${stderr || error.message}`));
      else resolve(stdout.trim());
    });
  });
}

/** Fixed Basic credentials, or a check of each request's user and password (e.g. a minted token). */
export type GitHttpCredentials =
  | { username: string; password: string }
  | ((username: string, password: string) => boolean);

export async function startGitHttpServer(
  options: { credentials?: GitHttpCredentials } = {},
): Promise<GitHttpServer> {
  const rootDirectory = await mkdtemp(join(tmpdir(), 'git-http-server-'));
  const server = createServer((request, response) => {
    const user = authenticatedUser(request, options.credentials);
    if (user === null) {
      response.writeHead(401, { 'WWW-Authenticate': 'Basic realm="git"' }).end('authentication required');
      return;
    }
    runBackend(request, response, rootDirectory, user);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    rootDirectory,
    repositoryUrl: (name) => `${baseUrl}/${name}.git`,
    async createRepository(name) {
      const directory = join(rootDirectory, `${name}.git`);
      await mkdir(directory, { recursive: true });
      await runGit(['init', '--bare', '--initial-branch=main', directory]);
      await runGit(['--git-dir', directory, 'config', 'http.receivepack', 'true']);
      return directory;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(rootDirectory, { recursive: true, force: true });
    },
  };
}

/** The user name when the request may pass: anyone without configured credentials, else a Basic match. */
function authenticatedUser(
  request: IncomingMessage,
  credentials: GitHttpCredentials | undefined,
): string | null {
  if (credentials === undefined) return 'anonymous';
  const header = request.headers.authorization ?? '';
  if (!header.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice('Basic '.length), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon === -1) return null;
  const username = decoded.slice(0, colon);
  const password = decoded.slice(colon + 1);
  if (typeof credentials === 'function') return credentials(username, password) ? username : null;
  return username === credentials.username && password === credentials.password ? username : null;
}

/** Hands the request to git-http-backend as CGI and copies its answer (CGI headers, then body) back. */
function runBackend(request: IncomingMessage, response: ServerResponse, rootDirectory: string, user: string) {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const environment: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    GIT_PROJECT_ROOT: rootDirectory,
    GIT_HTTP_EXPORT_ALL: '1',
    GIT_CONFIG_NOSYSTEM: '1',
    HOME: rootDirectory,
    REQUEST_METHOD: request.method ?? 'GET',
    PATH_INFO: decodeURIComponent(url.pathname),
    QUERY_STRING: url.search.replace(/^\?/, ''),
    CONTENT_TYPE: request.headers['content-type'] ?? '',
    REMOTE_USER: user,
    REMOTE_ADDR: request.socket.remoteAddress ?? '127.0.0.1',
    SERVER_PROTOCOL: 'HTTP/1.1',
  };
  if (request.headers['content-length']) environment.CONTENT_LENGTH = request.headers['content-length'];
  if (request.headers['content-encoding'])
    environment.HTTP_CONTENT_ENCODING = request.headers['content-encoding'];
  if (request.headers['git-protocol']) environment.GIT_PROTOCOL = String(request.headers['git-protocol']);
  const backend = spawn(gitHttpBackend, [], { env: environment });
  request.pipe(backend.stdin);
  let pending = Buffer.alloc(0);
  let isHeaderDone = false;
  backend.stdout.on('data', (chunk: Buffer) => {
    if (isHeaderDone) {
      response.write(chunk);
      return;
    }
    pending = Buffer.concat([pending, chunk]);
    const end = headerEnd(pending);
    if (end === null) return;
    isHeaderDone = true;
    writeCgiHeaders(response, pending.subarray(0, end.index).toString('latin1'));
    response.write(pending.subarray(end.index + end.length));
  });
  backend.on('error', (error) => {
    if (!response.headersSent) response.writeHead(500);
    response.end(String(error));
  });
  backend.on('close', () => {
    if (!response.headersSent) response.writeHead(502);
    response.end();
  });
}

function headerEnd(buffer: Buffer): { index: number; length: number } | null {
  const crlf = buffer.indexOf('\r\n\r\n');
  const lf = buffer.indexOf('\n\n');
  if (crlf !== -1 && (lf === -1 || crlf < lf)) return { index: crlf, length: 4 };
  return lf === -1 ? null : { index: lf, length: 2 };
}

function writeCgiHeaders(response: ServerResponse, text: string) {
  let status = 200;
  const headers: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon === -1) continue;
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    // CGI carries the HTTP status as a `Status: 404 Not Found` header.
    if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10);
    else headers[name] = value;
  }
  response.writeHead(status, headers);
}
