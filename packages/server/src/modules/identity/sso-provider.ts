import { createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from 'jose';
import * as oauth from 'oauth4webapi';
import { AppError } from '../../errors/app-error.js';

/** The account's OpenID Connect provider, as its tenant settings name it (`sso`). */
export interface SsoSettings {
  enabled: boolean;
  issuerUrl: string | null;
  clientId: string | null;
  /** Decrypted: only the code exchange sees it. */
  clientSecret: string | null;
  allowUserCreation: boolean;
  defaultRole: 'viewer' | 'developer' | 'admin';
}

export interface SsoClient {
  issuerUrl: string;
  clientId: string;
  clientSecret: string | null;
}

export interface AuthorizationRequest {
  codeVerifier: string;
  state: string;
  nonce: string;
}

export interface VerifiedIdentity {
  email: string;
  name: string | null;
}

const discoverySeconds = 5 * 60;

/** Plain http is allowed for a provider on this machine only (a local provider in development and tests). */
function isLoopback(url: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) || url.hostname.startsWith('127.');
}

/** The provider's own OAuth error (`invalid_grant: the code expired`) when it sent one, else the cause. */
function failed(message: string, error?: unknown): AppError {
  if (error instanceof oauth.ResponseBodyError || error instanceof oauth.AuthorizationResponseError) {
    const description = error.error_description ? ` (${error.error_description})` : '';
    return new AppError('UNAUTHORIZED', `${message}: ${error.error}${description}`);
  }
  const reason = error instanceof Error ? `: ${error.message}` : '';
  return new AppError('UNAUTHORIZED', `${message}${reason}`);
}

/**
 * The OpenID Connect relying party (authorization code + PKCE S256 + state + nonce), all protocol work
 * done by oauth4webapi; the ID token's signature is checked against the provider's JWKS with jose.
 */
export class SsoProvider {
  private readonly discovered = new Map<string, { server: oauth.AuthorizationServer; until: number }>();
  private readonly keySets = new Map<string, JWTVerifyGetKey>();

  /** `redirectUri` is read per sign-in: the public URL is known only once the server listens. */
  constructor(private readonly redirectUriOf: () => string) {}

  async authorizationUrl(client: SsoClient, request: AuthorizationRequest): Promise<string> {
    const server = await this.discover(client.issuerUrl);
    if (!server.authorization_endpoint)
      throw new AppError('CONFLICT', `the SSO provider ${client.issuerUrl} names no authorization endpoint`);
    const url = new URL(server.authorization_endpoint);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', client.clientId);
    url.searchParams.set('redirect_uri', this.redirectUriOf());
    url.searchParams.set('scope', 'openid email profile');
    url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(request.codeVerifier));
    url.searchParams.set('code_challenge_method', 'S256');
    url.searchParams.set('state', request.state);
    url.searchParams.set('nonce', request.nonce);
    return url.href;
  }

  /** The callback's code exchanged and its ID token validated (issuer, audience, nonce, expiry, signature). */
  async complete(
    client: SsoClient,
    request: AuthorizationRequest,
    callbackParameters: URLSearchParams,
  ): Promise<VerifiedIdentity> {
    const server = await this.discover(client.issuerUrl);
    const oauthClient: oauth.Client = { client_id: client.clientId };
    const options = this.options(client.issuerUrl);
    let parameters: URLSearchParams;
    try {
      parameters = oauth.validateAuthResponse(server, oauthClient, callbackParameters, request.state);
    } catch (error) {
      throw failed('the SSO provider refused the sign-in', error);
    }
    let idToken: string;
    try {
      const response = await oauth.authorizationCodeGrantRequest(
        server,
        oauthClient,
        this.clientAuthentication(server, client),
        parameters,
        this.redirectUriOf(),
        request.codeVerifier,
        options,
      );
      const result = await oauth.processAuthorizationCodeResponse(server, oauthClient, response, {
        expectedNonce: request.nonce,
        requireIdToken: true,
      });
      idToken = result.id_token as string;
    } catch (error) {
      throw failed('the SSO provider did not complete the sign-in', error);
    }
    if (!server.jwks_uri) throw failed(`the SSO provider ${client.issuerUrl} names no jwks_uri`);
    let claims: Record<string, unknown>;
    try {
      ({ payload: claims } = await jwtVerify(idToken, this.keySetOf(server.jwks_uri), {
        issuer: server.issuer,
        audience: client.clientId,
      }));
    } catch (error) {
      throw failed('the ID token of the SSO provider is not valid', error);
    }
    const email = typeof claims.email === 'string' ? claims.email.trim() : '';
    if (!email || claims.email_verified !== true)
      throw failed('the SSO provider did not give a verified e-mail address for this person');
    return { email, name: typeof claims.name === 'string' ? claims.name : null };
  }

  private async discover(issuerUrl: string): Promise<oauth.AuthorizationServer> {
    const cached = this.discovered.get(issuerUrl);
    if (cached && cached.until > Date.now()) return cached.server;
    const issuer = new URL(issuerUrl);
    let server: oauth.AuthorizationServer;
    try {
      const response = await oauth.discoveryRequest(issuer, {
        algorithm: 'oidc',
        ...this.options(issuerUrl),
      });
      server = await oauth.processDiscoveryResponse(issuer, response);
    } catch (error) {
      throw new AppError(
        'CONFLICT',
        `the SSO provider ${issuerUrl} could not be discovered: ${String(error)}`,
      );
    }
    this.discovered.set(issuerUrl, { server, until: Date.now() + discoverySeconds * 1000 });
    return server;
  }

  private keySetOf(jwksUri: string): JWTVerifyGetKey {
    let keySet = this.keySets.get(jwksUri);
    if (!keySet) {
      keySet = createRemoteJWKSet(new URL(jwksUri));
      this.keySets.set(jwksUri, keySet);
    }
    return keySet;
  }

  private options(issuerUrl: string) {
    return isLoopback(new URL(issuerUrl)) ? { [oauth.allowInsecureRequests]: true } : {};
  }

  /** client_secret_basic unless the provider lists only client_secret_post; a public client sends none. */
  private clientAuthentication(server: oauth.AuthorizationServer, client: SsoClient): oauth.ClientAuth {
    if (client.clientSecret === null) return oauth.None();
    const methods = server.token_endpoint_auth_methods_supported;
    return methods && !methods.includes('client_secret_basic') && methods.includes('client_secret_post')
      ? oauth.ClientSecretPost(client.clientSecret)
      : oauth.ClientSecretBasic(client.clientSecret);
  }
}
