import { defineOperation } from '../operation.js';

export const signOut = defineOperation({
  operationId: 'signOut',
  method: 'POST',
  path: '/auth/logout',
  tag: 'Auth',
  summary: 'Sign out of the web pages',
  description:
    'With the session cookie: ends that session and clears the cookie (204). With an API key: ends every web session opened with that key.',
  action: null,
  successStatus: 204,
  errors: ['FORBIDDEN'],
});
