import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';

/** Who is signed in at the provider when a browser reaches its /authorize. */
export interface ProviderPerson {
  subject: string;
  email: string;
  emailVerified: boolean;
  name?: string;
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  nonce: string | null;
  person: ProviderPerson;
  expiresAt: number;
}

/**
 * A scripted OpenID Connect provider speaking the real protocol over HTTP: discovery, JWKS, /authorize
 * issuing single-use codes bound to the PKCE challenge, and /token checking client authentication and
 * the code verifier, answering an RS256 ID token. Tests steer the signed-in person, and can make it lie
 * (a wrong nonce, a token signed by a key it does not publish) to see the relying party refuse.
 */
export interface OpenIdProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  person: ProviderPerson;
  /** What the next ID tokens get wrong, if anything. */
  lie: { nonce?: string; unpublishedKey?: boolean };
  /** Codes issued so far expire now (the code's lifetime passing). */
  expireCodes(): void;
  tokenRequests: number;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

export async function startOpenIdProvider(): Promise<OpenIdProvider> {
  const signingKey = await generateKeyPair('RS256');
  const strayKey = await generateKeyPair('RS256');
  const publicJwk: JWK = {
    ...(await exportJWK(signingKey.publicKey)),
    kid: 'provider-key',
    alg: 'RS256',
    use: 'sig',
  };
  const codes = new Map<string, IssuedCode>();
  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => sendJson(response, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider: OpenIdProvider = {
    issuer,
    clientId: 'platform-web',
    clientSecret: `secret-${randomBytes(8).toString('hex')}`,
    person: { subject: 'person-1', email: 'person@example.com', emailVerified: true },
    lie: {},
    expireCodes() {
      for (const code of codes.values()) code.expiresAt = 0;
    },
    tokenRequests: 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', issuer);
    if (request.method === 'GET' && url.pathname === '/.well-known/openid-configuration') {
      return sendJson(response, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      });
    }
    if (request.method === 'GET' && url.pathname === '/jwks')
      return sendJson(response, 200, { keys: [publicJwk] });
    if (request.method === 'GET' && url.pathname === '/authorize') return authorize(url, response);
    if (request.method === 'POST' && url.pathname === '/token') return token(request, response);
    sendJson(response, 404, { error: 'not_found' });
  }

  function authorize(url: URL, response: ServerResponse): void {
    const parameters = url.searchParams;
    const redirectUri = parameters.get('redirect_uri') ?? '';
    if (
      parameters.get('client_id') !== provider.clientId ||
      parameters.get('response_type') !== 'code' ||
      parameters.get('code_challenge_method') !== 'S256' ||
      !parameters.get('code_challenge') ||
      !parameters.get('scope')?.split(' ').includes('openid') ||
      !redirectUri
    ) {
      sendJson(response, 400, { error: 'invalid_request' });
      return;
    }
    const code = randomBytes(16).toString('hex');
    codes.set(code, {
      clientId: provider.clientId,
      redirectUri,
      codeChallenge: parameters.get('code_challenge') ?? '',
      nonce: parameters.get('nonce'),
      person: { ...provider.person },
      expiresAt: Date.now() + 60_000,
    });
    const target = new URL(redirectUri);
    target.searchParams.set('code', code);
    const state = parameters.get('state');
    if (state !== null) target.searchParams.set('state', state);
    response.writeHead(302, { location: target.href });
    response.end();
  }

  async function token(request: IncomingMessage, response: ServerResponse): Promise<void> {
    provider.tokenRequests += 1;
    const form = new URLSearchParams(await readBody(request));
    const basic = request.headers.authorization?.match(/^Basic (.+)$/)?.[1];
    const [basicId, basicSecret] = basic
      ? Buffer.from(basic, 'base64').toString('utf8').split(':').map(decodeURIComponent)
      : [form.get('client_id'), form.get('client_secret')];
    if (basicId !== provider.clientId || basicSecret !== provider.clientSecret)
      return sendJson(response, 401, { error: 'invalid_client' });
    if (form.get('grant_type') !== 'authorization_code')
      return sendJson(response, 400, { error: 'unsupported_grant_type' });
    const code = codes.get(form.get('code') ?? '');
    codes.delete(form.get('code') ?? '');
    if (!code || code.expiresAt <= Date.now())
      return sendJson(response, 400, {
        error: 'invalid_grant',
        error_description: 'unknown or expired code',
      });
    const challenge = createHash('sha256')
      .update(form.get('code_verifier') ?? '')
      .digest('base64url');
    if (challenge !== code.codeChallenge || form.get('redirect_uri') !== code.redirectUri)
      return sendJson(response, 400, {
        error: 'invalid_grant',
        error_description: 'PKCE or redirect_uri mismatch',
      });
    const nonce = provider.lie.nonce ?? code.nonce;
    const idToken = await new SignJWT({
      email: code.person.email,
      email_verified: code.person.emailVerified,
      ...(code.person.name ? { name: code.person.name } : {}),
      ...(nonce ? { nonce } : {}),
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'provider-key' })
      .setIssuer(issuer)
      .setAudience(code.clientId)
      .setSubject(code.person.subject)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(provider.lie.unpublishedKey ? strayKey.privateKey : signingKey.privateKey);
    sendJson(response, 200, {
      access_token: randomBytes(16).toString('hex'),
      token_type: 'Bearer',
      expires_in: 300,
      id_token: idToken,
    });
  }

  return provider;
}
