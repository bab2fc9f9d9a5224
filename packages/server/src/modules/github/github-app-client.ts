import { createPrivateKey, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import type { GitHubAppConfig } from '../../config.js';
import { AppError } from '../../errors/app-error.js';

// GitHub refuses an app JWT whose exp is more than 10 minutes ahead; its iat is backdated a minute
// against clock drift, as GitHub advises.
const jwtBackdateSeconds = 60;
const jwtLifetimeSeconds = 9 * 60;
/** An installation token is minted again once less than this is left of its hour. */
const tokenRenewalMarginMilliseconds = 5 * 60_000;
const requestTimeoutMilliseconds = 15_000;

/** One page of a GitHub list: its items and whether the Link header names a next page. */
export interface GitHubPage<Body> {
  body: Body;
  hasNextPage: boolean;
}

interface CachedToken {
  token: string;
  expiresAt: number;
}

/**
 * The platform's GitHub App against the REST API: app JWTs (RS256, signed with the app's private key)
 * and installation access tokens, cached per installation until shortly before they expire. Neither the
 * key nor a token is ever logged or returned by the API.
 */
export class GitHubAppClient {
  private readonly tokens = new Map<string, CachedToken>();
  private readonly minting = new Map<string, Promise<CachedToken>>();
  private signingKey: KeyObject | null = null;

  constructor(
    private readonly settings: GitHubAppConfig & { appId: string; privateKey: string },
    private readonly now: () => number = Date.now,
  ) {}

  /** A GET as the app itself (its JWT): `/app/installations`, `/app/installations/{id}`. */
  asApp<Body>(path: string, query: Record<string, string> = {}): Promise<GitHubPage<Body>> {
    return this.appJwt().then((jwt) => this.get<Body>(path, query, jwt));
  }

  /** A GET as one installation (its access token): its repositories and their branches. */
  async asInstallation<Body>(
    installationId: string,
    path: string,
    query: Record<string, string> = {},
  ): Promise<GitHubPage<Body>> {
    return this.get<Body>(path, query, await this.installationToken(installationId));
  }

  /** A valid installation access token: the cached one, or a new one when it is near its expiry. */
  async installationToken(installationId: string): Promise<string> {
    const cached = this.tokens.get(installationId);
    if (cached && cached.expiresAt - tokenRenewalMarginMilliseconds > this.now()) return cached.token;
    // Requests arriving together share one mint.
    let pending = this.minting.get(installationId);
    if (!pending) {
      pending = this.mintToken(installationId).finally(() => this.minting.delete(installationId));
      this.minting.set(installationId, pending);
    }
    return (await pending).token;
  }

  private async mintToken(installationId: string): Promise<CachedToken> {
    const answer = await this.send(
      'POST',
      `/app/installations/${encodeURIComponent(installationId)}/access_tokens`,
      {},
      await this.appJwt(),
    );
    const body = (await answer.json()) as { token?: unknown; expires_at?: unknown };
    const expiresAt = typeof body.expires_at === 'string' ? Date.parse(body.expires_at) : Number.NaN;
    if (typeof body.token !== 'string' || Number.isNaN(expiresAt)) {
      throw new AppError('BAD_GATEWAY', 'GitHub answered an installation token request without a token');
    }
    const minted = { token: body.token, expiresAt };
    this.tokens.set(installationId, minted);
    return minted;
  }

  private async appJwt(): Promise<string> {
    const issuedAt = Math.floor(this.now() / 1000) - jwtBackdateSeconds;
    return new SignJWT({})
      .setProtectedHeader({ alg: 'RS256' })
      .setIssuer(this.settings.appId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + jwtBackdateSeconds + jwtLifetimeSeconds)
      .sign(this.key());
  }

  /** GitHub hands out PKCS#1 keys (`BEGIN RSA PRIVATE KEY`); node reads those and PKCS#8 alike. */
  private key(): KeyObject {
    if (this.signingKey === null) {
      try {
        this.signingKey = createPrivateKey(this.settings.privateKey);
      } catch {
        throw new AppError(
          'CONFLICT',
          'PLATFORM_GITHUB_APP_PRIVATE_KEY is not a PEM private key: paste the .pem file GitHub gave for the app',
        );
      }
    }
    return this.signingKey;
  }

  private async get<Body>(path: string, query: Record<string, string>, credential: string) {
    const answer = await this.send('GET', path, query, credential);
    return {
      body: (await answer.json()) as Body,
      hasNextPage: /<[^>]*>;\s*rel="next"/.test(answer.headers.get('link') ?? ''),
    };
  }

  private async send(
    method: 'GET' | 'POST',
    path: string,
    query: Record<string, string>,
    credential: string,
  ) {
    const url = new URL(`${this.settings.apiUrl}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    let answer: Response;
    try {
      answer = await fetch(url, {
        method,
        headers: {
          accept: 'application/vnd.github+json',
          authorization: `Bearer ${credential}`,
          'x-github-api-version': '2022-11-28',
          'user-agent': 'platform',
        },
        redirect: 'error',
        signal: AbortSignal.timeout(requestTimeoutMilliseconds),
      });
    } catch {
      throw new AppError('BAD_GATEWAY', `GitHub (${this.settings.apiUrl}) could not be reached`);
    }
    if (answer.ok) return answer;
    await answer.body?.cancel();
    if (answer.status === 404) throw new AppError('NOT_FOUND', `GitHub has no ${path} for this app`);
    if (answer.status === 401) {
      throw new AppError(
        'BAD_GATEWAY',
        'GitHub refused the app credentials: check PLATFORM_GITHUB_APP_ID and PLATFORM_GITHUB_APP_PRIVATE_KEY',
      );
    }
    throw new AppError('BAD_GATEWAY', `GitHub answered ${method} ${path} with HTTP ${answer.status}`);
  }
}
