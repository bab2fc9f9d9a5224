import { EmbedSessionTokenInput, EmbedToken } from '../../schemas/embed.schema.js';
import { defineOperation } from '../operation.js';

export const exchangeEmbedSessionToken = defineOperation({
  operationId: 'exchangeEmbedSessionToken',
  method: 'POST',
  path: '/api/v1/embed/session/token',
  tag: 'Embed',
  summary: 'Exchange an embed session for its embed token (once; no credential)',
  description:
    'No credential: the session id is the secret. Each session is exchanged once, within 10 minutes of its generation, for a JWT valid 24 hours that the embed page sends with its requests (and the Chat API takes in `X-Platform-Auth-Token`). ' +
    'An unknown, already exchanged or expired session is a 401 (one answer for the three, so a session id cannot be probed); 403 when the account turned embedding off since.',
  action: null,
  authScheme: 'none',
  body: EmbedSessionTokenInput,
  response: EmbedToken,
  errors: ['FORBIDDEN'],
});
