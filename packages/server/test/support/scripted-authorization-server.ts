import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An authorization code as issued: bound to its client, redirect URI and PKCE challenge (RFC 7636 4.4). */
interface IssuedCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  scope: string;
  issuedAt: number;
  isUsed: boolean;
}

interface IssuedRefreshToken {
  clientId: string;
  scope: string;
  isRevoked: boolean;
}

export interface ScriptedAuthorizationServerOptions {
  clientId: string;
  clientSecret: string;
}

/** What the token endpoint refused and why, for tests to assert on. */
export interface TokenRefusal {
  error: string;
  description: string;
}

const codeLifetimeMilliseconds = 60_000;

function randomToken(prefix: string): string {
  return `${prefix}-${randomBytes(24).toString('base64url')}`;
}

async function formOf(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, {
    'content-type': 'application/json',
    'cache-control': 'no-store',
    ...headers,
  });
  response.end(JSON.stringify(body));
}

/**
 * A local OAuth 2.0 authorization server speaking the protocol for real (RFC 6749 authorization code and
 * refresh grants, RFC 7636 S256 PKCE, RFC 7009 revocation, client_secret_basic and client_secret_post).
 * `/authorize` approves at once (the user "consents") and redirects back with a code; tests move its
 * clock, make it deny, or forget refresh tokens to script the failures a real provider has.
 */
export class ScriptedAuthorizationServer {
  private server: Server | null = null;
  private readonly codes = new Map<string, IssuedCode>();
  private readonly refreshTokens = new Map<string, IssuedRefreshToken>();
  private readonly accessTokens = new Set<string>();
  private clockOffsetMilliseconds = 0;
  /** The next /authorize answers `error=access_denied`, as when the user refuses. */
  denyNextAuthorization = false;
  /** `expires_in` of the access tokens it issues from now on. */
  accessTokenLifetimeSeconds = 3600;
  readonly refusals: TokenRefusal[] = [];
  readonly revokedTokens: Array<{ token: string; hint: string | null }> = [];
  /** Every access and refresh token it issued, to look for them where they must not be. */
  readonly issuedTokens: string[] = [];
  tokenRequestCount = 0;
  baseUrl = '';

  constructor(private readonly options: ScriptedAuthorizationServerOptions) {}

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        sendJson(response, 500, { error: 'server_error', error_description: String(error) });
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Moves the server's clock forward: its codes age (they live a minute). */
  advanceClock(milliseconds: number): void {
    this.clockOffsetMilliseconds += milliseconds;
  }

  /** Revokes every refresh token, as a provider does when the user removes the app's access. */
  forgetRefreshTokens(): void {
    for (const token of this.refreshTokens.values()) token.isRevoked = true;
  }

  isRefreshTokenValid(token: string): boolean {
    const issued = this.refreshTokens.get(token);
    return issued !== undefined && !issued.isRevoked;
  }

