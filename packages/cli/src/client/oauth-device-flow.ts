import { ConnectionError } from './api-error.js';

/** The OAuth client the server knows the CLI as (`PLATFORM_OAUTH_CLIENT_ID` overrides it). */
export const defaultOAuthClientId = 'platform-cli';

const deviceCodeGrantType = 'urn:ietf:params:oauth:grant-type:device_code';

export interface OAuthClientSettings {
  apiUrl: string;
  clientId: string;
  clientSecret: string | null;
  scope: string | null;
  userAgent: string;
  fetch: typeof fetch;
}

export interface DeviceCode {
  deviceCode: string;
  userCode: string;
  verificationUri: string;
  verificationUriComplete: string | null;
  expiresInSeconds: number;
  intervalSeconds: number;
}

export interface OAuthTokens {
  accessToken: string;
  refreshToken: string | null;
  tenantUrl: string | null;
}

/** A refusal of the OAuth endpoints (`{error, error_description}`), or an answer that is not theirs. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    description: string,
  ) {
    super(description ? `${error}: ${description}` : error);
    this.name = 'OAuthError';
  }
}

export function oauthSettingsFromEnvironment(
  environment: NodeJS.ProcessEnv,
): Pick<OAuthClientSettings, 'clientId' | 'clientSecret' | 'scope'> {
  return {
    clientId: environment.PLATFORM_OAUTH_CLIENT_ID?.trim() || defaultOAuthClientId,
    clientSecret: environment.PLATFORM_OAUTH_CLIENT_SECRET?.trim() || null,
    scope: environment.PLATFORM_OAUTH_SCOPE?.trim() || null,
  };
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** A form-encoded POST (these endpoints are not JSON), answered with JSON either way. */
async function postForm(
  settings: OAuthClientSettings,
  path: string,
  fields: Record<string, string | null>,
): Promise<Record<string, unknown>> {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) if (value !== null) form.set(name, value);
  let response: Response;
  try {
    response = await settings.fetch(`${settings.apiUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        'user-agent': settings.userAgent,
      },
      body: form.toString(),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    throw new ConnectionError(settings.apiUrl, error);
  }
  const body: unknown = await response.json().catch(() => null);
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  if (!response.ok) {
    throw new OAuthError(
      text(record.error) ?? `POST ${path} failed with ${response.status}`,
      text(record.error_description) ?? text(record.message) ?? '',
    );
  }
  return record;
}

export async function requestDeviceCode(settings: OAuthClientSettings): Promise<DeviceCode> {
  const body = await postForm(settings, '/auth/device/code', {
    client_id: settings.clientId,
    scope: settings.scope,
    client_secret: settings.clientSecret,
  });
  const deviceCode = text(body.device_code);
  const userCode = text(body.user_code);
  const verificationUri = text(body.verification_uri);
  if (!deviceCode || !userCode || !verificationUri)
    throw new OAuthError('invalid_response', 'the server sent no device code');
  return {
    deviceCode,
    userCode,
    verificationUri,
    verificationUriComplete: text(body.verification_uri_complete),
    expiresInSeconds: typeof body.expires_in === 'number' ? body.expires_in : 900,
    intervalSeconds: typeof body.interval === 'number' ? body.interval : 5,
  };
}

function tokensOf(body: Record<string, unknown>): OAuthTokens {
  const accessToken = text(body.accessToken) ?? text(body.access_token);
  if (!accessToken) throw new OAuthError('invalid_response', 'the server sent no access token');
  return {
    accessToken,
    refreshToken: text(body.refreshToken) ?? text(body.refresh_token),
    tenantUrl: text(body.tenantUrl),
  };
}

/**
 * Polls the token endpoint until the person answers (RFC 8628 §3.4–3.5): `authorization_pending` waits
 * an interval, `slow_down` lengthens it by 5 seconds, anything else ends the sign-in.
 */
export async function pollDeviceToken(
  settings: OAuthClientSettings,
  code: DeviceCode,
  sleep: (milliseconds: number) => Promise<void> = (milliseconds) =>
    new Promise((resolve) => setTimeout(resolve, milliseconds)),
): Promise<OAuthTokens> {
  const deadline = Date.now() + code.expiresInSeconds * 1000;
  let intervalSeconds = code.intervalSeconds;
  for (;;) {
    await sleep(intervalSeconds * 1000);
    try {
      return tokensOf(
        await postForm(settings, '/auth/device/token', {
          grant_type: deviceCodeGrantType,
          device_code: code.deviceCode,
          client_id: settings.clientId,
        }),
      );
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      if (error.error === 'slow_down') intervalSeconds += 5;
      else if (error.error !== 'authorization_pending') throw error;
      if (Date.now() >= deadline)
        throw new OAuthError('expired_token', 'the code expired before it was approved');
    }
  }
}

export async function refreshAccessToken(
  settings: OAuthClientSettings,
  refreshToken: string,
): Promise<OAuthTokens> {
  return tokensOf(
    await postForm(settings, '/auth/oauth2/refresh', {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: settings.clientId,
    }),
  );
}
