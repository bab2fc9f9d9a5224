import { SignInInput } from '../../schemas/web-session.schema.js';
import { defineOperation } from '../operation.js';

export const signIn = defineOperation({
  operationId: 'signIn',
  method: 'POST',
  path: '/auth/login',
  tag: 'Auth',
  summary: 'Sign in to the web pages with an API key',
  description:
    'Answers 204 with an HTTP-only session cookie (`platform_session`, SameSite=Lax, Secure behind HTTPS) that acts as the API key it was made from, with the same rights, for 12 hours (the key expiring or being deleted ends it sooner). Every management operation accepts the cookie; writes made with it need the header `X-Platform-Csrf: 1` or a same-origin `Origin`. A cross-site `Origin` is refused (403); failed sign-ins from one address are limited (429 with `Retry-After`).',
  action: null,
  successStatus: 204,
  authScheme: 'none',
  body: SignInInput,
  errors: ['FORBIDDEN', 'TOO_MANY_REQUESTS'],
});
