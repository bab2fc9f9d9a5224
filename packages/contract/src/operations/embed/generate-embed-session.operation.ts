import { EmbedSession, GenerateEmbedSessionInput } from '../../schemas/embed.schema.js';
import { defineOperation } from '../operation.js';

export const generateEmbedSession = defineOperation({
  operationId: 'generateEmbedSession',
  method: 'POST',
  path: '/api/v1/embed/generate-session',
  tag: 'Embed',
  summary: 'Generate an embed session for one user of your application (exchange it within 10 minutes)',
  description:
    'The host application calls this from its server for each signed-in customer, then hands the `sessionId` to the embed page, which exchanges it once for an embed token (`POST /api/v1/embed/session/token`). ' +
    'Send exactly one of `externalId` (a user of your application: an external user, ephemeral unless `isEphemeral: false`, which counts against the tenant setting `externalUsersLimit` shared with the Chat API) and `internalId` (the e-mail of an active account user, whose own role applies). ' +
    "The embed tenant is created on first use; `tenantGroupDefinitions` create its missing groups; `tenantGroups` replaces the user's memberships in the tenant (an unknown group name is a 400 and nothing is written). " +
    "Defaults: `settings.showDashboardChat` and `settings.locale` from the tenant setting `appConfig.embedding` (the locale else `defaultLocale`), `settings.timezone` from `defaultTimezone`, `branchName` the deployment's deploy branch. " +
    '403 when the tenant setting `embedding.enabled` is false; `ephemeralTtlSeconds` was removed (400).',
  action: 'EmbedManage',
  body: GenerateEmbedSessionInput,
  response: EmbedSession,
  errors: ['FORBIDDEN', 'NOT_FOUND'],
});
