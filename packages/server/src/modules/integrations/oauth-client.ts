import type { OAuthIntegrationType } from '@platform/contract';
import * as oauth from 'oauth4webapi';
import { AppError } from '../../errors/app-error.js';

/** An integration as the protocol needs it: its client secret decrypted. */
export interface OAuthClientSettings {
  id: number;
  name: string;
  type: OAuthIntegrationType;
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  revocationUrl: string | null;
  scopes: readonly string[];
}

/** What a token endpoint granted. */
export interface GrantedTokens {
  accessToken: string;
  /** Null when the provider gave none (a refresh that rotates nothing keeps the one it has). */
  refreshToken: string | null;
  expiresAt: Date | null;
  /** Null when the provider did not say: RFC 6749 5.1, the scopes asked for were granted. */
  scopes: string[] | null;
}

/**
 * The provider answered with an OAuth error (RFC 6749 5.2, e.g. `invalid_grant`): it refused, which is
 * not the same as being unreachable.
 */
export class OAuthRefusal extends Error {
  constructor(
    readonly error: string,
    readonly description: string | undefined,
  ) {
    super(description ? `${error} (${description})` : error);
    this.name = 'OAuthRefusal';
  }
}

const requestTimeoutMilliseconds = 10_000;

function serverOf(settings: OAuthClientSettings): oauth.AuthorizationServer {
  return {
    // An integration names endpoints, not an issuer (no discovery): the token endpoint's origin stands
    // for one, which only the library's own bookkeeping reads.
    issuer: new URL(settings.tokenUrl).origin,
    authorization_endpoint: settings.authorizationUrl,
    token_endpoint: settings.tokenUrl,
    ...(settings.revocationUrl ? { revocation_endpoint: settings.revocationUrl } : {}),
  };
}

/** GitHub reads the client's credentials from the body only; RFC 6749 2.3.1 makes Basic the default. */
function clientAuthenticationOf(settings: OAuthClientSettings): oauth.ClientAuth {
  return settings.type === 'github'
    ? oauth.ClientSecretPost(settings.clientSecret)
    : oauth.ClientSecretBasic(settings.clientSecret);
}

function requestOptionsFor(url: string) {
  return {
    signal: AbortSignal.timeout(requestTimeoutMilliseconds),
    // Integrations accept http endpoints (a provider inside the operator's network); the library refuses
    // them unless told.
    [oauth.allowInsecureRequests]: url.startsWith('http:'),
  };
}

/** The library's errors, turned into a refusal or an AppError naming the endpoint; never its cause. */
function failureOf(error: unknown, endpoint: string): Error {
  if (error instanceof oauth.ResponseBodyError) return new OAuthRefusal(error.error, error.error_description);
  if (error instanceof oauth.WWWAuthenticateChallengeError) {
    return new AppError(
      'BAD_GATEWAY',
      `${endpoint} refused the client's credentials (status ${error.status}): check the integration's clientId and clientSecret`,
    );
  }
  // The library's own checks of an answer (a missing access_token, not JSON) say what is wrong without
  // quoting the answer; anything else is the network (refused, timed out).
  const reason = error instanceof Error ? error.message : String(error);
  const isAnswer = error instanceof oauth.OperationProcessingError;
  return new AppError(
    'BAD_GATEWAY',
    isAnswer
      ? `${endpoint} answered with something that is not a valid OAuth response: ${reason}`
      : `could not reach ${endpoint}: ${reason}`,
  );
}

async function tokenRequest(
  settings: OAuthClientSettings,
  send: () => Promise<Response>,
  process: (response: Response) => Promise<oauth.TokenEndpointResponse>,
): Promise<GrantedTokens> {
  let granted: oauth.TokenEndpointResponse;
  try {
    granted = await process(await send());
  } catch (error) {
    throw failureOf(error, `the token endpoint ${settings.tokenUrl}`);
  }
  return {
    accessToken: granted.access_token,
    refreshToken: granted.refresh_token ?? null,
    expiresAt: granted.expires_in === undefined ? null : new Date(Date.now() + granted.expires_in * 1000),
    scopes: granted.scope === undefined ? null : granted.scope.split(' ').filter((scope) => scope !== ''),
  };
}

