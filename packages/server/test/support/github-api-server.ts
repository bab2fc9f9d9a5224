import { type KeyObject, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jwtVerify } from 'jose';

/**
 * A scripted GitHub REST API on loopback, speaking the shapes the platform's GitHub App uses: app
 * endpoints (`/app/installations...`) that verify the app JWT's RS256 signature with the app's public
 * key (a bad one is a 401, as GitHub answers), installation access tokens it mints and checks, the
 * installation's repositories and their branches, paged by `page`/`per_page` with Link headers.
 */
export interface ScriptedRepository {
  name: string;
  defaultBranch: string;
  branches: string[];
}

export interface ScriptedInstallation {
  id: number;
  login: string;
  repositories: ScriptedRepository[];
}

export interface GitHubApiServer {
  url: string;
  /** Access tokens minted, per installation id. */
  accessTokenRequests(installationId: number): number;
  /** Every token minted so far (to prove none reaches a log). */
  issuedTokens(): string[];
  /** True for an unexpired token of an installation that reaches `owner/repo`. */
  isTokenFor(token: string, owner: string, repo: string): boolean;
  /** App JWTs refused so far (bad signature, issuer or lifetime). */
  refusedJwts(): number;
  /** How long the next minted tokens live (GitHub: an hour). */
  setTokenLifetimeSeconds(seconds: number): void;
  close(): Promise<void>;
}

interface IssuedToken {
  installationId: number;
  expiresAt: number;
}

export async function startGitHubApiServer(options: {
  appId: string;
  publicKey: KeyObject;
  installations: ScriptedInstallation[];
  /** Where each repository's git smart-HTTP lives (its `clone_url`). */
  cloneUrlOf: (owner: string, name: string) => string;
}): Promise<GitHubApiServer> {
  const tokens = new Map<string, IssuedToken>();
  const mintCounts = new Map<number, number>();
  let refused = 0;
  let tokenLifetimeSeconds = 3600;
  let baseUrl = '';

  async function isAppJwt(request: IncomingMessage): Promise<boolean> {
    const jwt = bearerOf(request);
    try {
      const { payload } = await jwtVerify(jwt ?? '', options.publicKey, {
        issuer: options.appId,
        algorithms: ['RS256'],
      });
      // GitHub refuses a JWT meant to live more than 10 minutes.
      const now = Math.floor(Date.now() / 1000);
      if (payload.exp === undefined || payload.exp > now + 600) throw new Error('exp too far ahead');
      if (payload.iat === undefined || payload.iat > now + 60) throw new Error('iat in the future');
      return true;
    } catch {
      refused += 1;
      return false;
    }
  }

  function installationOf(request: IncomingMessage): ScriptedInstallation | null {
    const issued = tokens.get(bearerOf(request) ?? '');
    if (!issued || issued.expiresAt <= Date.now()) return null;
    return options.installations.find((installation) => installation.id === issued.installationId) ?? null;
  }

  function repositoryJson(installation: ScriptedInstallation, repository: ScriptedRepository) {
    const fullName = `${installation.login}/${repository.name}`;
    return {
      id: 1000 + installation.repositories.indexOf(repository),
      name: repository.name,
      full_name: fullName,
      private: true,
      owner: { login: installation.login, type: 'Organization' },
      html_url: `${baseUrl}/${fullName}`,
      clone_url: options.cloneUrlOf(installation.login, repository.name),
      default_branch: repository.defaultBranch,
    };
  }

  /** One page of `items` and the Link header GitHub would send with it. */
  function paged<Item>(url: URL, items: Item[], response: ServerResponse): Item[] {
    const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 30), 100);
    const page = Number(url.searchParams.get('page') ?? 1);
    const lastPage = Math.max(1, Math.ceil(items.length / perPage));
    const link = (target: number) => {
      const next = new URL(url.pathname, baseUrl);
      for (const [name, value] of url.searchParams) next.searchParams.set(name, value);
      next.searchParams.set('page', String(target));
      return next.toString();
    };
    const links = [];
    if (page < lastPage) links.push(`<${link(page + 1)}>; rel="next"`, `<${link(lastPage)}>; rel="last"`);
    if (page > 1) links.push(`<${link(1)}>; rel="first"`, `<${link(page - 1)}>; rel="prev"`);
    if (links.length > 0) response.setHeader('link', links.join(', '));
    return items.slice((page - 1) * perPage, page * perPage);
  }

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    };
    const notFound = () =>
      send(404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
    const path = url.pathname;
    if (path.startsWith('/app/')) {
      if (!(await isAppJwt(request))) {
        send(401, { message: 'A JSON web token could not be decoded' });
        return;
      }
      const match = /^\/app\/installations(?:\/(\d+)(\/access_tokens)?)?$/.exec(path);
      const installation = match?.[1]
        ? options.installations.find((candidate) => candidate.id === Number(match[1]))
        : undefined;
      if (match && !match[1] && request.method === 'GET') {
        const all = options.installations.map((entry) => ({
          id: entry.id,
          account: { login: entry.login, type: 'Organization' },
          app_id: Number(options.appId),
        }));
        send(200, paged(url, all, response));
      } else if (match?.[2] && installation && request.method === 'POST') {
        const token = `ghs_${randomBytes(18).toString('base64url')}`;
        const expiresAt = Date.now() + tokenLifetimeSeconds * 1000;
        tokens.set(token, { installationId: installation.id, expiresAt });
        mintCounts.set(installation.id, (mintCounts.get(installation.id) ?? 0) + 1);
        send(201, {
          token,
          expires_at: new Date(expiresAt).toISOString(),
          permissions: { contents: 'read' },
        });
      } else if (match?.[1] && !match[2] && installation && request.method === 'GET') {
        send(200, { id: installation.id, account: { login: installation.login, type: 'Organization' } });
      } else {
        notFound();
      }
      return;
    }
    const installation = installationOf(request);
    if (installation === null) {
      send(401, { message: 'Bad credentials' });
      return;
    }
    if (path === '/installation/repositories') {
      const repositories = installation.repositories.map((repository) =>
        repositoryJson(installation, repository),
      );
      const page = paged(url, repositories, response);
      send(200, { total_count: repositories.length, repository_selection: 'selected', repositories: page });
      return;
    }
    const match = /^\/repos\/([^/]+)\/([^/]+)(\/branches)?$/.exec(path);
    const repository =
      match && match[1] === installation.login
        ? installation.repositories.find((candidate) => candidate.name === match[2])
        : undefined;
    if (!match || !repository) {
      notFound();
      return;
    }
    if (match[3]) {
      const branches = repository.branches.map((name) => ({
        name,
        commit: { sha: '0'.repeat(40) },
        protected: false,
      }));
      send(200, paged(url, branches, response));
    } else {
      send(200, repositoryJson(installation, repository));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: baseUrl,
    accessTokenRequests: (installationId) => mintCounts.get(installationId) ?? 0,
    issuedTokens: () => [...tokens.keys()],
    isTokenFor(token, owner, repo) {
      const issued = tokens.get(token);
      if (!issued || issued.expiresAt <= Date.now()) return false;
      const installation = options.installations.find((candidate) => candidate.id === issued.installationId);
      return (
        installation?.login === owner &&
        installation.repositories.some((candidate) => candidate.name === repo)
      );
    },
    refusedJwts: () => refused,
    setTokenLifetimeSeconds(seconds) {
      tokenLifetimeSeconds = seconds;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function bearerOf(request: IncomingMessage): string | null {
  const header = request.headers.authorization ?? '';
  return header.startsWith('Bearer ') ? header.slice('Bearer '.length) : null;
}
