import { SignInOptions, SignInOptionsQuery } from '../../schemas/sign-in.schema.js';
import { defineOperation } from '../operation.js';

export const getSignInOptions = defineOperation({
  operationId: 'getSignInOptions',
  method: 'GET',
  path: '/auth/sign-in-options',
  tag: 'Auth',
  summary: 'How an account can be signed in to: whether SSO is on (public, for the sign-in page)',
  description:
    'No credential. `sso.enabled` is true when the account has SSO configured and on in its tenant settings; `sso.startUrl` is then `/auth/sso/start` for that account. An unknown account answers SSO off.',
  action: null,
  authScheme: 'none',
  query: SignInOptionsQuery,
  response: SignInOptions,
  errors: ['FORBIDDEN'],
});