/** A fresh PKCE pair (RFC 7636, S256) and state for one authorization request. */
export async function newAuthorizationSecrets() {
  const codeVerifier = oauth.generateRandomCodeVerifier();
  return {
    codeVerifier,
    codeChallenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
    state: oauth.generateRandomState(),
  };
}

/** Where to send the user's browser (RFC 6749 4.1.1 with the PKCE challenge of RFC 7636 4.3). */
export function authorizationUrlOf(
  settings: OAuthClientSettings,
  request: { redirectUri: string; state: string; codeChallenge: string },
): string {
  const url = new URL(settings.authorizationUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', settings.clientId);
  url.searchParams.set('redirect_uri', request.redirectUri);
  if (settings.scopes.length > 0) url.searchParams.set('scope', settings.scopes.join(' '));
  url.searchParams.set('state', request.state);
  url.searchParams.set('code_challenge', request.codeChallenge);
  url.searchParams.set('code_challenge_method', 'S256');
  // Google issues a refresh token only for offline access, and again only with consent asked anew.
  if (settings.type === 'google') {
    url.searchParams.set('access_type', 'offline');
    url.searchParams.set('prompt', 'consent');
  }
  return url.toString();
}

/**
 * Checks the provider's answer (RFC 6749 4.1.2: an error, or a code for this state) and exchanges the
 * code at the token endpoint with the PKCE verifier.
 */
export async function exchangeAuthorizationCode(
  settings: OAuthClientSettings,
  callback: { parameters: URLSearchParams; state: string; redirectUri: string; codeVerifier: string },
): Promise<GrantedTokens> {
  const server = serverOf(settings);
  const client = { client_id: settings.clientId };
  let parameters: URLSearchParams;
  try {
    parameters = oauth.validateAuthResponse(server, client, callback.parameters, callback.state);
  } catch (error) {
    if (error instanceof oauth.AuthorizationResponseError) {
      throw new OAuthRefusal(error.error, error.error_description);
    }
    throw new AppError(
      'BAD_REQUEST',
      `the provider's answer is not a valid authorization response: ${String(error)}`,
    );
  }
  return tokenRequest(
    settings,
    () =>
      oauth.authorizationCodeGrantRequest(
        server,
        client,
        clientAuthenticationOf(settings),
        parameters,
        callback.redirectUri,
        callback.codeVerifier,
        requestOptionsFor(settings.tokenUrl),
      ),
    (response) => oauth.processAuthorizationCodeResponse(server, client, response),
  );
}

/** RFC 6749 6: a new access token (and perhaps a new refresh token) for a refresh token. */
export function refreshAccessToken(
  settings: OAuthClientSettings,
  refreshToken: string,
): Promise<GrantedTokens> {
  const server = serverOf(settings);
  const client = { client_id: settings.clientId };
  return tokenRequest(
    settings,
    () =>
      oauth.refreshTokenGrantRequest(
        server,
        client,
        clientAuthenticationOf(settings),
        refreshToken,
        requestOptionsFor(settings.tokenUrl),
      ),
    (response) => oauth.processRefreshTokenResponse(server, client, response),
  );
}

/** RFC 7009: tells the provider the token is no longer wanted (a refresh token ends the whole grant). */
export async function revokeToken(
  settings: OAuthClientSettings & { revocationUrl: string },
  token: { value: string; type: 'refresh_token' | 'access_token' },
): Promise<void> {
  const server = serverOf(settings);
  try {
    const response = await oauth.revocationRequest(
      server,
      { client_id: settings.clientId },
      clientAuthenticationOf(settings),
      token.value,
      {
        ...requestOptionsFor(settings.revocationUrl),
        additionalParameters: { token_type_hint: token.type },
      },
    );
    await oauth.processRevocationResponse(response);
  } catch (error) {
    throw failureOf(error, `the revocation endpoint ${settings.revocationUrl}`);
  }
}
