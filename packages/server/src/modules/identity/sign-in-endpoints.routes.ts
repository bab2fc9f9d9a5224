import type { Operations } from '@platform/contract';
import { OAuthProtocolError } from '../../errors/oauth-protocol-error.js';
import type { FormFields, SignInEndpoints } from '../../http/sign-in-endpoints.js';
import type { OperationHandlers } from '../../operation-contexts.js';
import type { DeviceAuthorizationsService } from './device-authorizations.service.js';
import { platformCliClientId } from './device-authorizations.service.js';
import type { IssuedTokens, OAuthTokensService } from './oauth-tokens.service.js';
import type { SsoSignInService } from './sso-sign-in.service.js';
import { webSessionCookie } from './web-session-cookie.js';

const deviceCodeGrantType = 'urn:ietf:params:oauth:grant-type:device_code';

function required(form: FormFields, name: string): string {
  const value = form[name]?.trim();
  if (!value) throw new OAuthProtocolError('invalid_request', `the form field ${name} is missing`);
  return value;
}

function assertGrantType(form: FormFields, expected: string): void {
  const grantType = required(form, 'grant_type');
  if (grantType !== expected)
    throw new OAuthProtocolError(
      'unsupported_grant_type',
      `grant_type must be ${expected}, got "${grantType}"`,
    );
}

/** RFC 6749 §5.1 names, plus the camel-case ones and `tenantUrl` the hosted CLI reads. */
function tokenResponse(tokens: IssuedTokens, tenantUrl: string) {
  return {
    access_token: tokens.accessToken,
    accessToken: tokens.accessToken,
    refresh_token: tokens.refreshToken,
    refreshToken: tokens.refreshToken,
    token_type: 'Bearer',
    expires_in: tokens.expiresInSeconds,
    tenantUrl,
  };
}

/** The OAuth device grant, token refresh and SSO redirects (http/sign-in-endpoints.ts writes them). */
export function signInEndpoints(
  services: {
    deviceAuthorizations: DeviceAuthorizationsService;
    oauthTokens: OAuthTokensService;
    ssoSignIn: SsoSignInService;
  },
  options: { publicUrl: () => string; secureCookies: boolean },
): SignInEndpoints {
  return {
    async deviceCode(form) {
      const verificationUri = `${options.publicUrl()}/device`;
      const grant = await services.deviceAuthorizations.start({
        clientId: required(form, 'client_id'),
        scope: form.scope?.trim() || null,
      });
      return {
        device_code: grant.deviceCode,
        user_code: grant.userCode,
        verification_uri: verificationUri,
        verification_uri_complete: `${verificationUri}?user_code=${grant.userCode}`,
        expires_in: grant.expiresInSeconds,
        interval: grant.intervalSeconds,
      };
    },
    async deviceToken(form) {
      assertGrantType(form, deviceCodeGrantType);
      const tokens = await services.deviceAuthorizations.redeem({
        deviceCode: required(form, 'device_code'),
        clientId: required(form, 'client_id'),
      });
      return tokenResponse(tokens, options.publicUrl());
    },
    async refreshToken(form) {
      assertGrantType(form, 'refresh_token');
      const clientId = form.client_id?.trim();
      if (clientId && clientId !== platformCliClientId)
        throw new OAuthProtocolError('invalid_client', `unknown client_id "${clientId}"`);
      const tokens = await services.oauthTokens.refresh(required(form, 'refresh_token'));
      return tokenResponse(tokens, options.publicUrl());
    },
    async ssoStart(query) {
      return { location: await services.ssoSignIn.start(query.account, query.next) };
    },
    async ssoCallback(query, client) {
      const parameters = new URLSearchParams();
      for (const [name, value] of Object.entries(query)) if (value !== undefined) parameters.set(name, value);
      const { session, nextPath } = await services.ssoSignIn.finish(parameters);
      const isSecure = options.secureCookies || client.isHttps;
      return { location: nextPath, setCookie: webSessionCookie(session, { isSecure }) };
    },
  };
}

type SignInOperations = Pick<Operations, 'decideDeviceAuthorization' | 'getSignInOptions'>;

export function signInRoutes(services: {
  deviceAuthorizations: DeviceAuthorizationsService;
  ssoSignIn: SsoSignInService;
}): OperationHandlers<SignInOperations> {
  return {
    decideDeviceAuthorization: ({ body, context }) =>
      services.deviceAuthorizations.decide(context.principal, body.userCode, body.decision === 'approve'),
    getSignInOptions: async ({ query }) => ({ sso: await services.ssoSignIn.options(query.account) }),
  };
}