  private now(): number {
    return Date.now() + this.clockOffsetMilliseconds;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.baseUrl);
    if (request.method === 'GET' && url.pathname === '/authorize') return this.authorize(url, response);
    if (request.method === 'POST' && url.pathname === '/token') return this.token(request, response);
    if (request.method === 'POST' && url.pathname === '/revoke') return this.revoke(request, response);
    sendJson(response, 404, { error: 'not_found' });
  }

  /** RFC 6749 4.1.1 and 4.1.2; an invalid client or redirect URI is shown to the user, never redirected. */
  private authorize(url: URL, response: ServerResponse): void {
    const parameter = (name: string) => url.searchParams.get(name) ?? '';
    const redirectUri = parameter('redirect_uri');
    if (parameter('client_id') !== this.options.clientId || !/^https?:\/\//.test(redirectUri)) {
      response.writeHead(400, { 'content-type': 'text/plain' });
      response.end('unknown client or redirect_uri');
      return;
    }
    const back = new URL(redirectUri);
    back.searchParams.set('state', parameter('state'));
    if (this.denyNextAuthorization) {
      this.denyNextAuthorization = false;
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'the user refused');
    } else if (
      parameter('response_type') !== 'code' ||
      parameter('code_challenge_method') !== 'S256' ||
      parameter('code_challenge').length < 43
    ) {
      back.searchParams.set('error', 'invalid_request');
      back.searchParams.set('error_description', 'code, with an S256 code_challenge, is required');
    } else {
      const code = randomToken('code');
      this.codes.set(code, {
        clientId: this.options.clientId,
        redirectUri,
        codeChallenge: parameter('code_challenge'),
        scope: parameter('scope'),
        issuedAt: this.now(),
        isUsed: false,
      });
      back.searchParams.set('code', code);
    }
    response.writeHead(302, { location: back.toString() });
    response.end();
  }

  /** RFC 6749 2.3.1: Basic (form-encoded id and secret) or both in the body, never both ways. */
  private clientOf(request: IncomingMessage, form: URLSearchParams): string | null {
    const authorization = request.headers.authorization;
    let clientId: string | null = null;
    let clientSecret: string | null = null;
    if (authorization?.startsWith('Basic ')) {
      if (form.has('client_secret')) return null;
      const decoded = Buffer.from(authorization.slice(6), 'base64').toString('utf8');
      const separator = decoded.indexOf(':');
      clientId = decodeURIComponent(decoded.slice(0, separator).replace(/\+/g, ' '));
      clientSecret = decodeURIComponent(decoded.slice(separator + 1).replace(/\+/g, ' '));
    } else {
      clientId = form.get('client_id');
      clientSecret = form.get('client_secret');
    }
    return clientId === this.options.clientId && clientSecret === this.options.clientSecret ? clientId : null;
  }

  private refuse(response: ServerResponse, error: string, description: string): void {
    this.refusals.push({ error, description });
    sendJson(response, 400, { error, error_description: description });
  }

  private issueTokens(
    response: ServerResponse,
    clientId: string,
    scope: string,
    refreshToken?: string,
  ): void {
    const accessToken = randomToken('access');
    const nextRefreshToken = refreshToken ?? randomToken('refresh');
    this.accessTokens.add(accessToken);
    this.refreshTokens.set(nextRefreshToken, { clientId, scope, isRevoked: false });
    this.issuedTokens.push(accessToken, nextRefreshToken);
    sendJson(response, 200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: this.accessTokenLifetimeSeconds,
      refresh_token: nextRefreshToken,
      scope,
    });
  }

  private async token(request: IncomingMessage, response: ServerResponse): Promise<void> {
    this.tokenRequestCount += 1;
    const form = await formOf(request);
    const clientId = this.clientOf(request, form);
    if (!clientId) {
      this.refusals.push({ error: 'invalid_client', description: 'unknown client or wrong secret' });
      sendJson(response, 401, { error: 'invalid_client' }, { 'www-authenticate': 'Basic realm="scripted"' });
      return;
    }
    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') return this.exchangeCode(form, clientId, response);
    if (grantType === 'refresh_token') {
      const token = form.get('refresh_token') ?? '';
      const issued = this.refreshTokens.get(token);
      if (!issued || issued.isRevoked || issued.clientId !== clientId) {
        return this.refuse(response, 'invalid_grant', 'the refresh token is unknown or revoked');
      }
      // Rotation: the old refresh token stops working once a new one is issued.
      issued.isRevoked = true;
      return this.issueTokens(response, clientId, issued.scope);
    }
    this.refuse(response, 'unsupported_grant_type', `grant_type ${grantType} is not supported`);
  }

  /** RFC 6749 4.1.3 with the PKCE check of RFC 7636 4.6. */
  private exchangeCode(form: URLSearchParams, clientId: string, response: ServerResponse): void {
    const issued = this.codes.get(form.get('code') ?? '');
    const refusal = this.refusalOfCode(issued, form, clientId);
    if (refusal || !issued) this.refuse(response, 'invalid_grant', refusal ?? 'the code is unknown');
    else this.issueTokens(response, clientId, issued.scope);
  }

  /** Why the code cannot be exchanged, or null; a code is spent by its first exchange, good or bad. */
  private refusalOfCode(
    issued: IssuedCode | undefined,
    form: URLSearchParams,
    clientId: string,
  ): string | null {
    if (!issued || issued.clientId !== clientId) return 'the code is unknown';
    if (issued.isUsed) return 'the code was already used';
    issued.isUsed = true;
    if (this.now() - issued.issuedAt > codeLifetimeMilliseconds) return 'the code has expired';
    if (form.get('redirect_uri') !== issued.redirectUri) {
      return 'redirect_uri differs from the authorization request';
    }
    const challenge = createHash('sha256')
      .update(form.get('code_verifier') ?? '', 'ascii')
      .digest('base64url');
    if (challenge !== issued.codeChallenge) return 'the code_verifier does not match the code_challenge';
    return null;
  }

  /** RFC 7009 2.1/2.2: an unknown token is no error; a refresh token's grant ends with it. */
  private async revoke(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const form = await formOf(request);
    if (!this.clientOf(request, form)) {
      sendJson(response, 401, { error: 'invalid_client' }, { 'www-authenticate': 'Basic realm="scripted"' });
      return;
    }
    const token = form.get('token') ?? '';
    this.revokedTokens.push({ token, hint: form.get('token_type_hint') });
    const refresh = this.refreshTokens.get(token);
    if (refresh) refresh.isRevoked = true;
    this.accessTokens.delete(token);
    response.writeHead(200);
    response.end();
  }
}
